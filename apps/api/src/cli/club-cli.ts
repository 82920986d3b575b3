// `npm run club -- create --alias <a> --name <n> --domain <d> [--email <e>]` and `npm run club -- list`:
// runs under the startup lock (like migrations and the seed), after applying pending migrations.
// On the embedded database a running shop holds DATA_DIR: the command then says so and stops.
import { fillMessage, msg } from '@club/contract';
import { loadConfig } from '../config.ts';
import { migrateDb, openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { ClubInputError, createClub, listClubs, parseClubArgs } from './club.ts';

/** The database, or null (said in one line) when a running shop holds the embedded one. */
const open = async (config: ReturnType<typeof loadConfig>) => {
  try {
    return await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(fillMessage(msg.clubDataDirBusy, { katalog: config.dataDir }));
    return null;
  }
};

const run = async (): Promise<number> => {
  let parsed: ReturnType<typeof parseClubArgs>;
  try {
    parsed = parseClubArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const config = loadConfig();
  const database = await open(config);
  if (!database) return 1;
  try {
    return await database.withStartupLock(async (db) => {
      await migrateDb(db, database.kind);
      if (parsed.command === 'list') {
        const clubs = await listClubs(db);
        if (!clubs.length) console.log('Brak klubów.');
        for (const c of clubs)
          console.log(
            `${c.alias}\t${c.name}\t${c.domains.join(', ') || '—'}\tproduktów: ${c.products}\tzamówień: ${c.orders}`,
          );
        return 0;
      }
      const club = await createClub(db, parsed.input, {
        publicUrl: config.publicUrl,
        passwordCost: config.passwordHashCost,
        invite: Boolean(config.smtpUrl),
      });
      console.log(
        `Utworzono klub „${club.alias}” (sklep: ${club.storefrontUrl}, panel: ${club.storefrontUrl}/panel).`,
      );
      if (club.invited) {
        console.log(
          `Właściciel: ${club.owner.email}. Wysłano e-mail z linkiem do ustawienia hasła (ważny 24 h).`,
        );
      } else {
        // Printed once and never stored in plain text: write it down now.
        console.log(`Właściciel: ${club.owner.email}, hasło: ${club.owner.password}`);
        console.log('Zapisz to hasło teraz: nie zostanie pokazane ponownie. Zmienisz je w panelu.');
      }
      return 0;
    });
  } catch (err) {
    if (err instanceof ClubInputError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
};

process.exitCode = await run();
