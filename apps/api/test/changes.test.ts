// The cross-process change bus (plugins/changes.ts): a panel write's notice reaches every process
// at commit, and the caches that subscribe drop what changed, so the storefront shows it at once.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PANEL_COOKIE } from '@club/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { organisations, productParameters, products } from '../src/db/schema.ts';
import type { ChangeEvent } from '../src/modules/changes/bus.ts';
import { notifyChange } from '../src/modules/changes/notify.ts';
import { startPgListener } from '../src/modules/changes/pg-listener.ts';
import { changesDelivered, sleep, within } from './fixtures/changes.ts';
import { PANEL, PANEL_LOGIN, type PanelClient, panelHeaders, panelLogin } from './fixtures/panel.ts';
import { missingBuild, type SpawnedServer, spawnServer } from './fixtures/spawn-server.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { TEST_PASSWORDS } from './passwords.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  // The second app of a pair shares the first one's database: close it first.
  for (const a of apps.splice(0).reverse()) await a.close();
});
const app = async (options: Parameters<typeof createTestApp>[1] = {}) => {
  const t = await createTestApp({}, options);
  apps.push(t);
  return t;
};

const heard = (t: TestApp, topic: Parameters<TestApp['app']['changes']['subscribe']>[0]) => {
  const events: ChangeEvent[] = [];
  t.app.changes.subscribe(topic, (e) => events.push(e));
  return events;
};

const demoId = async (t: TestApp) => {
  const [org] = await t.app.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.alias, 'demo'));
  return org!.id;
};

describe(`the change bus`, () => {
  it('delivers a notice after the commit only, and never one of a rolled-back write', async () => {
    const t = await app();
    expect(t.app.changes.listening()).toBe(true);
    const content = heard(t, 'content');
    const settings = heard(t, 'settings');
    const any = heard(t, '*');
    await t.app.db.transaction(async (tx) => {
      await notifyChange(tx, { organisationId: 1, topic: 'content' });
      // Still inside the transaction: nobody has heard it.
      await sleep(200);
      expect(content).toEqual([]);
    });
    await within(2_000, () => content.length === 1);
    expect(content).toEqual([{ organisationId: 1, topic: 'content' }]);

    await t.app.db
      .transaction(async (tx) => {
        await notifyChange(tx, { organisationId: 2, topic: 'content' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    // A later committed notice arrives; the rolled-back one never did before it.
    await t.app.db.transaction((tx) => notifyChange(tx, { organisationId: 3, topic: 'content' }));
    await within(2_000, () => content.length === 2);
    await sleep(100);
    expect(content).toEqual([
      { organisationId: 1, topic: 'content' },
      { organisationId: 3, topic: 'content' },
    ]);
    // A topic hears only its own notices; '*' hears all of them.
    expect(settings).toEqual([]);
    expect(any).toEqual(content);
  });

  it('ignores a notice that is not a change, and a failing subscriber does not stop the others', async () => {
    const t = await app();
    t.app.changes.subscribe('settings', () => {
      throw new Error('subscriber bug');
    });
    const settings = heard(t, 'settings');
    await t.app.db.execute(sql`select pg_notify('club_changes', 'not json')`);
    await t.app.db.execute(sql`select pg_notify('club_changes', '{"organisationId":1,"topic":"nope"}')`);
    await t.app.db.transaction((tx) => notifyChange(tx, { organisationId: 1, topic: 'settings' }));
    await within(2_000, () => settings.length === 1);
    expect(settings).toEqual([{ organisationId: 1, topic: 'settings' }]);
  });

  it('stock moves are quiet, but a product or a size selling out or coming back is a catalogue change', async () => {
    const t = await app();
    const orgId = await demoId(t);
    const db = t.app.db;
    const [sized] = await db
      .select({
        productId: productParameters.productId,
        id: productParameters.id,
        stock: productParameters.stock,
      })
      .from(productParameters)
      .where(and(eq(productParameters.organisationId, orgId), gt(productParameters.stock, 2)))
      .limit(1);
    const [plain] = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(and(eq(products.organisationId, orgId), gt(products.stock, 2)))
      .limit(1);
    await changesDelivered(t, 'catalogue');
    const catalogue = heard(t, 'catalogue');
    const quietly = async (write: () => Promise<unknown>) => {
      await write();
      await sleep(300);
      expect(catalogue).toEqual([]);
    };
    const noticed = async (write: () => Promise<unknown>) => {
      await write();
      await within(2_000, () => catalogue.length > 0);
      expect(catalogue.every((e) => e !== 'all' && e.organisationId === orgId)).toBe(true);
      catalogue.length = 0;
    };
    const setProduct = (stock: number) =>
      db.update(products).set({ stock }).where(eq(products.id, plain!.id));
    const setSize = (stock: number) =>
      db.update(productParameters).set({ stock }).where(eq(productParameters.id, sized!.id));

    await quietly(() => setProduct(plain!.stock - 1));
    await noticed(() => setProduct(0));
    await quietly(() => setProduct(0));
    await noticed(() => setProduct(plain!.stock));
    await quietly(() => setSize(sized!.stock - 1));
    await noticed(() => setSize(0));
    await noticed(() => setSize(sized!.stock));
  });

  it("a club's settings changed by another process show at once (the tenant cache holds 10 s)", async () => {
    const a = await app();
    const b = await app({ sameDatabaseAs: a });
    const orgId = await demoId(a);
    const name = async () =>
      ((await (await b.fetch('/api/cms/stronyfrontend/get')).json()) as { Nazwa: string }).Nazwa;
    const before = await name();
    // Changed through A's database with the notice, as a panel write does.
    await a.app.db.transaction(async (tx) => {
      await tx.update(organisations).set({ name: 'Nowa nazwa klubu' }).where(eq(organisations.id, orgId));
      await notifyChange(tx, { organisationId: orgId, topic: 'settings' });
    });
    await within(2_000, async () => (await name()) === 'Nowa nazwa klubu');
    // Without a notice, B keeps its cached club for the cache's lifetime.
    await a.app.db.update(organisations).set({ name: before }).where(eq(organisations.id, orgId));
    await sleep(300);
    expect(await name()).toBe('Nowa nazwa klubu');
  });
});

describe(`panel sessions across processes`, () => {
  it('a logout, a role change or a removal through process A ends the session in process B at once', async () => {
    const a = await app();
    const b = await app({ sameDatabaseAs: a });
    const manager = await panelLogin(a, { role: 'manager' });
    const owner = await panelLogin(a);
    const onB = (c: PanelClient, path = `${PANEL}/auth/me`) =>
      b.fetch(path, { org: c.org, headers: panelHeaders(c.token, c.xsrf) });
    const staffList = `${PANEL}/staff`;
    // B looks both sessions up, and keeps them a few seconds.
    expect((await onB(manager)).status).toBe(200);
    expect((await onB(owner, staffList)).status).toBe(200);

    // The manager is made an owner and back through A: B sees each role at once.
    const setRole = (Rola: string) =>
      owner.fetch(`${PANEL}/staff/${manager.user.Id}`, { method: 'PATCH', json: { Rola } });
    expect((await setRole('owner')).status).toBe(200);
    await within(2_000, async () => (await onB(manager, staffList)).status === 200);
    expect((await setRole('manager')).status).toBe(200);
    await within(2_000, async () => (await onB(manager, staffList)).status === 403);

    // Logged out through A.
    const second = await panelLogin(a, { role: 'manager' });
    expect((await onB(second)).status).toBe(200);
    expect((await second.fetch(`${PANEL}/auth/logout`, { method: 'POST', json: {} })).status).toBe(204);
    await within(2_000, async () => (await onB(second)).status === 401);

    // Removed through A.
    const third = await panelLogin(a, { role: 'manager' });
    expect((await onB(third)).status).toBe(200);
    expect((await owner.fetch(`${PANEL}/staff/${third.user.Id}`, { method: 'DELETE' })).status).toBe(204);
    await within(2_000, async () => (await onB(third)).status === 401);
  });
});

describe('the PostgreSQL listener', () => {
  it('reconnects after its connection is terminated and tells subscribers to drop everything', async () => {
    const t = await app();
    const events = heard(t, 'content');
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      const listener = () =>
        admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'clubshop-changes'`,
        );
      const { rows } = await listener();
      expect(rows).toHaveLength(1);
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await within(5_000, () => events.includes('all'));
      expect(t.app.changes.listening()).toBe(true);
      const again = await listener();
      expect(again.rows).toHaveLength(1);
      expect(again.rows[0]!.pid).not.toBe(rows[0]!.pid);
      // And it hears notices again.
      await t.app.db.transaction((tx) => notifyChange(tx, { organisationId: 1, topic: 'content' }));
      await within(2_000, () => events.some((e) => e !== 'all' && e.organisationId === 1));
    } finally {
      await admin.end();
    }
  });
});

describe('the PostgreSQL listener with the database away at start-up', () => {
  it('keeps retrying with backoff, then listens and tells subscribers to drop everything', async () => {
    const target = new URL(inject('adminUrl'));
    // A port that refuses until the test opens it: the database "comes back".
    let open = false;
    const sockets = new Set<Socket>();
    const proxy = createServer((client) => {
      sockets.add(client);
      if (!open) return client.destroy();
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(upstream);
      client.pipe(upstream).pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close);
      upstream.on('error', close);
    });
    await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
    const port = (proxy.address() as AddressInfo).port;
    const via = new URL(target);
    via.hostname = '127.0.0.1';
    via.port = String(port);
    const events: string[] = [];
    const warnings: string[] = [];
    const listener = await startPgListener({
      client: { connectionString: via.toString() },
      channel: 'club_changes_startup_test',
      onNotice: (payload) => events.push(payload),
      onConnected: (reconnect) => events.push(reconnect ? 'reconnected' : 'connected'),
      log: { info: () => {}, warn: (_o, m) => void warnings.push(m) },
      minDelayMs: 50,
      maxDelayMs: 200,
    });
    const admin = new pg.Client({ connectionString: target.toString() });
    try {
      expect(listener.listening()).toBe(false);
      await sleep(500);
      expect(listener.listening()).toBe(false);
      // Several attempts were refused and logged; none connected.
      expect(warnings.length).toBeGreaterThan(1);
      expect(new Set(warnings)).toEqual(new Set(['changes: could not start listening; retrying']));
      expect(events).toEqual([]);
      open = true;
      await within(3_000, () => listener.listening());
      // Not the first attempt: whatever was cached meanwhile must go.
      expect(events).toEqual(['reconnected']);
      await admin.connect();
      await admin.query(`SELECT pg_notify('club_changes_startup_test', 'hello')`);
      await within(2_000, () => events.includes('hello'));
    } finally {
      await listener.stop();
      await admin.end().catch(() => {});
      for (const s of sockets) s.destroy();
      await new Promise((ok) => proxy.close(ok));
    }
  });
});

const problem = missingBuild();

/** A panel session on a spawned process: the seeded owner of `org` (the test template's password). */
const panelOn = async (base: string, email: string) => {
  const xsrf = randomBytes(18).toString('base64url');
  const res = await fetch(`${base}${PANEL_LOGIN}`, {
    method: 'POST',
    headers: { ...panelHeaders(undefined, xsrf), organizacja: 'demo', 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Haslo: TEST_PASSWORDS.manager }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const token = res.headers
    .getSetCookie()
    .map((c) => c.match(new RegExp(`^${PANEL_COOKIE}=([^;]*)`))?.[1])
    .find(Boolean)!;
  return async <T>(path: string, method = 'GET', body?: unknown): Promise<T> => {
    const r = await fetch(`${base}${PANEL}${path}`, {
      method,
      headers: {
        ...panelHeaders(token, xsrf),
        organizacja: 'demo',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    expect(r.status, `${method} ${path}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  };
};

type Slide = Record<string, unknown> & { Id: number; Nazwa: string; Tresc: string };

describe.skipIf(Boolean(problem))('two shop processes on one PostgreSQL database', () => {
  const servers: SpawnedServer[] = [];
  let databaseName: string | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop(3_000)));
    if (!databaseName) return;
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  });

  it('a banner slide changed through process A appears in the pages and the API of process B within 5 s', async () => {
    databaseName = `clubshop_c_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE ${inject('pgTemplate')}`);
    const url = new URL(inject('adminUrl'));
    url.pathname = `/${databaseName}`;
    await admin.end();
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query<{ email: string; name: string }>(
      `SELECT u.email, o.name FROM users u JOIN organisations o ON o.id = u.organisation_id
        WHERE o.alias = 'demo' AND u.role = 'owner' LIMIT 1`,
    );
    await db.end();
    const { email: ownerEmail, name: shopName } = rows[0]!;
    const start = (name: string) =>
      spawnServer({
        env: {
          DATABASE_URL: url.toString(),
          DATA_DIR: mkdtempSync(join(tmpdir(), `clubshop-changes-${name}-`)),
          RATE_LIMITS: 'off',
        },
        timeoutMs: 60_000,
      });
    const [a, b] = await Promise.all([start('a'), start('b')]);
    servers.push(a, b);
    expect(a.healthy, a.output()).toBe(true);
    expect(b.healthy, b.output()).toBe(true);
    const panelA = await panelOn(a.url, ownerEmail);

    const home = async () => (await fetch(`${b.url}/`)).text();
    const bannerOfB = async () =>
      (await (
        await fetch(`${b.url}/api/cms/panelebaneryfrontend/get/10`, { headers: { organizacja: 'demo' } })
      ).json()) as { Grafiki: Slide[] };
    /** Waits until B's home page shows `text`; how long it took from `since`. */
    const shownBy = async (text: string, since: number) => {
      await within(5_000, async () => (await home()).includes(text));
      return Date.now() - since;
    };

    // B has rendered the home page (and cached what it caches) just before each change.
    expect(await home()).not.toContain('Zmieniono w procesie A');
    const banner = await panelA<{ Grafiki: Slide[] }>('/banners/10');
    const slide = banner.Grafiki[0]!;
    const input = Object.fromEntries(
      [
        'Url',
        'KolorText',
        'BgOpacity',
        'IsKolorMaski',
        'KolorMaski',
        'BanerGrafikaPrzezroczystoscMaski',
        'PolozenieTextX',
        'PolozenieTextY',
      ].map((k) => [k, slide[k]]),
    );
    const changedAt = Date.now();
    await panelA(`/banners/10/slides/${slide.Id}`, 'PUT', {
      ...input,
      Nazwa: 'Zmieniono w procesie A',
      Tresc: 'Nowa treść slajdu',
    });
    expect(await shownBy('Zmieniono w procesie A', changedAt)).toBeLessThan(5_000);
    expect((await bannerOfB()).Grafiki.find((g) => g.Id === slide.Id)).toMatchObject({
      Nazwa: 'Zmieniono w procesie A',
      Tresc: 'Nowa treść slajdu',
    });

    // The footer menu is cached 5 s by B's pages: renamed through A, it shows in B well before.
    const footer = await panelA<{ Id: number; Tytul: string }[]>('/menus/30');
    const regulamin = footer.find((i) => i.Tytul === 'Regulamin')!;
    expect(await home()).toContain('Regulamin');
    const menuAt = Date.now();
    await panelA(`/menus/30/items/${regulamin.Id}`, 'PATCH', { Tytul: 'Regulamin sklepu (nowy)' });
    expect(await shownBy('Regulamin sklepu (nowy)', menuAt)).toBeLessThan(2_500);

    // The shop's name is cached 10 s by B's tenant resolver and 5 s by its pages: renamed through
    // A, it shows in B's pages long before either expires, so the notice did it.
    expect(await home()).toContain(shopName);
    const renamedAt = Date.now();
    await panelA('/settings', 'PATCH', { Nazwa: 'Klub po zmianie' });
    expect(await shownBy('Klub po zmianie', renamedAt)).toBeLessThan(2_500);

    // Both processes live on and neither lost its listener.
    expect(a.process.exitCode).toBeNull();
    expect(b.process.exitCode).toBeNull();
    expect(b.output()).not.toContain('changes: the listening connection was lost');
  }, 120_000);
});
