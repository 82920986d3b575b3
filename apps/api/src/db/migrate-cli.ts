// `npm run db:migrate`: applies pending migrations (start-up does this too).
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
});
await database.migrate();
await database.close();
console.log('Migrations applied.');
