// A club's storefront colours: kept with its settings, refused below WCAG AA with a Polish message
// naming the pair and its ratio, read by the storefront, and drawn into that club's pages only.
import { existsSync } from 'node:fs';
import {
  type BrandColours,
  brandContrastChecks,
  DEFAULT_BRAND_COLOURS,
  msg,
  type PanelSettings,
  type SiteSettings,
} from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organisations } from '../src/db/schema.ts';
import { mountWeb, WEB_SERVER_ENTRY } from '../src/web.ts';
import { within } from './fixtures/changes.ts';
import { json, refused } from './fixtures/checkout.ts';
import { ticketFor } from './fixtures/orders.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop, panelHeaders } from './fixtures/panel.ts';
import { rawRequest } from './fixtures/raw-http.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const SETTINGS = `${PANEL}/settings`;
const CMS = '/api/cms/stronyfrontend';
const built = existsSync(WEB_SERVER_ENTRY);

const SOKOL: BrandColours = {
  Glowny: '#0b5d3b',
  TekstNaGlownym: '#ffffff',
  Akcent: '#f5c400',
  TekstNaAkcencie: '#1b1f1d',
};
const RYWAL: BrandColours = {
  Glowny: '#8b1e2d',
  TekstNaGlownym: '#ffffff',
  Akcent: '#1f2a44',
  TekstNaAkcencie: '#ffffff',
};

let { t, owner, manager, rival } = {} as PanelShop;
beforeAll(async () => {
  ({ t, owner, manager, rival } = await openPanelShop({}, built ? { beforeListen: mountWeb } : {}));
});
afterAll(() => t?.close());

const patch = (body: unknown, p: PanelClient = manager) => p.fetch(SETTINGS, { method: 'PATCH', json: body });
const colours = async (p: PanelClient) => (await json<PanelSettings>(await p.fetch(SETTINGS))).Kolory;
const shopColours = async (org: string) =>
  (await json<SiteSettings>(await t.fetch(`${CMS}/get`, { org }))).Kolory;
const page = async (host: string, path = '/') =>
  (await rawRequest(t.url, path, { headers: { host, 'accept-encoding': 'identity' } })).body;

describe('club colours', () => {
  it('each club reads its own seeded colours, in the panel and in the storefront’s settings', async () => {
    expect(await colours(manager)).toEqual(SOKOL);
    expect(await colours(rival)).toEqual(RYWAL);
    expect(await shopColours('demo')).toEqual(SOKOL);
    expect(await shopColours('rywal')).toEqual(RYWAL);
  });

  it('saves four colours that pass AA (any case), audited; the other club keeps its own', async () => {
    const next = {
      Glowny: '#1A4D8F',
      TekstNaGlownym: '#ffffff',
      Akcent: '#ffd23f',
      TekstNaAkcencie: '#111111',
    };
    try {
      const saved = await json<PanelSettings>(await patch({ Kolory: next }));
      expect(saved.Kolory).toEqual({ ...next, Glowny: '#1a4d8f' });
      expect(await shopColours('demo')).toEqual(saved.Kolory);
      expect(await colours(rival)).toEqual(RYWAL);
      expect(await shopColours('rywal')).toEqual(RYWAL);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'settings'))
        .orderBy(auditLog.id)
        .then((rows) => rows.slice(-1));
      expect(entry).toMatchObject({ before: { Kolory: SOKOL }, after: { Kolory: saved.Kolory } });
    } finally {
      await json(await patch({ Kolory: SOKOL }));
    }
  });

  it('refuses a low-contrast pair with a Polish message naming the pair and its ratio, and saves nothing', async () => {
    const res = await refused(await patch({ Kolory: { ...SOKOL, TekstNaGlownym: '#4a8a6a' } }), 400);
    const text = 'Tekst na kolorze głównym ma kontrast 1,9:1 — potrzeba co najmniej 4,5:1.';
    expect(res.Fields).toEqual({ 'Kolory.TekstNaGlownym': text });
    expect(res.Message).toBe(text);
    // Yellow as the primary: white text on it, and yellow links on white, both fail.
    const yellow = await refused(await patch({ Kolory: { ...SOKOL, Glowny: '#f5c400' } }), 400);
    expect(Object.keys(yellow.Fields ?? {}).sort()).toEqual(['Kolory.Glowny', 'Kolory.TekstNaGlownym']);
    expect(yellow.Fields?.['Kolory.Glowny']).toMatch(
      /^Kolor główny jako tekst na jasnym tle ma kontrast 1,\d:1 — potrzeba co najmniej 4,5:1\.$/,
    );
    // Not a colour, a short form, markup, three colours of four, an unknown key.
    for (const Kolory of [
      { ...SOKOL, Akcent: 'red' },
      { ...SOKOL, Akcent: '#fc0' },
      { ...SOKOL, Akcent: '#000000;}</style><script>' },
    ]) {
      expect((await refused(await patch({ Kolory }), 400)).Fields).toEqual({
        'Kolory.Akcent': msg.settingsColourInvalid,
      });
    }
    const { Akcent: _, ...three } = SOKOL;
    expect((await refused(await patch({ Kolory: three }), 400)).Fields).toHaveProperty('Kolory.Akcent');
    await refused(await patch({ Kolory: { ...SOKOL, Tlo: '#ffffff' } }), 400);
    expect(await colours(manager)).toEqual(SOKOL);
  });

  it('gives a club that chose none the neutral defaults, which pass AA', async () => {
    const rywal = eq(organisations.alias, 'rywal');
    await t.database.db.update(organisations).set({ brandColours: null }).where(rywal);
    t.app.tenants.invalidate();
    try {
      expect(await colours(rival)).toEqual(DEFAULT_BRAND_COLOURS);
      expect(await shopColours('rywal')).toEqual(DEFAULT_BRAND_COLOURS);
      expect(brandContrastChecks(DEFAULT_BRAND_COLOURS).every((c) => c.ok)).toBe(true);
    } finally {
      await t.database.db.update(organisations).set({ brandColours: RYWAL }).where(rywal);
      t.app.tenants.invalidate();
    }
  });

  it('lets the club’s owner and managers change them, nobody else', async () => {
    const mine = { ...SOKOL, Akcent: '#ffcc00' };
    expect((await json<PanelSettings>(await patch({ Kolory: mine }, owner))).Kolory).toEqual(mine);
    await json(await patch({ Kolory: SOKOL }, owner));
    const body = { Kolory: { ...RYWAL, Glowny: '#000000' } };
    const headers = panelHeaders(undefined, 'proba-xsrf-proba-xsrf-123');
    expect(
      (await refused(await t.fetch(SETTINGS, { method: 'PATCH', json: body, headers }), 401)).Message,
    ).toBe(msg.unauthorized);
    // A shopper's ticket is no panel session.
    const ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
    expect(
      (await refused(await t.fetch(SETTINGS, { method: 'PATCH', json: body, headers, ticket }), 403)).Message,
    ).toBe(msg.forbidden);
    // Sokół's manager asking as FC Rywal, and FC Rywal's manager asking as Sokół.
    await refused(await manager.fetch(SETTINGS, { method: 'PATCH', json: body, org: 'rywal' }), 403);
    await refused(
      await rival.fetch(SETTINGS, { method: 'PATCH', json: { Kolory: RYWAL }, org: 'demo' }),
      403,
    );
    expect(await colours(rival)).toEqual(RYWAL);
    expect(await colours(manager)).toEqual(SOKOL);
  });
});

describe.skipIf(!built)('club colours in the storefront', () => {
  it('draws each club’s page, favicon and manifest in its own colours', async () => {
    const demo = await page('localhost');
    const rywal = await page('rywal.localhost');
    expect(demo).toContain('<meta name="theme-color" content="#0b5d3b"/>');
    expect(demo).toContain(':root{--brand:#0b5d3b;--brand-text:#ffffff;');
    expect(rywal).toContain('<meta name="theme-color" content="#8b1e2d"/>');
    expect(rywal).toContain(':root{--brand:#8b1e2d;--brand-text:#ffffff;');
    expect(rywal).not.toContain('#0b5d3b');
    expect(await page('rywal.localhost', '/favicon.svg')).toContain('fill="#8b1e2d"');
    expect(await page('localhost', '/favicon.svg')).toContain('fill="#f5c400"');
    const manifest = JSON.parse(await page('rywal.localhost', '/manifest.webmanifest'));
    expect(manifest).toMatchObject({ name: 'FC Rywal', theme_color: '#8b1e2d' });
  });

  it('a colour change in the panel reaches that club’s cached pages within 5 s, not the other club’s', async () => {
    const before = await page('rywal.localhost');
    await page('localhost');
    try {
      await json(await patch({ Kolory: { ...SOKOL, Glowny: '#1a4d8f' } }));
      await within(5_000, async () => (await page('localhost')).includes('--brand:#1a4d8f;') || undefined);
      expect(await page('localhost', '/favicon.svg')).toContain('fill="#1a4d8f"');
      expect(await page('rywal.localhost')).toBe(before);
    } finally {
      await json(await patch({ Kolory: SOKOL }));
    }
  });
});
