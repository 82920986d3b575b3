#!/usr/bin/env node
// Run by `npm run db:generate` after drizzle-kit: the migrator applies a migration only when its
// journal stamp is later than the last applied one's, and the committed stamps run ahead of the
// clock, so drizzle-kit's "now" would be skipped on existing databases. A stamp not after the one
// before it becomes that one plus a day (apps/api/test/migrations.test.ts checks the order).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = join(
  dirname(fileURLToPath(import.meta.url)),
  '../apps/api/src/db/migrations/meta/_journal.json',
);
const journal = JSON.parse(readFileSync(file, 'utf8'));
let changed = false;
for (const [i, entry] of journal.entries.entries()) {
  const before = journal.entries[i - 1];
  if (before && entry.when <= before.when) {
    entry.when = before.when + 86_400_000;
    changed = true;
    console.log(`${entry.tag}: stamped ${entry.when}, after ${before.tag}`);
  }
}
if (changed) writeFileSync(file, `${JSON.stringify(journal, null, 2)}\n`);
