// `npm run db:migrate`: applies pending migrations (start-up does this too), under the same lock
// as start-up, so it is safe next to starting servers (on the embedded database: the running
// shop's server, or one started for the command).

import { openDatabase } from '../db/client.ts';
import { databaseServer, isStartRefusal } from '../db/embedded-postgres.ts';
import { loadConfig } from '../lib/config.ts';

const config = loadConfig();
const server = await databaseServer(config, 'join').catch((e: unknown) => {
  if (!isStartRefusal(e)) throw e;
  console.error(e.message);
  process.exit(1);
});
const database = await openDatabase({ url: server.url, poolSize: 1 });
try {
  await database.migrate();
} finally {
  await database.close();
  await server.stop();
}
console.log('Migrations applied.');
