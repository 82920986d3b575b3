import {
  HistoryOrderSchema,
  PanelOrderDetailSchema,
  PaymentMethod,
  PaymentOutcomeSchema,
  SiteSettingsSchema,
} from '@club/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type CheckoutShop,
  eventually,
  line,
  mails,
  makeCart,
  openCheckoutShop,
  orderBody,
  placeCart,
  placeOk,
  S,
  setClubLimits,
  setStock,
} from './fixtures/checkout.ts';
import { PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';

// The club's free-shipping threshold (panel: DarmowaDostawaOd) reaches the
// storefront through the site options and is charged by the order API, which decides on its own
// prices. Item 3: a cash-on-delivery order's thank-you address carries the signed token (?z=), so
// its thank-you page shows the order.

let { t, product, ship, customer } = {} as CheckoutShop;
let manager: PanelClient;

beforeAll(async () => {
  ({ t, product, ship, customer } = await openCheckoutShop());
  manager = await panelLogin(t, { role: 'manager' });
  // 11 scarves a line: above the club's default limit of 10, which is not what this file checks.
  await setClubLimits(t, { LimitSztukNaPozycje: ABOVE });
});
afterAll(() => t?.close());
// Every test buys a dozen: enough stock for each.
beforeEach(() => setStock(t.database.db, product(SCARF).Id, 45));

/** 69,99 zł, 45 in stock, no parameters: 10 pieces 699,90 zł (below 700 zł), 11 pieces 769,89 zł. */
const SCARF = 'Szalik zimowy dziany';
const BELOW = 10;
const ABOVE = 11;
const DPD_GROSZE = 1599;

/** The manager's threshold in zł (null: none), as the panel sends it. */
const setThreshold = async (zl: number | null) => {
  const res = await manager.fetch(`${PANEL}/settings`, { method: 'PATCH', json: { DarmowaDostawaOd: zl } });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { DarmowaDostawaOd: number | null }).DarmowaDostawaOd).toBe(zl);
};

/** Places `pieces` scarves by the courier (cash on delivery unless said); returns the stored order and the URL. */
const order = async (pieces: number, extra: Record<string, unknown> = {}, ticket?: string) => {
  const {
    url,
    guid,
    order: row,
  } = await placeCart(t, [line(product(SCARF), pieces)], ship('Kurier DPD'), {
    ticket,
    extra: { Platnosc: 20, ...extra },
  });
  return { url, guid, row };
};

const settingsOptions = async () =>
  SiteSettingsSchema.parse(await (await t.fetch('/api/cms/stronyfrontend/get', { org: 'demo' })).json())
    .Opcje;

describe('the threshold reaches the storefront through the site options', () => {
  it("set: option 'darmowa-dostawa-od' in grosze; cleared: gone (settings shape unchanged)", async () => {
    await setThreshold(700);
    try {
      expect(await settingsOptions()).toContainEqual({
        Klucz: 'darmowa-dostawa-od',
        Wartosc: '70000',
        Typ: 10,
      });
    } finally {
      await setThreshold(null);
    }
    expect((await settingsOptions()).some((o) => o.Klucz === 'darmowa-dostawa-od')).toBe(false);
  });
});

describe('the order API charges delivery by the threshold', () => {
  beforeAll(() => setThreshold(700));
  afterAll(() => setThreshold(null));

  it('goods above it: delivery 0, the total is the goods; e-mail, panel and history agree', async () => {
    const { row } = await order(ABOVE, { Email: 'darmowa.dostawa@example.pl' }, customer);
    expect(row).toMatchObject({
      itemsTotal: 76_989,
      shippingCost: 0,
      total: 76_989,
      shippingName: 'Kurier DPD',
    });

    const detail = PanelOrderDetailSchema.parse(
      await (await manager.fetch(`${PANEL}/orders/${row.id}`)).json(),
    );
    expect(detail.Dostawa).toMatchObject({ Nazwa: 'Kurier DPD', Koszt: 0 });
    expect(detail.Kwota).toBe(769.89);

    const history = z
      .array(HistoryOrderSchema)
      .parse(await (await t.fetch(`${S}/pobierzHistorieZamowien`, { ticket: customer })).json());
    expect(history.find((h) => h.NrZamowienia === row.number)?.Koszt).toBe(769.89);

    const mail = await eventually(async () =>
      (await mails(t)).find((m) => m.includes('darmowa.dostawa@example.pl') && m.includes(row.number)),
    );
    expect(mail).toMatch(/Wysyłka: Kurier DPD[\s\S]*?0,00\s+zł/);
    expect(mail).not.toContain('15,99');
  });

  it('goods exactly at it: free ("od" is inclusive)', async () => {
    await setThreshold(699.9);
    try {
      expect((await order(BELOW)).row).toMatchObject({ shippingCost: 0, total: 69_990 });
    } finally {
      await setThreshold(700);
    }
  });

  it("goods below it: the option's price", async () => {
    expect((await order(BELOW)).row).toMatchObject({
      itemsTotal: 69_990,
      shippingCost: DPD_GROSZE,
      total: 69_990 + DPD_GROSZE,
    });
  });

  it('the price the client sends is ignored, both ways', async () => {
    const below = await order(BELOW, { SposobDostawy: { ...ship('Kurier DPD'), Meta: 0 } });
    expect(below.row).toMatchObject({ shippingCost: DPD_GROSZE, total: 69_990 + DPD_GROSZE });
    const above = await order(ABOVE, { SposobDostawy: { ...ship('Kurier DPD'), Meta: 99_999 } });
    expect(above.row).toMatchObject({ shippingCost: 0, total: 76_989 });
  });

  it('an online payment above it asks for the goods only', async () => {
    const { url, row } = await order(ABOVE, { Platnosc: PaymentMethod.payu });
    expect(url).toMatch(/\/platnosc-demo\//);
    expect(row).toMatchObject({ shippingCost: 0, total: 76_989 });
    const page = await (await fetch(`${t.url}${new URL(url).pathname}`)).text();
    expect(page).toContain('769,89');
  });
});

describe('without a threshold delivery is always charged', () => {
  it('goods far above any amount: the price of the option', async () => {
    expect((await order(ABOVE)).row).toMatchObject({ shippingCost: DPD_GROSZE, total: 76_989 + DPD_GROSZE });
  });
});

describe("cash on delivery: the thank-you address names the order by the buyer's token", () => {
  it('the URL carries a valid token; the thank-you API shows number, amount, method and state', async () => {
    const { url, row } = await order(1);
    const escaped = t.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(url).toMatch(new RegExp(`^${escaped}/potwierdenie-platnosci\\?z=${row.id}\\.[A-Za-z0-9_-]{32}$`));
    expect(row.paymentUrl).toBe(url);
    const token = new URL(url).searchParams.get('z')!;
    const res = await t.fetch(`${S}/platnosc/${token}`, { org: 'demo' });
    expect(res.status).toBe(200);
    expect(PaymentOutcomeSchema.parse(await res.json())).toEqual({
      NrZamowienia: row.number,
      Kwota: (6_999 + DPD_GROSZE) / 100,
      Platnosc: PaymentMethod.cashOnDelivery,
      Status: 10,
      Wynik: 'oczekuje',
      MoznaPonowic: false,
      // A guest's first order to this address waits for the confirmation from the e-mail.
      PotwierdzDo: row.confirmBy!.toISOString(),
    });
  });

  it("the token is the club's: another club's shop, or a changed token, finds nothing", async () => {
    const { url } = await order(1);
    const token = new URL(url).searchParams.get('z')!;
    expect((await t.fetch(`${S}/platnosc/${token}`, { org: 'rywal' })).status).toBe(404);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.fetch(`${S}/platnosc/${forged}`, { org: 'demo' })).status).toBe(404);
  });

  it('the same cart sent again answers the same address', async () => {
    const guid = await makeCart(t, [line(product(SCARF), 1)]);
    const body = orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 });
    const first = await placeOk(t, body);
    expect(await placeOk(t, body)).toBe(first);
  });
});
