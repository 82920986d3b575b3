import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  type Endpoint,
  type EndpointName,
  endpoints,
  msg,
  PANEL_API_PREFIX,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@club/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orderLines,
  organisationDomains,
  productPhotos,
  withdrawalLines,
  withdrawals,
} from '../src/db/schema.ts';
import { mountWeb, WEB_SERVER_ENTRY } from '../src/web.ts';
import { type FakePayu, startFakePayu } from './fakes/payu-server.ts';
import { makeCart, orderBody, orderOfCart, placeOk, type Shipping } from './fixtures/checkout.ts';
import { orgIdOf, userOf } from './fixtures/orders.ts';
import { ensureManager, PANEL, type PanelClient, panelHeaders, panelLogin } from './fixtures/panel.ts';
import { createTestApp, login, type TestApp } from './harness.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

/*
 * Walks every endpoint of the contract's table with malformed values (U+0000, numbers outside
 * int4, wrong types, 80 kB strings, non-object bodies), anonymously and as a logged-in customer;
 * the manager's panel endpoints also with a real owner session on a throwaway shop, so that their
 * handlers run (the sample as it is, too). No answer may be a 5xx or take longer than a second,
 * and every 4xx carries `{ Message }` with one of the shop's Polish messages. Bounded and
 * deterministic: the random part is seeded.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Sample = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Json;
  /**
   * Revokes a session or removes what other samples use (logout, delete, anonymise): sent after
   * every other endpoint; in the owner's run a success is followed by a new panel login.
   */
  last?: boolean;
  /** What the valid sample gets with the owner's session when that is no 2xx (the handler refuses it). */
  ownerStatus?: number;
};
/** Who sends a case: nobody, the demo customer (ticket), or the demo club's owner (panel session). */
type Who = 'anonymous' | 'customer' | 'owner';
type Case = {
  name: EndpointName | string;
  method: string;
  path: string;
  /** JSON text, or raw text when `contentType` is set; undefined: no body. */
  body?: string;
  contentType?: string;
  who: Who;
  what: string;
  /** A storefront page: its 4xx may be the shop's Polish HTML page instead of `{ Message }`. */
  page?: boolean;
};

const S = '/api/centauri/sklepyonline';
/** The storefront's pages are fuzzed too when it is built (`npm run build`). */
const web = existsSync(WEB_SERVER_ENTRY);
const SLOW_MS = 1000;
/** All requests of the contract's endpoints together, every mode. */
const MAX_REQUESTS = 17_200;
/** Endpoints that hash or verify a password once their body is valid. */
const HASHING = new Set<string>([
  'register',
  'login',
  'changePassword',
  'remindPasswordSetNew',
  'changeEmail',
  'panelLogin',
  'panelInviteAccept',
  'panelReset',
  // An invited member's account and an anonymised customer's get a random password's hash.
  'panelStaffCreate',
  'panelCustomerAnonymise',
]);
const isPanel = (name: string) => endpoints[name as EndpointName]?.path.startsWith(PANEL_API_PREFIX) ?? false;
const FRESH_CART = '@@FRESH_CART@@';
type Product = { Id: number; Parametry: { Id: number; Nazwa: string }[]; WymagajWybraniaSklep: boolean };
const LONG = 'x'.repeat(80_000);
/** Made the old e-mail regex backtrack for 19 s. */
const EMAIL_ATTACK = `a@${'.'.repeat(80_000)}@`;

/** Numbers JSON can carry but JavaScript cannot: spliced into the body text as they are. */
const RAW = (text: string) => `@@RAW:${text}@@`;
const toJson = (value: Json | undefined) =>
  value === undefined ? undefined : JSON.stringify(value).replace(/"@@RAW:([^"@]*)@@"/g, '$1');

const stringMutations = (sample: string): [string, Json][] => [
  ['NUL', '\u0000'],
  ['NUL inside', `${sample}\u0000`],
  ['lone surrogate', '\ud800'],
  ['80 kB', LONG],
  ['e-mail attack', EMAIL_ATTACK],
  ['empty', ''],
  ['number', 42],
  ['int4 + 1', 2147483648],
  ['boolean', true],
  ['null', null],
  ['object', { a: sample }],
  ['array', [sample]],
];
const numberMutations = (): [string, Json][] => [
  ['int4 + 1', 2147483648],
  ['int4 - 1', -2147483649],
  ['11 digits', 99999999999],
  ['1e308', 1e308],
  ['1e400', RAW('1e400')],
  ['23 digits', RAW('12345678901234567890123')],
  ['-1', -1],
  ['0', 0],
  ['-0', RAW('-0')],
  ['1.5', 1.5],
  ['string', '1'],
  ['NUL', '\u0000'],
  ['null', null],
  ['object', {}],
  ['array', [1]],
];
const otherMutations = (): [string, Json][] => [
  ['string', 'true'],
  ['NUL', '\u0000'],
  ['number', 1],
  ['null', null],
  ['object', {}],
];
const containerMutations = (value: Json): [string, Json][] => [
  ['null', null],
  ['string', 'x'],
  ['number', 2147483648],
  ['boolean', true],
  Array.isArray(value) ? ['object', {}] : ['array', []],
  Array.isArray(value) ? ['101 items', Array.from({ length: 101 }, () => value[0] ?? null)] : ['empty', {}],
  Array.isArray(value) ? ['NUL item', ['\u0000']] : ['NUL key', { ...(value as object), '\u0000': 'x' }],
];
const bodyMutations: [string, string][] = [
  // Decision 14: the account endpoints read an empty body as {}; the others refuse it.
  ['empty', ''],
  ['null', 'null'],
  ['array', '[]'],
  ['string', '"x"'],
  ['number', '42'],
  ['true', 'true'],
  ['huge number', '1e400'],
  ['NUL string', '"\\u0000"'],
  ['broken JSON', '{"a":'],
  ['deep array', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
  ['deep object', `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`],
  ['proto', '{"__proto__":{"x":1}}'],
];
const paramMutations: [string, string][] = [
  ['NUL', '%00'],
  ['NUL inside', 'a%00b'],
  ['int4 + 1', '2147483648'],
  ['11 digits', '99999999999'],
  ['1e308', '1e308'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['0', '0'],
  ['301 chars', 'x'.repeat(301)],
  ['bad UTF-8', '%C0%AF'],
  ['lone %', '%'],
  ['RTL override', '%E2%80%AE'],
  ['spaces', '%20%20'],
];

/** Leaves and containers of a JSON value with their paths, root first. */
const nodes = (value: Json, path: (string | number)[] = []): { path: (string | number)[]; value: Json }[] => {
  const out = [{ path, value }];
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...nodes(v, [...path, i]));
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...nodes(v, [...path, k]));
  return out;
};
const setAt = (root: Json, path: (string | number)[], value: Json): Json => {
  if (!path.length) return value;
  const copy = structuredClone(root) as Record<string | number, Json>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  node[path[path.length - 1]!] = value;
  return copy;
};
const mutationsOf = (value: Json): [string, Json][] =>
  typeof value === 'string'
    ? stringMutations(value)
    : typeof value === 'number'
      ? numberMutations()
      : value && typeof value === 'object'
        ? containerMutations(value)
        : otherMutations();

/** mulberry32: a tiny seeded generator, so a failing run can be repeated exactly. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};

/** Every message of messages.ts, `{name}` placeholders matching any text. */
const polish = Object.values(msg).map(
  (m) => new RegExp(`^${m.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '.+')}$`),
);
const isPolishMessage = (m: unknown) => typeof m === 'string' && polish.some((re) => re.test(m));

const fillPath = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
const withQuery = (path: string, query: Record<string, string>) => {
  const q = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return q ? `${path}?${q}` : path;
};
const short = (s: string | undefined) =>
  s === undefined ? '' : s.length > 160 ? `${s.slice(0, 160)}… (${s.length} chars)` : s;

describe('fuzz: malformed input never stalls or crashes a request', () => {
  let t: TestApp;
  /** The owner's throwaway shop: panel handlers change and delete things there. */
  let p: TestApp;
  let owner: PanelClient;
  /** The throwaway shop's log lines at level error and up: a handler's failure that answered 2xx/4xx. */
  const ownerShopErrors: string[] = [];
  let ticket: string;
  /** How long one password hash takes here: requests that get as far as hashing may take that long. */
  let hashMs = 0;
  let newCart: () => Promise<string>;
  const xsrf = 'fuzz-xsrf-token-0123456789';
  const samples = {} as Record<EndpointName, Sample>;
  let payu: FakePayu;

  beforeAll(async () => {
    // The owner's shop keeps PayU secrets (SECRETS_KEY) and tests them against a local PayU.
    payu = await startFakePayu({
      posId: '300746',
      clientId: '300746',
      clientSecret: 'fake-payu-secret-0123456789',
      secondKey: 'fake-payu-second-key-01234567',
    });
    [t, p] = await Promise.all([
      createTestApp({}, { beforeListen: web ? mountWeb : undefined }),
      createTestApp(
        {},
        {
          env: { SECRETS_KEY: randomBytes(32).toString('base64'), PAYU_BASE_URL: payu.url },
          logStream: {
            write: (line) => {
              if ((JSON.parse(line) as { level: number }).level >= 50) ownerShopErrors.push(line);
            },
          },
        },
      ),
    ]);
    const started = performance.now();
    ticket = await login(t, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    hashMs = performance.now() - started;
    const list = (await (await t.fetch(`${S}/getProdukty/0/50`)).json()) as { Id: number }[];
    const products = await Promise.all(
      list.map(async (p) => (await (await t.fetch(`${S}/pokazProdukt/${p.Id}`)).json()) as Product),
    );
    const plain = products.find((p) => !p.Parametry.length && !p.WymagajWybraniaSklep)!;
    const withOption = products.find((p) => p.Parametry.length)!;
    const shipping = (await (await t.fetch(`${S}/getwysylki`)).json()) as Shipping[];
    const productId = plain.Id;
    newCart = async () =>
      (
        await t.fetch(`${S}/koszyk/${randomUUID()}`, {
          method: 'POST',
          json: [{ Id: 0, IdWyrob: productId, Ilosc: 1, Parametr: null }],
        })
      ).text();
    const cart = await newCart();
    const line = ((await (await t.fetch(`${S}/koszyk/${cart}`)).json()) as { Pozycje: { Id: number }[] })
      .Pozycje[0]!.Id;
    // Real targets in the owner's shop (a copy of the same seeded database: the same ids): an order
    // placed there, the demo customer, a manager, a photo, an empty category.
    owner = await panelLogin(p);
    const ownerCart = await makeCart(p, [{ Id: 0, IdWyrob: productId, Ilosc: 1, Parametr: null }]);
    await placeOk(
      p,
      orderBody(ownerCart, shipping[0]!, { Platnosc: 20, DodatkoweInformacjeDostawa: 'WAW01' }),
    );
    const orderId = String((await orderOfCart(p.database.db, ownerCart))!.id);
    const [withdrawal] = await p.database.db
      .insert(withdrawals)
      .values({ organisationId: await orgIdOf(p.database.db, 'demo'), orderId: Number(orderId) })
      .returning({ id: withdrawals.id });
    const returnId = String(withdrawal!.id);
    const [orderLine] = await p.database.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, Number(orderId)));
    const [returnLine] = await p.database.db
      .insert(withdrawalLines)
      .values({
        organisationId: await orgIdOf(p.database.db, 'demo'),
        withdrawalId: withdrawal!.id,
        orderLineId: orderLine!.id,
        quantity: 1,
      })
      .returning({ id: withdrawalLines.id });
    const customerId = String((await userOf(p.database.db, 'demo', DEMO_CUSTOMER.email)).id);
    const managerId = String((await userOf(p.database.db, 'demo', await ensureManager(p, 'demo'))).id);
    const photoIds = (
      await p.database.db
        .select({ id: productPhotos.id })
        .from(productPhotos)
        .where(eq(productPhotos.productId, productId))
        .orderBy(asc(productPhotos.position))
    ).map((x) => x.id);
    const photoId = String(photoIds[0]);
    const created = await owner.fetch(`${PANEL}/categories`, {
      method: 'POST',
      json: { Nazwa: 'Fuzz: pusta', IdParent: null },
    });
    expect(created.status).toBe(200);
    const emptyCategoryId = String(((await created.json()) as { Id: number }).Id);
    // Targets in the owner's shop: the demo banner's slides, menus, a page, a domain and
    // a shipping option made here to be deleted last, one contact message and one accreditation.
    const json = async <T>(res: Response | Promise<Response>): Promise<T> => {
      const r = await res;
      expect(r.status, `${r.url}: ${await r.clone().text()}`).toBe(200);
      return (await r.json()) as T;
    };
    const post = (path: string, body: unknown) =>
      owner.fetch(`${PANEL}${path}`, { method: 'POST', json: body });
    const slideIds = (
      await json<{ Grafiki: { Id: number }[] }>(owner.fetch(`${PANEL}/banners/10`))
    ).Grafiki.map((g) => g.Id);
    const mainMenuTop = (
      await json<{ Id: number; IdParent: number | null }[]>(owner.fetch(`${PANEL}/menus/10`))
    )
      .filter((m) => m.IdParent === null)
      .map((m) => m.Id);
    const menuItemId = String(
      (await json<{ Id: number }>(post('/menus/30/items', { Tytul: 'Fuzz: do usunięcia', Url: '/produkty' })))
        .Id,
    );
    const pageId = String(
      (await json<{ Id: number }>(post('/pages', { Slug: 'fuzz-strona', Tytul: 'Fuzz', Tresc: '<p>x</p>' })))
        .Id,
    );
    // A domain to delete (proven ones come from the operator here: the check would ask DNS) and
    // a claim waiting for proof, whose check fails (the tests' DNS answers nothing).
    const [domainRow] = await p.database.db
      .insert(organisationDomains)
      .values({ organisationId: await orgIdOf(p.database.db, 'demo'), host: 'fuzz-usun.example.pl' })
      .returning({ id: organisationDomains.id });
    const domainId = String(domainRow!.id);
    const claimId = String(
      (await json<{ Id: number }>(post('/settings/domains', { Host: 'fuzz-czeka.example.pl' }))).Id,
    );
    await json(post('/shipping', { Tresc: 'Fuzz: do usunięcia', Cena: 1, PlatnoscPrzyOdbiorze: false }));
    const shippingList = (
      await json<{ Items: { Id: number; Tresc: string }[] }>(owner.fetch(`${PANEL}/shipping`))
    ).Items;
    const shippingId = String(shippingList.find((o) => o.Tresc === 'Fuzz: do usunięcia')!.Id);
    const promotionId = String(
      (
        await json<{ Id: number }>(
          post('/promotions', { Nazwa: 'Fuzz: promocja', Rodzaj: 'percent', Procent: 10, Kod: 'FUZZ-PROMO' }),
        )
      ).Id,
    );
    const groupId = String(
      (
        await json<{ Id: number }>(
          post('/customer-groups', { Nazwa: 'Fuzz: grupa', Domeny: ['fuzz.example.pl'] }),
        )
      ).Id,
    );
    // The contact forms' senders, for the inbox message and accreditation here and the samples below.
    const sender = { firstName: 'Jan', lastName: 'Kowalski', email: 'jan@example.pl', phone: '600' };
    const accreditation = {
      Imie: 'Jan',
      Nazwisko: 'Kowalski',
      Email: 'jan@example.pl',
      Telefon: '600',
      Redakcja: 'Gazeta',
      Funkcja: 'Fotoreporter',
      Wydarzenie: 'Mecz',
      Uwagi: 'Brak',
    };
    const org = { headers: { organizacja: 'demo' } };
    await p.fetch(endpoints.sendMessage.path, {
      ...org,
      method: 'POST',
      json: { message: 'Fuzz', ...sender },
    });
    await p.fetch(endpoints.sendAccreditation.path, { ...org, method: 'POST', json: accreditation });
    const messageId = String(
      (await json<{ Items: { Id: number }[] }>(owner.fetch(`${PANEL}/inbox/messages`))).Items[0]!.Id,
    );
    const accreditationId = String(
      (await json<{ Items: { Id: number }[] }>(owner.fetch(`${PANEL}/inbox/accreditations`))).Items[0]!.Id,
    );
    // Reordered: the children of a category the other samples add none to (they create under 1 and
    // at the top), so the sample still names every child when its turn comes.
    const tree = (await (await owner.fetch(`${PANEL}/categories`)).json()) as {
      Id: number;
      IdParent: number | null;
    }[];
    const childrenOf = (id: number) => tree.filter((c) => c.IdParent === id).map((c) => c.Id);
    const reorderParent = tree.find((c) => c.Id !== 1 && childrenOf(c.Id).length > 1)!.Id;
    const address = {
      Nazwa: 'Jan Kowalski',
      UlicaINumer: 'Polna 1',
      KodPocztowy: '00-001',
      Miasto: 'Warszawa',
      Telefon: '600100200',
      Email: 'jan@example.pl',
    };
    // Typed as a full record: a new endpoint in the contract fails typechecking until it has a sample.
    const all: Record<EndpointName, Sample> = {
      register: {
        body: {
          Imie: 'Jan',
          Nazwisko: 'Kowalski',
          Email: 'fuzz-register@example.pl',
          Haslo: 'Fuzz12345',
          PowtorzHaslo: 'Fuzz12345',
          AkceptacjaRegulaminu: true,
        },
      },
      confirmAccount: { params: { guid: randomUUID() } },
      // An unknown address: failed logins must not lock the seeded customer out.
      login: { body: { Login: 'fuzz-login@example.pl', Password: 'Fuzz12345' } },
      changePassword: {
        body: { ObecneHaslo: 'Zle12345', NoweHaslo: 'Fuzz12345', PowtorzNoweHaslo: 'Fuzz12345' },
      },
      remindPassword: { body: { Email: 'fuzz-remind@example.pl' } },
      resendConfirmation: { body: { Email: 'fuzz-resend@example.pl' } },
      remindPasswordSetNew: {
        body: { Haslo: 'Fuzz12345', PowtorzHaslo: 'Fuzz12345', Guid: randomUUID() },
      },
      changeEmail: {
        body: { staryEmail: 'kibic@example.pl', NowyEmail: 'fuzz-new@example.pl', ObecneHaslo: 'Zle12345' },
      },
      changeEmailConfirm: { params: { hash: randomUUID() } },
      getProfileInfo: {},
      getLoggedInUserInfo: {},
      logout: { last: true },
      saveProfile: {
        body: {
          DaneKonta: { Imie: 'Jan', Nazwisko: 'Kibic', Email: 'x@example.pl', Haslo: '' },
          Adres: address,
        },
      },
      getAddress: {},
      getCartCount: { params: { guid: cart } },
      getProducts: {
        params: { offset: '0', count: '8' },
        query: { kategoriaId: '1', excludeProduktId: String(productId), sort: 'cena-rosnaco' },
      },
      getProduct: { params: { id: String(productId) } },
      getCategories: {},
      getCategoryCounts: {},
      getProductCount: { query: { kategoriaId: '1' } },
      searchProducts: { query: { q: 'szalik', offset: '0', count: '6' } },
      getSitemapIndex: {},
      getSitemapProducts: { params: { plik: '1' } },
      addToCart: {
        params: { guid: cart },
        body: [{ Id: 0, IdWyrob: withOption.Id, Ilosc: 1, Parametr: withOption.Parametry[0]! }],
      },
      getCart: { params: { guid: cart } },
      removeCartLine: { params: { guid: cart, positionId: String(line) } },
      setCartCode: { params: { guid: cart }, body: { Kod: 'SOKOL10' } },
      removeCartCode: { params: { guid: cart } },
      setCartGiftCard: { params: { guid: cart }, body: { Kod: 'ABCD-EFGH-JKMN-PQRS' } },
      removeCartGiftCard: { params: { guid: cart } },
      getGiftCardBalance: { body: { Kod: 'ABCD-EFGH-JKMN-PQRS' } },
      getMemberPrices: { query: { ids: '1,2,3' } },
      getShipping: {},
      placeOrder: {
        body: {
          ...address,
          SposobDostawy: { Id: shipping[0]!.Id, Tresc: shipping[0]!.Tresc, Meta: 0 },
          Platnosc: 20,
          DodatkoweInformacjeDostawa: 'WAW01',
          Expire: 0,
          AkceptacjaRegulaminu: true,
          // Each request gets a cart of its own: one accepted order must not leave the rest a 409.
          Guid: FRESH_CART,
        },
      },
      getOrderHistory: {},
      getOrderDetails: { params: { id: '1' } },
      getPaymentOutcome: { params: { token: `1.${'a'.repeat(32)}` } },
      retryPayment: { body: { Token: `1.${'a'.repeat(32)}` } },
      getWithdrawal: { params: { token: `1.1.${'a'.repeat(32)}` } },
      submitWithdrawal: {
        params: { token: `1.1.${'a'.repeat(32)}` },
        body: { Pozycje: [{ Id: 1, Ilosc: 1 }] },
      },
      getAccountWithdrawal: { params: { id: orderId } },
      submitAccountWithdrawal: { params: { id: orderId }, body: { Pozycje: [{ Id: 1, Ilosc: 1 }] } },
      confirmOrder: { body: { Token: 'a'.repeat(43) } },
      subscribeStockAlert: {
        body: { IdProduktu: Number(productId), Email: 'fuzz-alert@example.pl', Zgoda: true },
      },
      getStockAlert: { params: { token: 'a'.repeat(32) } },
      unsubscribeStockAlert: { params: { token: 'a'.repeat(32) } },
      getSiteSettings: {},
      sendMessage: { body: { message: 'Dzień dobry', ...sender } },
      sendAccreditation: { body: accreditation },
      getLogoMain: { query: { p: 'demo' } },
      getLogoFooter: { query: { p: 'demo' } },
      getBanner: { params: { panelId: '10' } },
      getMenu: { params: { menuId: '10' } },
      getSocial: {},
      getContentCategories: {},
      getSubpages: { params: { param: 'o-klubie' } },
      getContentCount: { params: { type: '20' } },
      getContentPage: { params: { slug: 'regulamin', type: '20' } },
      getContentList: { params: { type: '10', offset: '0', count: '8' }, query: { kategorie: '1,2' } },
      // Panel endpoints (path under /api/panel/) are also sent with the owner's session on a throwaway
      // shop: use the real ids above (orderId, customerId, managerId, photoId, emptyCategoryId,
      // productId) so their handlers get past the lookup; the sample itself must get a 2xx there
      // (or its `ownerStatus`); mark what deletes or revokes `last`.
      // panel: orders, customers, dashboard. Few query keys: the list and its CSV share one schema,
      // and paging (offset/count) is the same helper as every other panel list; the case budget is shared.
      panelOrders: { query: { status: '10,20', platnosc: 'NEW', od: '2026-01-01', sort: '-data' } },
      panelOrdersCsv: { query: { q: 'ZS' } },
      panelOrdersSummary: {},
      panelOrder: { params: { id: orderId } },
      panelOrderStatus: { params: { id: orderId }, body: { Status: 20, Notatka: 'Fuzz' } },
      panelOrderMarkPaid: { params: { id: orderId } },
      panelOrderNote: { params: { id: orderId }, body: { Tresc: 'Fuzz' } },
      panelOrderAddress: {
        params: { id: orderId },
        body: {
          Nazwa: 'Jan Fuzz',
          UlicaINumer: 'ul. Testowa 1',
          KodPocztowy: '00-001',
          Miasto: 'Warszawa',
          Telefon: '600700800',
          Email: 'fuzz@example.pl',
        },
      },
      // No such line in the order: refused with the field named, before any stock moves.
      panelOrderLines: {
        params: { id: orderId },
        body: { Pozycje: [{ Id: 2_000_000_000, Ilosc: 1 }] },
        ownerStatus: 400,
      },
      panelOrderShipment: {
        params: { id: orderId },
        body: { Przewoznik: 'inpost', NumerPrzesylki: '6200123456789' },
      },
      panelOrderPackingSlip: { params: { id: orderId } },
      panelOrderRefunds: { params: { id: orderId } },
      // The cash-on-delivery order the sample above marked paid: its owner refunds a piece by transfer.
      panelOrderRefund: {
        params: { id: orderId },
        body: { Pozycje: [{ Id: 1, Ilosc: 1 }], Dostawa: true, NrKonta: 'PL61109010140000071219812874' },
      },
      // No refund of another club's order (nor one that never stuck) is sent again.
      panelOrderRefundResend: { params: { id: orderId, refundId: '2000000000' }, ownerStatus: 404 },
      orderInvoices: { params: { id: '1' } },
      requestOrderInvoice: { params: { id: '1' }, body: { Nazwa: 'Firma', NIP: '1234563218' } },
      orderInvoicePdf: { params: { id: '1' } },
      panelOrderInvoices: { params: { id: orderId } },
      panelIssueOrderInvoice: { params: { id: orderId } },
      panelInvoicePdf: { params: { id: '1' } },
      panelInvoicesCsv: { query: { od: '2026-01-01', do: '2026-12-31' } },
      panelReturns: { query: { stan: 'zgloszony' } },
      panelReturn: { params: { id: returnId } },
      panelReturnState: { params: { id: returnId }, body: { Stan: 'przyjety' } },
      panelReturnExchange: {
        params: { id: returnId, lineId: String(returnLine!.id) },
        body: { WymianaNa: null },
      },
      panelCustomers: { query: { q: 'kibic' } },
      panelCustomer: { params: { id: customerId } },
      panelCustomerAnonymise: { params: { id: customerId }, last: true },
      panelDashboard: {},
      // panel: products
      panelProducts: {
        query: {
          offset: '0',
          count: '20',
          q: 'szalik',
          sort: '-cena',
          kategoria: '1',
          status: 'active',
          stan: 'low',
        },
      },
      panelProduct: { params: { id: String(productId) } },
      panelStockAlertCounts: { params: { id: String(productId) } },
      panelProductCreate: {
        body: {
          Nazwa: 'Fuzz',
          Opis: 'Opis',
          OpisDodatkowy: '<p>Fuzz</p>',
          CenaBrutto: 19.99,
          KategoriaId: null,
          WymagajWybraniaParametru: true,
          Stan: 0,
          Parametry: [{ Nazwa: 'M', Stan: 3 }],
        },
      },
      panelProductUpdate: {
        params: { id: String(productId) },
        body: { Nazwa: 'Fuzz', Opis: '', CenaBrutto: 5, KategoriaId: null, Stan: 4, Parametry: [] },
      },
      panelProductStatus: { params: { id: String(productId) }, body: { Status: 'hidden' } },
      // panel: photos. The upload takes multipart, not JSON: the JSON and text bodies fuzz its refusals.
      panelPhotos: { params: { id: String(productId) } },
      panelPhotoUpload: { params: { id: String(productId) }, ownerStatus: 415 },
      panelPhotoOrder: { params: { id: String(productId) }, body: { Kolejnosc: photoIds.toReversed() } },
      panelPhotoMain: { params: { id: String(productId), photoId } },
      panelPhotoVariant: { params: { id: String(productId), photoId }, body: { Wartosc: null } },
      panelPhotoDelete: { params: { id: String(productId), photoId }, last: true },
      // panel: auth, audit, categories, staff
      panelLogin: { body: { Email: 'fuzz-panel@example.pl', Haslo: 'Fuzz12345' }, ownerStatus: 400 },
      panelLogout: { last: true },
      panelMe: {},
      panelInviteAccept: {
        body: { Token: randomUUID(), Haslo: 'Fuzz12345', PowtorzHaslo: 'Fuzz12345' },
        ownerStatus: 400,
      },
      panelReset: {
        body: { Token: randomUUID(), Haslo: 'Fuzz12345', PowtorzHaslo: 'Fuzz12345' },
        ownerStatus: 400,
      },
      panelRemind: { body: { Email: 'fuzz-panel@example.pl' } },
      panelAudit: { query: { offset: '0', count: '20', q: 'kategoria', sort: '-kiedy' } },
      panelCategories: {},
      panelCategoryCreate: { body: { Nazwa: 'Fuzz', IdParent: 1 } },
      panelCategoryUpdate: { params: { id: emptyCategoryId }, body: { Nazwa: 'Fuzz', IdParent: null } },
      panelCategoryReorder: {
        body: { IdParent: reorderParent, Kolejnosc: childrenOf(reorderParent).toReversed() },
      },
      panelCategoryDelete: { params: { id: emptyCategoryId }, last: true },
      panelCategorySizeGuide: { params: { id: emptyCategoryId } },
      panelCategorySizeGuideSave: {
        params: { id: emptyCategoryId },
        body: { TabelaRozmiarow: { Kolumny: ['Rozmiar', 'Wiek'], Wiersze: [['S', '8 lat']] } },
      },
      panelProductSizeGuide: { params: { id: String(productId) } },
      panelProductSizeGuideSave: {
        params: { id: String(productId) },
        body: { TabelaRozmiarow: { Kolumny: ['Rozmiar', 'Wiek'], Wiersze: [['S', '8 lat']] } },
      },
      panelProductPrinting: { params: { id: String(productId) } },
      panelProductPrintingSave: {
        params: { id: String(productId) },
        body: {
          Wlaczony: true,
          CenaZaLitere: 3,
          CenaZaCyfre: 5,
          CenaStala: null,
          MaksZnakow: 12,
          ZawodnicyWlaczeni: false,
          CenaZawodnika: 40,
        },
      },
      panelSquad: {},
      panelSquadSave: { body: { Zawodnicy: [{ Nazwisko: 'NOWAK', Numer: 9 }] } },
      panelPrintQueue: { query: { stan: 'do-zrobienia' } },
      panelPrintQueueMarkLine: { params: { id: '1' }, body: { Wydrukowano: true }, ownerStatus: 404 },
      panelPrintQueueMarkOrder: { params: { id: '1' }, body: { Wydrukowano: true }, ownerStatus: 404 },
      panelPreorders: {},
      panelPreorderSave: {
        params: { id: String(withOption.Id), parameterId: String(withOption.Parametry[0]!.Id) },
        body: { Przedsprzedaz: { DataWysylki: '2099-12-31', Limit: 5 } },
      },
      panelStaff: {},
      panelStaffCreate: {
        body: { Email: 'fuzz-staff@example.pl', Imie: 'Jan', Nazwisko: 'Nowak', Rola: 'manager' },
      },
      panelStaffRole: { params: { id: managerId }, body: { Rola: 'manager' } },
      panelStaffReinvite: { params: { id: managerId }, ownerStatus: 409 },
      panelStaffDelete: { params: { id: managerId }, last: true },
      // panel: banners, menus, social links, sub-pages. Uploads take multipart: JSON fuzzes their refusals.
      panelBanner: { params: { panelId: '10' } },
      panelBannerUpdate: { params: { panelId: '10' }, body: { Wysokosc: 450 } },
      panelBannerSlideCreate: { params: { panelId: '10' }, ownerStatus: 415 },
      panelBannerSlideOrder: { params: { panelId: '10' }, body: { Kolejnosc: slideIds } },
      panelBannerSlideUpdate: {
        params: { panelId: '10', slideId: String(slideIds[0]) },
        body: {
          Nazwa: 'Fuzz',
          Tresc: 'Tekst',
          Url: '/produkty',
          KolorText: '#ffffff',
          BgOpacity: 30,
          IsKolorMaski: true,
          KolorMaski: '#000000',
          BanerGrafikaPrzezroczystoscMaski: 40,
          PolozenieTextX: 10,
          PolozenieTextY: 20,
        },
      },
      panelBannerSlideImages: { params: { panelId: '10', slideId: String(slideIds[0]) }, ownerStatus: 415 },
      panelBannerSlideMobileDelete: { params: { panelId: '10', slideId: String(slideIds[1]) }, last: true },
      panelBannerSlideDelete: { params: { panelId: '10', slideId: String(slideIds.at(-1)) }, last: true },
      panelMenu: { params: { menuId: '10' } },
      panelMenuItemCreate: {
        params: { menuId: '30' },
        body: { Tytul: 'Fuzz', Url: 'https://example.org/', OtworzWNowymOknie: true, IdParent: null },
      },
      panelMenuItemUpdate: { params: { menuId: '30', id: menuItemId }, body: { IdParent: null, Pozycja: 0 } },
      panelMenuReorder: { params: { menuId: '10' }, body: { IdParent: null, Kolejnosc: mainMenuTop } },
      panelMenuItemDelete: { params: { menuId: '30', id: menuItemId }, last: true },
      panelLinkTargets: {},
      panelSocial: {},
      panelSocialUpdate: { body: { Linki: [{ Rodzaj: 1, Url: 'https://www.facebook.com/klub' }] } },
      panelPages: { query: { q: 'kontakt', sort: '-data' } },
      panelPage: { params: { id: pageId } },
      panelPageCreate: {
        body: {
          Slug: 'fuzz',
          Tytul: 'Fuzz',
          Tresc: '<p>x</p>',
          Parametry: [{ Klucz: 'kontakt', Wartosc: '1' }],
        },
      },
      panelPageUpdate: {
        params: { id: pageId },
        body: { Slug: 'fuzz-strona', Tytul: 'Fuzz', IdRodzica: null },
      },
      panelPageDelete: { params: { id: pageId }, last: true },
      panelPageImageUpload: { ownerStatus: 415 },
      // panel: settings, seller data, shipping, payments. The logo upload takes multipart.
      panelSettings: {},
      panelSettingsUpdate: {
        body: { Nazwa: 'Fuzz', Mapa: 'https://maps.example.pl/', Pola: [10, 40], PolaWymagane: [40] },
      },
      panelLogoUpload: { params: { which: 'main' }, ownerStatus: 415 },
      panelLogoDelete: { params: { which: 'footer' }, last: true },
      panelDomains: {},
      panelDomainCreate: { body: { Host: 'fuzz.example.pl' } },
      panelDomainDelete: { params: { id: domainId }, last: true },
      panelDomainClaimVerify: { params: { id: claimId }, ownerStatus: 400 },
      panelDomainClaimDelete: { params: { id: claimId }, last: true },
      panelSeller: {},
      panelSellerUpdate: {
        body: {
          Nazwa: 'Fuzz sp. z o.o.',
          UlicaINumer: 'Polna 1',
          KodPocztowy: '00-001',
          Miasto: 'Warszawa',
          NIP: '1234563218',
          REGON: '123456785',
          KRS: '0000123456',
          Email: 'fuzz@example.pl',
          Telefon: '600100200',
          NrKonta: 'PL61109010140000071219812874',
          Reklamacje: null,
        },
      },
      getSeller: {},
      panelShipping: {},
      panelShippingCreate: { body: { Tresc: 'Fuzz', Cena: 9.99, PlatnoscPrzyOdbiorze: true } },
      panelShippingUpdate: { params: { id: shippingId }, body: { Aktywna: false } },
      // The create sample (and its fuzzed cases) add options after this list was read: the handler
      // checks the order against the database and refuses the stale list.
      panelShippingReorder: { body: { Kolejnosc: shippingList.map((o) => o.Id) }, ownerStatus: 400 },
      panelShippingDelete: { params: { id: shippingId }, last: true },
      panelPromotions: {},
      panelPromotion: { params: { id: promotionId } },
      panelPromotionCreate: { body: { Nazwa: 'Fuzz', Rodzaj: 'amount', Kwota: 5 } },
      panelPromotionUpdate: { params: { id: promotionId }, body: { Nazwa: 'Fuzz: zmiana' } },
      panelPromotionPause: { params: { id: promotionId } },
      panelPromotionResume: { params: { id: promotionId } },
      panelPromotionStats: { params: { id: promotionId }, query: { od: '2026-01-01', do: '2026-12-31' } },
      panelPromotionCodesCsv: { params: { id: promotionId } },
      // Ended, it refuses changes: after the others.
      panelPromotionEnd: { params: { id: promotionId }, last: true },
      panelCustomerGroups: {},
      panelCustomerGroup: { params: { id: groupId } },
      panelCustomerGroupCreate: { body: { Nazwa: 'Fuzz', Domeny: ['sponsor.example.pl'] } },
      panelCustomerGroupUpdate: { params: { id: groupId }, body: { Nazwa: 'Fuzz: zmiana' } },
      panelCustomerGroupDelete: { params: { id: groupId }, last: true },
      panelPayments: {},
      panelPaymentsUpdate: { body: { PlatnoscPrzyOdbiorze: false } },
      panelPayuSave: {
        body: {
          PosId: '300746',
          ClientId: '300746',
          ClientSecret: 'fuzzsecret123',
          DrugiKlucz: 'fuzzkey12345',
          Sandbox: true,
        },
      },
      panelPayuDelete: { last: true },
      // The saved sample's secret is not the local PayU's: the test is a Polish refusal, not a 5xx.
      panelPayuTest: { body: { PosId: '300746' }, ownerStatus: 400 },
      // panel: inbox
      panelInboxSummary: {},
      panelInboxMessages: { query: { stan: 'nieprzeczytane', q: 'fuzz', sort: '-data' } },
      panelInboxMessage: { params: { id: messageId } },
      panelInboxMessageState: { params: { id: messageId }, body: { Przeczytana: true } },
      panelInboxAccreditations: { query: { stan: 'zalatwione' } },
      panelInboxAccreditation: { params: { id: accreditationId } },
      panelInboxAccreditationState: { params: { id: accreditationId }, body: { Zalatwiona: true } },
      // Complaints: no complaint exists in the fuzzed club, so the ids name nothing.
      fileComplaint: { params: { id: '1' }, ownerStatus: 415 },
      getOrderComplaints: { params: { id: '1' }, ownerStatus: 404 },
      getComplaintPhoto: { params: { id: '1', photoId: '1' }, ownerStatus: 404 },
      panelComplaints: { query: { stan: 'otwarte' } },
      panelComplaintsSummary: {},
      panelComplaint: { params: { id: '1' }, ownerStatus: 404 },
      panelComplaintStep: { params: { id: '1' }, body: { Stan: 'uznana' }, ownerStatus: 404 },
      panelComplaintPhoto: { params: { id: '1', photoId: '1' }, ownerStatus: 404 },
    };
    Object.assign(samples, all);
  });
  afterAll(() => Promise.all([t?.close(), p?.close(), payu?.close()]));

  /** The malformed requests for one endpoint (and for a panel endpoint its sample as it is). */
  const casesFor = (name: EndpointName, random: () => number): Omit<Case, 'who'>[] => {
    const ep = endpoints[name];
    const sample = samples[name];
    const params = sample.params ?? {};
    const query = sample.query ?? {};
    const base = { name, method: ep.method };
    const url = (p: Record<string, string>, q: Record<string, string>) => withQuery(fillPath(ep.path, p), q);
    const out: Omit<Case, 'who'>[] = [];
    const bodyText = toJson(sample.body);
    // With the owner's session the valid sample runs the handler to its end.
    if (isPanel(name)) out.push({ ...base, path: url(params, query), body: bodyText, what: 'sample' });

    for (const key of Object.keys(params))
      for (const [what, value] of paramMutations)
        out.push({
          ...base,
          path: url({ ...params, [key]: value }, query),
          body: bodyText,
          what: `param ${key}: ${what}`,
        });
    for (const key of Object.keys(query)) {
      for (const [what, value] of paramMutations)
        out.push({
          ...base,
          path: url(params, { ...query, [key]: value }),
          body: bodyText,
          what: `query ${key}: ${what}`,
        });
      out.push({
        ...base,
        path: `${url(params, query)}&${key}=1`,
        body: bodyText,
        what: `query ${key}: repeated`,
      });
    }
    const path = url(params, query);
    const junkQuery = `${path}${path.includes('?') ? '&' : '?'}x=%00`;
    out.push({ ...base, path: junkQuery, body: bodyText, what: 'unknown query: NUL' });
    if (ep.method === 'GET') return out;

    for (const [what, text] of bodyMutations) out.push({ ...base, path, body: text, what: `body: ${what}` });
    out.push({ ...base, path, body: 'x', contentType: 'text/plain', what: 'body: text/plain' });
    if (sample.body === undefined) return out;
    const body = sample.body;
    for (const node of nodes(body))
      for (const [what, value] of mutationsOf(node.value))
        out.push({
          ...base,
          path,
          body: toJson(setAt(body, node.path, value)),
          what: `body ${node.path.join('.') || '(root)'}: ${what}`,
        });
    // A few seeded combinations of several broken fields at once.
    const leaves = nodes(body).filter((n) => n.path.length);
    for (let i = 0; i < 8 && leaves.length; i++) {
      let mutated = body;
      const labels: string[] = [];
      for (let j = 0; j < 3; j++) {
        const leaf = leaves[Math.floor(random() * leaves.length)]!;
        const options = mutationsOf(leaf.value);
        const [what, value] = options[Math.floor(random() * options.length)]!;
        try {
          mutated = setAt(mutated, leaf.path, value);
          labels.push(`${leaf.path.join('.')}: ${what}`);
        } catch {
          // An earlier mutation replaced this leaf's parent: skip it.
        }
      }
      out.push({ ...base, path, body: toJson(mutated), what: `body mix: ${labels.join(', ')}` });
    }
    return out;
  };

  const send = async (c: Case) => {
    let headers: Record<string, string> = { organizacja: 'demo' };
    if (c.who === 'customer') {
      headers.authorization = `Bearer ${ticket}`;
      headers.cookie = `${XSRF_COOKIE}=${xsrf}`;
      headers[XSRF_HEADER] = xsrf;
    }
    if (c.who === 'owner') headers = { ...headers, ...panelHeaders(owner.token, owner.xsrf) };
    if (c.body !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
    const body = c.body?.includes(`"${FRESH_CART}"`) ? c.body.replace(FRESH_CART, await newCart()) : c.body;
    const started = performance.now();
    try {
      const res = await fetch((c.who === 'owner' ? p : t).url + c.path, {
        method: c.method,
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      return { status: res.status, text, ms: performance.now() - started };
    } catch (err) {
      return { status: 0, text: String(err), ms: performance.now() - started };
    }
  };

  const problemOf = (c: Case, status: number, text: string, ms: number): string | null => {
    if (status === 0) return `no answer: ${text}`;
    if (status >= 500) return `${status}: ${short(text)}`;
    // A valid body on a password endpoint is hashed (scrypt at OWASP's cost): allow for that.
    const limit = SLOW_MS + (HASHING.has(c.name) ? 2 * hashMs : 0);
    if (ms > limit) return `slow: ${Math.round(ms)} ms (limit ${Math.round(limit)} ms)`;
    if (c.what === 'sample' && c.who === 'owner') {
      // The valid sample runs the handler to its end: a refusal means the sample went stale.
      const expected = samples[c.name as EndpointName]?.ownerStatus;
      if (expected ? status !== expected : status >= 300)
        return `${status} for the sample with the owner's session (${expected ?? '2xx'} expected): ${short(text)}`;
    }
    // A customer's ticket never opens the panel.
    if (
      c.what === 'sample' &&
      c.who === 'customer' &&
      (endpoints[c.name as EndpointName] as Endpoint | undefined)?.panel &&
      status !== 403
    )
      return `${status} for the customer's ticket (403 expected): ${short(text)}`;
    if (status >= 400) {
      if (c.page && /^<!DOCTYPE html><html lang="pl">/i.test(text)) return null;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return `${status} without a JSON body: ${short(text)}`;
      }
      const message = (body as { Message?: unknown } | null)?.Message;
      if (!isPolishMessage(message)) return `${status} without a Polish { Message }: ${short(text)}`;
    }
    return null;
  };

  /** Sends the cases one after another (so each one's time is its own); returns what went wrong. */
  const run = async (cases: Case[]) => {
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    for (const c of cases) {
      const { status, text, ms } = await send(c);
      const key = `${c.name} ${status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      const problem = problemOf(c, status, text, ms);
      if (problem)
        failures.push(
          `${c.method} ${short(c.path)} [${c.who}] ${c.what}\n    body: ${short(c.body)}\n    → ${problem}`,
        );
      // A logout (or the owner removing themselves) ended the session: the rest needs a new one.
      if (c.who === 'owner' && status < 300 && samples[c.name as EndpointName]?.last)
        owner = await panelLogin(p);
    }
    console.info(
      `fuzz: ${cases.length} requests, answers by endpoint and status:`,
      Object.fromEntries(statuses),
    );
    if (failures.length)
      console.error(`${failures.length} of ${cases.length} fuzz requests failed:\n${failures.join('\n')}`);
    return failures;
  };

  /**
   * Every endpoint's cases: anonymously, and as the customer except on panel endpoints, which get
   * the owner's session instead (the customer's ticket only with the valid sample: it must get a
   * 403). A customer's ticket adds nothing on a malformed panel request: it is refused by
   * validation before anyone is looked at, as it is with the owner's session.
   */
  const plan = () => {
    const random = seeded(8);
    const names = Object.keys(endpoints) as EndpointName[];
    // Last of all the storefront's `last` (logout revokes the customer's ticket, which the panel's
    // `last` samples still need, to be refused with a 403).
    const rank = (n: EndpointName) => (samples[n].last ? (isPanel(n) ? 1 : 2) : 0);
    names.sort((a, b) => rank(a) - rank(b));
    const shop: Case[] = [];
    const ownerCases: Case[] = [];
    for (const name of names)
      for (const c of casesFor(name, random)) {
        shop.push({ ...c, who: 'anonymous' });
        if (!isPanel(name) || c.what === 'sample') shop.push({ ...c, who: 'customer' });
        if (isPanel(name)) ownerCases.push({ ...c, who: 'owner' });
      }
    return { shop, owner: ownerCases };
  };

  it('answers every malformed request to every endpoint with a fast 2xx/4xx in the Polish shape', async () => {
    const names = Object.keys(endpoints) as EndpointName[];
    expect(Object.keys(samples).sort()).toEqual([...names].sort());
    const cases = plan();
    // Bounded: the panel's endpoints roughly doubled the table.
    expect(cases.shop.length + cases.owner.length).toBeLessThan(MAX_REQUESTS);

    const failures = await run(cases.shop);
    expect(failures, failures.slice(0, 30).join('\n')).toEqual([]);
  }, 300_000);

  it('answers the panel endpoints the same way with the owner’s session, whose handlers then run', async () => {
    const cases = plan().owner;
    expect(new Set(cases.map((c) => c.name))).toEqual(
      new Set((Object.keys(endpoints) as EndpointName[]).filter(isPanel)),
    );
    const failures = await run(cases);
    expect(failures, failures.slice(0, 30).join('\n')).toEqual([]);
    // The shop is still well: it answers, a new session works, and nothing failed behind a 2xx/4xx.
    expect((await fetch(`${p.url}/api/health`)).status).toBe(200);
    const again = await panelLogin(p);
    expect((await again.fetch(`${PANEL}/auth/me`)).status).toBe(200);
    expect((await again.fetch(`${PANEL}/products?count=1`)).status).toBe(200);
    expect(ownerShopErrors, ownerShopErrors.slice(0, 5).join('\n')).toEqual([]);
  }, 300_000);

  it('answers malformed paths of the routes outside the contract (media, payments, pages) the same way', async () => {
    // The first page render loads the storefront's modules: not part of any request's time.
    if (web) await fetch(`${t.url}/`);
    const routes: [string, string, boolean][] = [
      ['GET', '/static/{}', false],
      ['GET', '/static/products/{}/x.jpg', false],
      // Product photo variants may be rendered on request (backfill.ts): every part of that path.
      ['GET', '/static/demo/wyrobzdjecie/1/{}/300_300_x.webp', false],
      ['GET', '/static/{}/wyrobzdjecie/1/1/300_300_x.webp', false],
      ['GET', '/static/demo/wyrobzdjecie/1/1/{}', false],
      ['GET', '/assets/{}', false],
      ['POST', '/api/payments/payu/notify/{}', false],
      ['GET', '/platnosc-demo/{}', true],
      ['POST', '/platnosc-demo/{}/approve', true],
      ['GET', '/api/cms/stronyfrontend/logo/main?p={}', false],
      ...(web
        ? ([
            ['GET', '/produkt/{}', true],
            ['GET', '/produkty/{}', true],
            ['GET', '/logowanie/{}', true],
            ['GET', '/resetuj-haslo/{}', true],
            ['GET', '/potwierdz-nowy-adres-email/{}', true],
            ['GET', '/{}', true],
            ['GET', '/koszyk?guid={}', true],
          ] as [string, string, boolean][])
        : []),
    ];
    const cases: Case[] = routes.flatMap(([method, template, page]) =>
      paramMutations.map(([what, value]) => ({
        name: template,
        method,
        path: template.replace('{}', value),
        body: method === 'POST' ? '{}' : undefined,
        who: 'anonymous' as const,
        what,
        page,
      })),
    );
    const failures = await run(cases);
    expect(failures, failures.slice(0, 30).join('\n')).toEqual([]);
  }, 120_000);
});
