// `npm run club -- create --alias <a> --name <n> --domain <d> [--email <e>]` and `npm run club -- list`:
// runs under the startup lock (like migrations and the seed), after applying pending migrations.
// On the embedded database it uses the server of the shop running on DATA_DIR, or starts it for
// itself when no shop runs.

import { migrateDb, openDatabase } from '../db/client.ts';
import { databaseServer, isStartRefusal } from '../db/embedded-postgres.ts';
import { loadConfig } from '../lib/config.ts';
import { ClubInputError, createClub, listClubs, parseClubArgs } from './club.ts';

const run = async (): Promise<number> => {
  let parsed: ReturnType<typeof parseClubArgs>;
  try {
    parsed = parseClubArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const config = loadConfig();
  let server: Awaited<ReturnType<typeof databaseServer>>;
  try {
    server = await databaseServer(config, 'join', () => {});
  } catch (err) {
    if (!isStartRefusal(err)) throw err;
    console.error(err.message);
    return 1;
  }
  const database = await openDatabase({ url: server.url, poolSize: 1 });
  try {
    return await database.withStartupLock(async (db) => {
      await migrateDb(db);
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
    await server.stop();
  }
};

process.exitCode = await run();
