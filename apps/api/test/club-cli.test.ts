import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fillMessage, msg } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClubInputError, createClub, listClubs, parseClubArgs, validateClubInput } from '../src/cli/club.ts';
import { readableMail } from './fixtures/mail.ts';
import { panelHeaders, panelLogin } from './fixtures/panel.ts';
import { DIST_DIR, missingBuild, REPO_ROOT, spawnServer } from './fixtures/spawn-server.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { TEST_HASH_COST } from './passwords.ts';

const S = '/api/centauri/sklepyonline';
const C = '/api/cms/stronyfrontend';
const run = promisify(execFile);

const refusal = (fn: () => unknown, message: string) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ClubInputError);
    expect((err as Error).message).toBe(message);
    return;
  }
  throw new Error('not refused');
};

describe('club CLI: a new club from the command line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  const opts = () => ({ publicUrl: t.config.publicUrl, passwordCost: TEST_HASH_COST, invite: false });

  it('creates a club whose storefront and panel answer at once, with an empty catalogue', async () => {
    const club = await createClub(
      t.app.db,
      { alias: 'Orly', name: 'KS Orły', domain: 'orly.localhost' },
      opts(),
    );
    expect(club).toMatchObject({
      alias: 'orly',
      invited: false,
      owner: { email: 'wlasciciel@orly.localhost' },
    });
    expect(club.owner.password).toMatch(/^.{12,}$/);
    const expected = new URL(t.config.publicUrl);
    expected.hostname = 'orly.localhost';
    expect(club.storefrontUrl).toBe(expected.toString().replace(/\/$/, ''));

    const get = async (path: string, init: Parameters<TestApp['fetch']>[1] = { org: 'orly' }) => {
      const res = await t.fetch(path, init);
      const text = await res.text();
      expect(res.status, `${path}: ${text}`).toBe(200);
      return JSON.parse(text);
    };
    expect(await get(`${S}/getProdukty/0/10`)).toEqual([]);
    expect(await get(`${S}/pobierzKatalogi`)).toEqual([]);
    const shipping = (await get(`${S}/getwysylki`)) as { Tresc: string }[];
    expect(shipping.map((s) => s.Tresc)).toEqual(['Kurier', 'Paczkomat InPost', 'Odbiór osobisty']);
    // Content calls find the club by its domain (X-Origin), as the storefront sends them.
    const settings = await get(`${C}/get`, { org: null, headers: { 'x-origin': 'orly.localhost' } });
    expect(JSON.stringify(settings)).toContain('KS Orły');
    for (const slug of [
      'regulamin',
      'polityka-prywatnosci',
      'kontakt',
      'tekst-stopka',
      'kontakt-dane',
      'kontakt-rodo',
    ]) {
      await get(`/api/cms/paneletrescifrontend/get/${slug}/20`, {
        org: null,
        headers: { 'x-origin': 'orly.localhost' },
      });
    }
    // The owner logs in to the club's panel with the printed password; another club's session does not work here.
    const owner = await panelLogin(t, {
      org: 'orly',
      email: club.owner.email,
      password: club.owner.password,
    });
    expect(owner.user.Rola).toBe('owner');
    const dash = await owner.fetch('/api/panel/dashboard');
    expect(dash.status).toBe(200);
    expect(await dash.json()).toMatchObject({
      Dzis: { Zamowienia: 0 },
      NiskiStan: [],
      // A new club has no seller yet: the dashboard's checklist names what the law needs first.
      BrakiSprzedawcy: expect.arrayContaining(['nazwa sprzedawcy', 'NIP', 'adres e-mail']),
    });
    expect((await owner.fetch('/api/panel/orders', { org: 'demo' })).status).toBe(403);

    const clubs = await listClubs(t.app.db);
    expect(clubs.find((c) => c.alias === 'orly')).toMatchObject({
      name: 'KS Orły',
      domains: ['orly.localhost'],
      products: 0,
      orders: 0,
    });
    expect(clubs.find((c) => c.alias === 'demo')!.products).toBeGreaterThan(0);
  });

  it('with --email and SMTP, e-mails the owner a set-password link through the queue instead', async () => {
    const club = await createClub(
      t.app.db,
      { alias: 'sokoly', name: 'Sokoły', domain: 'sokoly.localhost', email: 'Prezes@Sokoly.example.pl' },
      { ...opts(), invite: true },
    );
    expect(club).toMatchObject({ invited: true, owner: { email: 'prezes@sokoly.example.pl' } });
    expect(club.owner.password).toBeUndefined();
    const mail = (await t.outbox.messages())
      .map(readableMail)
      .find((m) => m.includes('prezes@sokoly.example.pl'));
    expect(mail).toContain('Ustaw hasło');
    const token = mail!.match(/\/panel\/zaproszenie\/([A-Za-z0-9_-]{20,})/)![1]!;
    // The invited owner cannot log in before accepting; accepting opens the panel.
    await expect(
      panelLogin(t, { org: 'sokoly', email: 'prezes@sokoly.example.pl', password: 'x' }),
    ).rejects.toThrow();
    const accepted = await t.fetch('/api/panel/auth/invite', {
      method: 'POST',
      org: 'sokoly',
      headers: panelHeaders(undefined, 'xsrf-cli'),
      json: { Token: token, Haslo: 'Prezes2026', PowtorzHaslo: 'Prezes2026' },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ Rola: 'owner' });
    await expect(
      panelLogin(t, { org: 'sokoly', email: 'prezes@sokoly.example.pl', password: 'Prezes2026' }),
    ).resolves.toBeTruthy();
  });

  it('takes a domain with a port: stores the host name, prints the address with the port', async () => {
    const base = { alias: 'porty', name: 'Porty', email: 'prezes@porty.example.pl' };
    expect(validateClubInput({ ...base, domain: ' Porty.Localhost:3300 ' })).toEqual({
      ...base,
      domain: 'porty.localhost',
      port: 3300,
    });
    // Like the panel's domains: a trailing dot dropped, a Polish name as DNS has it.
    expect(validateClubInput({ ...base, domain: 'sokół.localhost.:8080' })).toMatchObject({
      domain: 'xn--sok-ina90b.localhost',
      port: 8080,
    });
    for (const domain of [
      'porty.localhost:0',
      'porty.localhost:70000',
      'porty.localhost:',
      'porty.localhost:ab',
    ])
      refusal(() => validateClubInput({ ...base, domain }), msg.clubDomainInvalid);

    const club = await createClub(t.app.db, { ...base, domain: 'porty.localhost:3300' }, opts());
    const expected = new URL(t.config.publicUrl);
    expected.host = 'porty.localhost:3300';
    expect(club.storefrontUrl).toBe(expected.toString().replace(/\/$/, ''));
    expect((await listClubs(t.app.db)).find((c) => c.alias === 'porty')?.domains).toEqual([
      'porty.localhost',
    ]);
    // A browser at porty.localhost:3300 sends that Host: the storefront answers as the new club.
    const res = await t.fetch(`${C}/get`, { org: null, headers: { 'x-origin': 'porty.localhost:3300' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { OrganizacjaAlias: string }).OrganizacjaAlias).toBe('porty');
  });

  it('refuses bad input with clear Polish messages', async () => {
    const ok = { alias: 'nowy-klub', name: 'Nowy Klub', domain: 'nowy.example.pl' };
    expect(validateClubInput(ok)).toEqual(ok);
    refusal(() => validateClubInput({ ...ok, alias: 'Zły alias!' }), msg.clubAliasInvalid);
    refusal(() => validateClubInput({ ...ok, alias: '-abc' }), msg.clubAliasInvalid);
    refusal(() => validateClubInput({ ...ok, alias: 'ł' }), msg.clubAliasInvalid);
    refusal(() => validateClubInput({ ...ok, name: '  ' }), msg.clubNameRequired);
    refusal(() => validateClubInput({ ...ok, domain: 'https://x.pl/sklep' }), msg.clubDomainInvalid);
    refusal(() => validateClubInput({ ...ok, email: 'nie-email' }), msg.clubEmailInvalid);
    refusal(() => parseClubArgs(['create', '--alias']), msg.clubUsage);
    refusal(() => parseClubArgs(['usun']), msg.clubUsage);
    refusal(() => parseClubArgs(['create']), msg.clubUsage);
    expect(parseClubArgs(['create', '--alias=a1', '--name', 'N', '--domain', 'd.pl'])).toEqual({
      command: 'create',
      input: { alias: 'a1', name: 'N', domain: 'd.pl' },
    });
    await expect(createClub(t.app.db, { ...ok, alias: 'demo' }, opts())).rejects.toThrow(
      fillMessage(msg.clubAliasTaken, { alias: 'demo' }),
    );
    await expect(
      createClub(t.app.db, { ...ok, domain: 'localhost', email: 'a@b.pl' }, opts()),
    ).rejects.toThrow(fillMessage(msg.clubDomainTaken, { domena: 'localhost' }));
    await expect(createClub(t.app.db, { ...ok, domain: 'localhost:3001' }, opts())).rejects.toThrow(
      fillMessage(msg.clubEmailRequired, { domena: 'localhost' }),
    );
    // The port does not make another domain: clubs are found by host name alone.
    await expect(
      createClub(t.app.db, { ...ok, domain: 'localhost:3300', email: 'a@b.pl' }, opts()),
    ).rejects.toThrow(fillMessage(msg.clubDomainTaken, { domena: 'localhost' }));
    // Nothing half-made was left behind.
    expect((await listClubs(t.app.db)).map((c) => c.alias)).not.toContain('nowy-klub');
  });

  // A process of its own on the test's database.
  it('runs as a command: create prints the password once, list shows the club, errors exit non-zero', async () => {
    const compiled = join(DIST_DIR, 'club-cli.js');
    const entry = existsSync(compiled)
      ? [compiled]
      : ['--import', 'tsx', join(REPO_ROOT, 'apps/api/src/cli/club-cli.ts')];
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'club-cli-')),
      LOG_LEVEL: 'silent',
    };
    const cli = (...args: string[]) => run(process.execPath, [...entry, ...args], { cwd: REPO_ROOT, env });
    const created = await cli(
      'create',
      '--alias',
      'wisla-cli',
      '--name',
      'Wisła CLI',
      '--domain',
      'wisla.localhost',
    );
    expect(created.stdout).toContain('Utworzono klub „wisla-cli”');
    const password = /hasło: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toBeTruthy();
    await panelLogin(t, { org: 'wisla-cli', email: 'wlasciciel@wisla.localhost', password: password! });
    const listed = await cli('list');
    expect(listed.stdout).toMatch(/^wisla-cli\tWisła CLI\twisla\.localhost\tproduktów: 0\tzamówień: 0$/m);
    const again = await cli('create', '--alias', 'wisla-cli', '--name', 'X', '--domain', 'x.localhost').catch(
      (e) => e,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(fillMessage(msg.clubAliasTaken, { alias: 'wisla-cli' }));
    const usage = await cli('create').catch((e) => e);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain(msg.clubUsage);
  }, 60_000);
});

describe.skipIf(Boolean(missingBuild()))('club CLI beside a running shop on the embedded database', () => {
  it("uses the running shop's PostgreSQL: the club it creates is served by that shop at once", async () => {
    const shop = await spawnServer();
    try {
      expect(shop.healthy, shop.output()).toBe(true);
      const env = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: shop.dataDir,
        LOG_LEVEL: 'silent',
      };
      const cli = (...args: string[]) =>
        run(process.execPath, [join(DIST_DIR, 'club-cli.js'), ...args], { cwd: REPO_ROOT, env });
      expect((await cli('list')).stdout).toMatch(/^demo\t/m);
      const created = await cli('create', '--alias', 'obok', '--name', 'Obok', '--domain', 'obok.localhost');
      expect(created.stdout).toContain('Utworzono klub „obok”');
      const res = await fetch(`${shop.url}/api/centauri/sklepyonline/getProdukty/0/8`, {
        headers: { organizacja: 'obok' },
      });
      expect(res.status).toBe(200);
      // The shop still runs its database after the command ended.
      expect(
        (
          await fetch(`${shop.url}/api/centauri/sklepyonline/getProdukty/0/8`, {
            headers: { organizacja: 'demo' },
          })
        ).status,
      ).toBe(200);
    } finally {
      await shop.stop();
    }
  }, 120_000);
});
