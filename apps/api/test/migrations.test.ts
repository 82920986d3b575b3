import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';

// The schema (src/db/schema.ts) and the SQL migrations must describe one database: drizzle-kit
// diffs the schema against the newest snapshot in migrations/meta, so a schema change without its
// migration, or a hand-written migration without its snapshot, breaks the next `npm run db:generate`.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const migrations = join(root, 'apps/api/src/db/migrations');
const schemaFile = 'apps/api/src/db/schema.ts';
const drizzleKit = join(root, 'node_modules/drizzle-kit/bin.cjs');
const run = promisify(execFile);

const drizzleKitRun = (args: string[]) =>
  run(process.execPath, [drizzleKit, ...args, '--dialect', 'postgresql', '--schema', schemaFile], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

type Journal = { entries: { idx: number; when: number; tag: string }[] };
const journal = (): Journal => JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8'));

describe('migrations and schema', () => {
  it('drizzle-kit generate finds no change on the schema as committed', { timeout: 60_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'clubshop-migrations-'));
    temps.push(out);
    cpSync(migrations, out, { recursive: true });
    // drizzle-kit reads --out relative to the working directory, even an absolute one.
    const { stdout } = await drizzleKitRun(['generate', '--out', relative(root, out)]);
    const written = readdirSync(out)
      .filter((f) => f.endsWith('.sql') && !readdirSync(migrations).includes(f))
      .map((f) => `${f}:\n${readFileSync(join(out, f), 'utf8')}`);
    expect(written.join('\n'), 'schema.ts holds changes no migration makes').toBe('');
    expect(stdout).toContain('No schema changes');
  });

  it('the journal lists every SQL file once, in the order the migrator applies them', () => {
    const { entries } = journal();
    const files = readdirSync(migrations)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.slice(0, -4));
    expect(entries.map((e) => e.tag).sort()).toEqual(files.sort());
    // The migrator applies a migration only when its `when` is later than the last applied one's:
    // a new migration stamped earlier than the newest would be skipped on existing databases.
    for (let i = 1; i < entries.length; i++) {
      expect(
        entries[i]!.when,
        `${entries[i]!.tag} must be stamped after ${entries[i - 1]!.tag}`,
      ).toBeGreaterThan(entries[i - 1]!.when);
    }
  });
});

/**
 * What the migrations made that drizzle cannot describe (see the note above `products` in the
 * schema): the generated search column and the indexes with INCLUDE or on it.
 */
const SQL_ONLY = new Set([
  'column products.search_name',
  'index products_storefront',
  'index product_photos_first',
  'index products_search_fts',
  'index products_search_trgm',
]);

/** Tables, columns, constraints and indexes of the public schema, one line each. */
const describeDatabase = async (client: pg.Client): Promise<Map<string, string>> => {
  const rows = new Map<string, string>();
  const columns = await client.query(`
    SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, generation_expression
    FROM information_schema.columns WHERE table_schema = 'public'`);
  for (const c of columns.rows) {
    const { table_name, column_name, ...rest } = c;
    rows.set(`column ${table_name}.${column_name}`, JSON.stringify(rest));
  }
  const constraints = await client.query(`
    SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace`);
  for (const c of constraints.rows) rows.set(`constraint ${c.tbl}.${c.conname}`, c.def);
  const indexes = await client.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'`,
  );
  for (const i of indexes.rows) rows.set(`index ${i.indexname}`, i.indexdef);
  return rows;
};

// The run's PostgreSQL: TEST_DATABASE_URL's server or the embedded one global-setup started.
const serverUrl = inject('adminUrl');

describe('the migrated database against the schema', () => {
  const name = `clubshop_mig_${process.pid}`;
  const dbUrl = (db: string) => {
    const u = new URL(serverUrl);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const admin = new pg.Client({ connectionString: serverUrl });

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}_migrated`);
    await admin.query(`DROP DATABASE IF EXISTS ${name}_schema`);
    await admin.end();
  });

  it('has the same tables, columns, constraints and indexes as one made from schema.ts', {
    timeout: 60_000,
  }, async () => {
    await admin.connect();
    for (const db of [`${name}_migrated`, `${name}_schema`]) {
      await admin.query(`DROP DATABASE IF EXISTS ${db}`);
      await admin.query(`CREATE DATABASE ${db}`);
    }
    const migrated = new pg.Client({ connectionString: dbUrl(`${name}_migrated`) });
    const fromSchema = new pg.Client({ connectionString: dbUrl(`${name}_schema`) });
    await migrated.connect();
    await fromSchema.connect();
    try {
      await migrate(drizzle(migrated), { migrationsFolder: migrations });
      // The DDL drizzle-kit would write for the schema into an empty database.
      const { stdout } = await drizzleKitRun(['export']);
      await fromSchema.query(stdout);

      const a = await describeDatabase(migrated);
      const b = await describeDatabase(fromSchema);
      const differences: string[] = [];
      for (const key of new Set([...a.keys(), ...b.keys()])) {
        if (SQL_ONLY.has(key)) continue;
        if (a.get(key) !== b.get(key)) {
          differences.push(`${key}\n  migrations: ${a.get(key) ?? '-'}\n  schema.ts:  ${b.get(key) ?? '-'}`);
        }
      }
      expect(differences.join('\n')).toBe('');
      // The SQL-only objects do exist, so the list above names nothing that is gone.
      for (const key of SQL_ONLY) expect(a.has(key), key).toBe(true);
      expect(a.size).toBeGreaterThan(300);
    } finally {
      await migrated.end();
      await fromSchema.end();
    }
  });
});
