import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  msg,
  type PanelDomain,
  type PanelDomainClaim,
  type PanelSeller,
  type PanelSettings,
  type Seller,
  SellerSchema,
  type SiteSettings,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organisationDomains } from '../src/db/schema.ts';
import { type FakeDns, startFakeDns } from './fakes/dns-server.ts';
import { json, refused } from './fixtures/checkout.ts';
import { addProvenDomain, clubOn, domainCheckVia } from './fixtures/domains.ts';
import { orgIdOf, ticketFor } from './fixtures/orders.ts';
import { openPanelShop, PANEL, type PanelClient, type PanelShop, panelHeaders } from './fixtures/panel.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

const SETTINGS = `${PANEL}/settings`;
const DOMAINS = `${SETTINGS}/domains`;
const SELLER = `${SETTINGS}/seller`;
const CMS = '/api/cms/stronyfrontend';

let { t, owner, manager, rival } = {} as PanelShop;
let ticket: string;
let dns: FakeDns;
beforeAll(async () => {
  // Logos are written and deleted: a media folder of this file's own, not the shared seeded one.
  dns = await startFakeDns();
  ({ t, owner, manager, rival } = await openPanelShop({
    mediaDir: mkdtempSync(join(tmpdir(), 'clubshop-settings-')),
    ...domainCheckVia(dns),
  }));
  ticket = await ticketFor(t, 'demo', DEMO_CUSTOMER.email);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const patch = (body: unknown, p: PanelClient = manager) => p.fetch(SETTINGS, { method: 'PATCH', json: body });
const audits = (entity: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(auditLog.id);
const storefrontSettings = async (org = 'demo') => json<SiteSettings>(await t.fetch(`${CMS}/get`, { org }));

/**
 * 401 without a session, 403 with a customer ticket and with another club's panel user; the XSRF
 * pair is sent, so a write is refused for who sends it, not for a missing form token.
 */
const guarded = async (path: string, init: { method?: string; json?: unknown } = {}) => {
  const headers = panelHeaders(undefined, 'proba-xsrf-proba-xsrf-123');
  expect((await refused(await t.fetch(path, { ...init, headers }), 401)).Message).toBe(msg.unauthorized);
  expect((await refused(await t.fetch(path, { ...init, headers, ticket }), 403)).Message).toBe(msg.forbidden);
  expect((await refused(await rival.fetch(path, { ...init, org: 'demo' }), 403)).Message).toBe(msg.forbidden);
};

describe('site settings', () => {
  it('reads the seeded settings', async () => {
    const s = await json<PanelSettings>(await manager.fetch(SETTINGS));
    expect(s).toMatchObject({
      Nazwa: 'MKS Sokół Demo',
      Title: 'Sklep kibica MKS Sokół',
      Pola: [10, 20, 40, 50],
      PolaWymagane: [10, 40],
      SekcjeStronyGlownej: { baner: true, produkty: true },
      ZakupyBezLogowania: true,
      DarmowaDostawaOd: null,
    });
    expect(s.Mapa).toMatch(/^https:\/\//);
    // Each club its own.
    expect((await json<PanelSettings>(await rival.fetch(SETTINGS))).Nazwa).toBe('FC Rywal');
  });

  it('changes the fields given, audited; the storefront shows them at once', async () => {
    const before = await json<PanelSettings>(await manager.fetch(SETTINGS));
    const after = await json<PanelSettings>(
      await patch({
        Title: '  Sklep Sokoła – nowy  ',
        Description: 'Opis sklepu',
        Mapa: 'https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4',
        Pola: [40, 10, 50],
        PolaWymagane: [40, 50],
        SekcjeStronyGlownej: { baner: false },
        ZakupyBezLogowania: false,
        DarmowaDostawaOd: 199.99,
      }),
    );
    expect(after).toEqual({
      ...before,
      Title: 'Sklep Sokoła – nowy',
      Description: 'Opis sklepu',
      Mapa: 'https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4',
      Pola: [10, 40, 50],
      PolaWymagane: [40, 50],
      SekcjeStronyGlownej: { baner: false, produkty: true },
      ZakupyBezLogowania: false,
      DarmowaDostawaOd: 199.99,
    });
    const shop = await storefrontSettings();
    expect(shop).toMatchObject({ Title: 'Sklep Sokoła – nowy', Pola: [10, 40, 50], PolaWymagane: [40, 50] });
    expect(shop.Opcje).toContainEqual({ Klucz: 'strona-glowna-baner', Wartosc: '0', Typ: 20 });
    expect(shop.Opcje).toContainEqual({ Klucz: 'zakupy-bez-logowania', Wartosc: '0', Typ: 20 });
    expect(shop.Opcje).toContainEqual({ Klucz: 'darmowa-dostawa-od', Wartosc: '19999', Typ: 10 });
    const [entry] = (await audits('settings')).slice(-1);
    expect(entry).toMatchObject({
      action: 'update',
      userEmail: 'zastepca@sokol-demo.pl',
      entityId: String(await orgIdOf(t.database.db, 'demo')),
      before: { Title: 'Sklep kibica MKS Sokół', ZakupyBezLogowania: true },
      after: { Title: 'Sklep Sokoła – nowy', ZakupyBezLogowania: false, DarmowaDostawaOd: 199.99 },
    });
    // Guests may not order now.
    const guestOrder = await t.fetch('/api/centauri/sklepyonline/zlozZamowienie', {
      method: 'POST',
      json: {
        Guid: 'nie-ma',
        Nazwa: 'Gość',
        UlicaINumer: 'Polna 1',
        KodPocztowy: '00-001',
        Miasto: 'Warszawa',
        Telefon: '600100200',
        Email: 'gosc@example.pl',
        SposobDostawy: { Id: 1 },
        Platnosc: 20,
        AkceptacjaRegulaminu: true,
      },
    });
    expect((await refused(guestOrder, 401)).Message).toBe(msg.orderLoginRequired);
    // Back on; nothing else changes, and an unchanged save writes no audit entry.
    await json(
      await patch({ ZakupyBezLogowania: true, SekcjeStronyGlownej: { baner: true }, DarmowaDostawaOd: null }),
    );
    const count = (await audits('settings')).length;
    await json(await patch({ ZakupyBezLogowania: true }));
    expect((await audits('settings')).length).toBe(count);
    expect((await storefrontSettings()).Opcje.map((o) => o.Klucz)).not.toContain('darmowa-dostawa-od');
  });

  it('refuses bad input with Polish messages per field', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ Nazwa: '  ' }, { Nazwa: msg.settingsShopNameRequired }],
      [{ Mapa: 'javascript:alert(1)' }, { Mapa: msg.settingsUrlInvalid }],
      [{ EmailSklepu: 'nie-email' }, { EmailSklepu: msg.invalidEmail }],
      [{ Pola: [10, 30] }, { 'Pola.1': msg.settingsContactFieldInvalid }],
      [{ Pola: [10], PolaWymagane: [40] }, { PolaWymagane: msg.settingsRequiredNotEnabled }],
      [{ DarmowaDostawaOd: -1 }, { DarmowaDostawaOd: msg.settingsFreeShippingInvalid }],
      [{ SekcjeStronyGlownej: { inne: true } }, { SekcjeStronyGlownej: msg.invalidRequest }],
    ];
    for (const [body, fields] of cases) {
      const res = await refused(await patch(body), 400);
      expect(res.Fields, JSON.stringify(body)).toEqual(fields);
    }
    // Required fields are judged on the result: the stored `Pola` is [10, 20, 40, 50].
    await json(await patch({ Pola: [10, 20, 40, 50], PolaWymagane: [10, 40] }));
    expect((await refused(await patch({ PolaWymagane: [30] }), 400)).Fields).toBeDefined();
    // Hiding a field drops it from the required ones.
    const s = await json<PanelSettings>(await patch({ Pola: [20, 40] }));
    expect(s).toMatchObject({ Pola: [20, 40], PolaWymagane: [40] });
    await json(await patch({ Pola: [10, 20, 40, 50], PolaWymagane: [10, 40] }));
  });

  it('answers 401 / 403 to anyone but the club’s panel users', async () => {
    await guarded(SETTINGS);
    await guarded(SETTINGS, { method: 'PATCH', json: { Title: 'Obcy' } });
    await guarded(`${SETTINGS}/logo/main`, { method: 'DELETE' });
    await guarded(DOMAINS);
    await guarded(SELLER);
    expect((await storefrontSettings()).Title).not.toBe('Obcy');
  });
});

describe('logos', () => {
  const upload = async (which: string, bytes: Buffer, p: PanelClient = manager, field = 'Plik') => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'Herb klubu.png');
    return p.fetch(`${SETTINGS}/logo/${which}`, { method: 'POST', body: form });
  };
  const png = (width = 1600, height = 400) =>
    sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } })
      .png()
      .toBuffer();

  it('uploads a logo as PNG within 800 x 400 (transparency kept), served at the public logo address', async () => {
    const s = await json<PanelSettings>(await upload('main', await png()));
    expect(s.LogoGlowne).toMatch(/^main-[0-9a-f]{12}\.png$/);
    const res = await t.fetch(`${CMS}/logo/main`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 800, height: 200, hasAlpha: true });
    const [entry] = (await audits('logo')).slice(-1);
    expect(entry).toMatchObject({ action: 'update', entityId: 'main', after: { Plik: s.LogoGlowne } });

    // Replaced: a new name, the old file gone from storage.
    const first = s.LogoGlowne!;
    const next = await json<PanelSettings>(await upload('main', await png(200, 100)));
    expect(next.LogoGlowne).not.toBe(first);
    expect(await t.app.media.get(`demo/logo/${first}`)).toBeNull();
    expect(await t.app.media.get(`demo/logo/${next.LogoGlowne}`)).not.toBeNull();

    // Deleted: the storefront answers 404, the file is gone.
    const gone = await json<PanelSettings>(
      await manager.fetch(`${SETTINGS}/logo/main`, { method: 'DELETE' }),
    );
    expect(gone.LogoGlowne).toBeNull();
    expect((await t.fetch(`${CMS}/logo/main`)).status).toBe(404);
    expect(await t.app.media.get(`demo/logo/${next.LogoGlowne}`)).toBeNull();
    expect((await audits('logo')).at(-1)).toMatchObject({ action: 'delete', after: { Plik: null } });
  });

  it('refuses what is not an image, a wrong field, a wrong logo kind and JSON', async () => {
    expect((await refused(await upload('footer', Buffer.from('<svg></svg>')), 415)).Message).toMatch(
      /JPEG, PNG i WebP/,
    );
    expect((await refused(await upload('footer', await png(), manager, 'Pliki'), 400)).Message).toBe(
      msg.photoNoFiles,
    );
    expect((await refused(await upload('boczne', await png()), 400)).Message).toBe(msg.notFound);
    const res = await manager.fetch(`${SETTINGS}/logo/footer`, { method: 'POST', json: {} });
    expect((await refused(res, 415)).Message).toBe(msg.logoNotMultipart);
    // The seeded footer logo stays.
    expect((await json<PanelSettings>(await manager.fetch(SETTINGS))).LogoStopka).toBe('logo-stopka.png');
    await guarded(`${SETTINGS}/logo/footer`, { method: 'POST', json: {} });
  });
});

describe('domains (owner only)', () => {
  const add = (Host: string, p: PanelClient = owner) => p.fetch(DOMAINS, { method: 'POST', json: { Host } });

  it('a proven domain: the storefront answers on it as the club at once; removing it stops that', async () => {
    const rivalOwner = rival;
    const d = await addProvenDomain(rivalOwner, dns, 'Sklep.Rywal-Test.PL');
    expect(d.Host).toBe('sklep.rywal-test.pl');
    const list = await json<{ Items: PanelDomain[]; Total: number }>(await rivalOwner.fetch(DOMAINS));
    expect(list.Items.map((x) => x.Host)).toContain('sklep.rywal-test.pl');
    const viaHost = () => clubOn(t, 'sklep.rywal-test.pl');
    expect(await viaHost()).toBe('rywal');
    const [proven] = (await audits('domain')).slice(-1);
    expect(proven).toMatchObject({
      action: 'update',
      entityId: String(d.Id),
      after: { Host: 'sklep.rywal-test.pl', Potwierdzona: true },
    });

    const del = await rivalOwner.fetch(`${DOMAINS}/${d.Id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    // Not served for the club any more: the default club answers.
    expect(await viaHost()).toBe('demo');
    expect((await audits('domain')).at(-1)).toMatchObject({
      action: 'delete',
      before: { Host: 'sklep.rywal-test.pl' },
    });
    expect(
      (await refused(await rivalOwner.fetch(`${DOMAINS}/${d.Id}`, { method: 'DELETE' }), 404)).Message,
    ).toBe(msg.domainNotFound);
  });

  it('another process on the same database serves a proven domain, and stops serving a removed one, within 5 s', async () => {
    const other = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const within5s = async (app: TestApp, alias: string, what: string) => {
        const started = Date.now();
        while ((await clubOn(app, 'drugi.rywal-test.pl')) !== alias) {
          expect(Date.now() - started, what).toBeLessThan(5000);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      // Process B knows the name as nobody's (the default club)...
      expect(await clubOn(other, 'drugi.rywal-test.pl')).toBe('demo');
      // ...process A proves it for the rival...
      const d = await addProvenDomain(rival, dns, 'drugi.rywal-test.pl');
      await within5s(other, 'rywal', 'B does not serve the proven domain');
      // ...and removes it.
      expect((await rival.fetch(`${DOMAINS}/${d.Id}`, { method: 'DELETE' })).status).toBe(204);
      await within5s(other, 'demo', 'B still serves the removed domain');
    } finally {
      await other.close();
    }
  });

  it('refuses invalid names, names held by this or another club, and managers', async () => {
    for (const bad of ['https://a.pl', 'a.pl:8080', 'localhost', '1.2.3.4', 'a_b.pl', 'x'.repeat(300)]) {
      expect((await refused(await add(bad), 400)).Fields, bad).toEqual({ Host: msg.domainInvalid });
    }
    const [rivalDomain] = await t.database.db
      .select()
      .from(organisationDomains)
      .where(eq(organisationDomains.host, 'rywal.localhost'));
    expect(rivalDomain).toBeDefined();
    expect((await refused(await add('rywal.localhost'), 409)).Message).toBe(
      'Domena „rywal.localhost” należy już do innego klubu.',
    );
    // A name the club holds, and one it already asked for.
    const own = await addProvenDomain(owner, dns, 'sokol-test.pl');
    expect((await refused(await add('SOKOL-TEST.PL'), 409)).Message).toBe(msg.domainAlreadyAdded);
    const waiting = await json<PanelDomainClaim>(await add('czeka.sokol-test.pl'));
    expect((await refused(await add('czeka.sokol-test.pl'), 409)).Message).toBe(msg.domainClaimPending);
    // Another club's domain cannot be deleted through this club.
    expect(
      (await refused(await owner.fetch(`${DOMAINS}/${rivalDomain!.id}`, { method: 'DELETE' }), 404)).Message,
    ).toBe(msg.domainNotFound);
    // Managers see the domains but do not change them.
    expect(
      (await json<{ Items: PanelDomain[] }>(await manager.fetch(DOMAINS))).Items.map((x) => x.Id),
    ).toContain(own.Id);
    expect((await refused(await add('zastepca.pl', manager), 403)).Message).toBe(msg.panelOwnerOnly);
    expect(
      (await refused(await manager.fetch(`${DOMAINS}/${own.Id}`, { method: 'DELETE' }), 403)).Message,
    ).toBe(msg.panelOwnerOnly);
    await guarded(DOMAINS, { method: 'POST', json: { Host: 'obcy.pl' } });
    await guarded(`${DOMAINS}/${own.Id}`, { method: 'DELETE' });
    await guarded(`${DOMAINS}/claims/${waiting.Id}/verify`, { method: 'POST' });
    await guarded(`${DOMAINS}/claims/${waiting.Id}`, { method: 'DELETE' });
    const rows = await t.database.db
      .select()
      .from(organisationDomains)
      .where(and(eq(organisationDomains.host, 'sokol-test.pl')));
    expect(rows).toHaveLength(1);
  });
});

describe('seller and legal data', () => {
  const seller = {
    Nazwa: 'Miejski Klub Sportowy Sokół',
    UlicaINumer: 'ul. Sportowa 1',
    KodPocztowy: '00-950',
    Miasto: 'Warszawa',
    NIP: '123-456-32-18',
    REGON: '123456785',
    KRS: '0000123456',
    Email: 'Biuro@Sokol-Demo.pl',
    Telefon: '+48 22 123 45 67',
    NrKonta: '61 1090 1014 0000 0712 1981 2874',
    Reklamacje: null,
  };
  const put = (body: unknown, p: PanelClient = owner) => p.fetch(SELLER, { method: 'PUT', json: body });

  it('is empty until saved; the storefront then reads it, complaints at the seller’s address', async () => {
    // The demo club is seeded with its legal data; the other club has none yet.
    expect(await json(await manager.fetch(SELLER))).toMatchObject({ NIP: '1234563218' });
    const empty = SellerSchema.parse(
      await json<Seller>(await t.fetch(`${CMS}/sprzedawca`, { org: 'rywal' })),
    );
    expect(empty).toMatchObject({ Uzupelnione: false, NIP: '', Reklamacje: { UlicaINumer: '' } });
    // The checklist names every missing item; the rival's terms are published.
    expect(empty.Brakuje).toEqual([
      'nazwa sprzedawcy',
      'ulica i numer',
      'kod pocztowy',
      'miejscowość',
      'NIP',
      'adres e-mail',
      'telefon',
    ]);

    const saved = await json<PanelSeller>(await put(seller));
    expect(saved).toEqual({
      ...seller,
      NIP: '1234563218',
      Email: 'biuro@sokol-demo.pl',
      NrKonta: 'PL61 1090 1014 0000 0712 1981 2874',
    });
    expect(await json<PanelSeller>(await manager.fetch(SELLER))).toEqual(saved);
    const shop = SellerSchema.strict().parse(await json<Seller>(await t.fetch(`${CMS}/sprzedawca`)));
    expect(shop).toEqual({
      Uzupelnione: true,
      Brakuje: [],
      Nazwa: seller.Nazwa,
      UlicaINumer: seller.UlicaINumer,
      KodPocztowy: '00-950',
      Miasto: 'Warszawa',
      NIP: '1234563218',
      REGON: '123456785',
      KRS: '0000123456',
      Email: 'biuro@sokol-demo.pl',
      Telefon: '+48 22 123 45 67',
      NrKonta: 'PL61 1090 1014 0000 0712 1981 2874',
      Reklamacje: {
        Nazwa: seller.Nazwa,
        UlicaINumer: seller.UlicaINumer,
        KodPocztowy: '00-950',
        Miasto: 'Warszawa',
      },
    });
    // Another club's storefront has its own (none yet).
    expect((await json<Seller>(await t.fetch(`${CMS}/sprzedawca`, { org: 'rywal' }))).Uzupelnione).toBe(
      false,
    );
    expect((await audits('seller')).at(-1)).toMatchObject({
      action: 'update',
      userEmail: 'kierownik@sokol-demo.pl',
      before: { Nazwa: 'MKS Sokół Demo sp. z o.o.' },
      after: { Nazwa: seller.Nazwa, NIP: '1234563218' },
    });
  });

  it('a separate complaint address; audited with before and after', async () => {
    const complaints = {
      Nazwa: 'Dział reklamacji',
      UlicaINumer: 'Magazynowa 5',
      KodPocztowy: '01-234',
      Miasto: 'Łomianki',
    };
    await json(await put({ ...seller, Reklamacje: complaints }));
    const shop = await json<Seller>(await t.fetch(`${CMS}/sprzedawca`));
    expect(shop.Reklamacje).toEqual(complaints);
    expect((await audits('seller')).at(-1)).toMatchObject({
      action: 'update',
      before: { Reklamacje: null },
      after: { Reklamacje: complaints },
    });
  });

  it('refuses wrong checksums and formats with Polish messages, and managers', async () => {
    const res = await refused(
      await put({
        ...seller,
        NIP: '1234563217',
        REGON: '123456786',
        KRS: '12',
        NrKonta: 'PL61 1090 1014 0000 0712 1981 2875',
        KodPocztowy: '00950',
        Email: 'x',
      }),
      400,
    );
    expect(res.Fields).toEqual({
      NIP: msg.invalidNip,
      REGON: msg.invalidRegon,
      KRS: msg.invalidKrs,
      NrKonta: msg.invalidBankAccount,
      KodPocztowy: msg.invalidPostcode,
      Email: msg.invalidEmail,
    });
    expect((await refused(await put({ ...seller, NIP: '' }), 400)).Fields).toEqual({ NIP: msg.required });
    // The bank account buyers pay to is the owner's to change.
    expect((await refused(await put(seller, manager), 403)).Message).toBe(msg.panelOwnerOnly);
    await guarded(SELLER, { method: 'PUT', json: seller });
    expect((await json<Seller>(await t.fetch(`${CMS}/sprzedawca`))).NIP).toBe('1234563218');
  });
});
