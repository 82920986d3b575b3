// `npm run db:migrate`: applies pending migrations (start-up does this too), under the same lock
// as start-up, so it is safe next to starting servers.
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
});
try {
  await database.migrate();
} finally {
  await database.close();
}
console.log('Migrations applied.');
