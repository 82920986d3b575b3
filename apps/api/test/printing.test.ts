import {
  type Cart,
  fillMessage,
  formatGrosze,
  msg,
  PanelPrintingSchema,
  type PrintQueue,
  ProductSchema,
  SquadSchema,
  type WithdrawalOffer,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { ExemptReason } from '../src/lib/withdrawal-window.ts';
import * as checkout from './fixtures/checkout.ts';
import { PANEL } from './fixtures/panel.ts';

/** Name-and-number printing over HTTP (decision 143): server prices, refusals, the order, withdrawal, the print queue. */
let { t, product, ship, manager, rival } = {} as checkout.CheckoutPanelShop;
beforeAll(async () => {
  ({ t, product, ship, manager, rival } = await checkout.openCheckoutPanelShop());
});
afterAll(() => t?.close());

const SHIRT = 'Koszulka meczowa domowa 2026/27';
const shirt = () => product(SHIRT);
const printed = (Nadruk: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  ...checkout.line(shirt(), 1, 'M'),
  Nadruk,
  ...extra,
});
const add = (lines: unknown[], guid = '', org = 'demo') =>
  t.fetch(`${checkout.S}/koszyk/${guid}`, { method: 'POST', json: lines, org });
const cartOf = async (guid: string) => checkout.json<Cart>(await t.fetch(`${checkout.S}/koszyk/${guid}`));

describe('the product page offers printing', () => {
  it('the demo shirt offers it with the squad as presets; a product without printing offers none', async () => {
    const res = await t.fetch(`${checkout.S}/pokazProdukt/${shirt().Id}`);
    const p = ProductSchema.strict().parse(await res.json());
    expect(p.Nadruk).toMatchObject({ CenaZaLitere: 3, CenaZaCyfre: 5, CenaStala: null, MaksZnakow: 12 });
    expect(p.Nadruk?.Zawodnicy.map((z) => `${z.Nazwisko} ${z.Numer}`)).toEqual([
      'ZIELIŃSKI 1',
      'KOWALCZYK 7',
      'WIŚNIEWSKI 10',
    ]);
    expect(p.Nadruk?.CenaZawodnika).toBe(45);
    expect(product('Kubek z herbem').Nadruk).toBeUndefined();
  });
});

describe('a printed cart line', () => {
  it('is priced on the server from the product settings: a price the client sends is ignored', async () => {
    const res = await add([printed({ Nazwisko: ' nowak ', Numer: 9, Cena: 0 }, { CenaJednBrutto: 0.01 })]);
    const guid = await res.text();
    expect(res.status, guid).toBe(200);
    const [l] = (await cartOf(guid)).Pozycje;
    // 5 letters × 3 zł + 1 digit × 5 zł.
    expect(l!.Nadruk).toEqual({ Nazwisko: 'NOWAK', Numer: 9, IdZawodnika: null, Tekst: 'NOWAK 9', Cena: 20 });
    expect(l!.CenaJednBrutto).toBe(shirt().CenaBrutto + 20);
    expect(l!.Produkt).toBe(`${SHIRT} - M, nadruk „NOWAK 9”`);
  });

  it('product + variant + printing is one line: another name is another line, the same name adds up', async () => {
    const guid = await (await add([printed({ Nazwisko: 'NOWAK', Numer: 9 })])).text();
    await add([printed({ Nazwisko: 'nowak-kos', Numer: 23 })], guid);
    await add([printed({ Nazwisko: 'nowak', Numer: 9 })], guid);
    await add([checkout.line(shirt(), 1, 'M')], guid);
    const lines = (await cartOf(guid)).Pozycje;
    expect(lines.map((l) => [l.Nadruk?.Tekst ?? null, l.Ilosc])).toEqual([
      ['NOWAK 9', 2],
      ['NOWAK-KOS 23', 1],
      [null, 1],
    ]);
    // The hyphen is free: 8 letters × 3 zł + 2 digits × 5 zł.
    expect(lines[1]!.Nadruk?.Cena).toBe(34);
  });

  it('a squad preset prints the player at the preset price, whatever name was sent', async () => {
    const squad = ProductSchema.parse(
      await (await t.fetch(`${checkout.S}/pokazProdukt/${shirt().Id}`)).json(),
    ).Nadruk!.Zawodnicy;
    const player = squad.find((z) => z.Numer === 7)!;
    const guid = await (
      await add([printed({ IdZawodnika: player.Id, Nazwisko: 'OSZUST', Numer: 1 })])
    ).text();
    const [l] = (await cartOf(guid)).Pozycje;
    expect(l!.Nadruk).toMatchObject({ Tekst: 'KOWALCZYK 7', Cena: 45, IdZawodnika: player.Id });
  });

  it.each([
    ['NOWAK1', {}, msg.printingCharacters],
    ["O'NEIL", {}, msg.printingCharacters],
    ['J. NOWAK', {}, msg.printingCharacters],
    ['-NOWAK', {}, msg.printingCharacters],
    ['NOWAKÖ', {}, msg.printingCharacters],
    ['WASZCZYKOWSKA', {}, fillMessage(msg.printingTooLong, { liczba: '12' })],
    ['NOWAK', { Numer: 0 }, msg.printingNumber],
    ['NOWAK', { Numer: 100 }, msg.printingNumber],
    ['', {}, msg.printingEmpty],
  ])('"%s" %o is refused with a Polish message', async (Nazwisko, more, message) => {
    const res = await add([printed({ Nazwisko, ...more })]);
    expect((await checkout.refused(res, 400)).Message).toBe(message);
  });

  it("a product without printing, another club's product and another club's player are refused", async () => {
    const mug = await add([{ ...checkout.line(product('Kubek z herbem')), Nadruk: { Nazwisko: 'NOWAK' } }]);
    expect((await checkout.refused(mug, 400)).Message).toBe(msg.printingNotOffered);
    // The demo shirt asked for in the rival's shop: not its product.
    const foreign = await add([printed({ Nazwisko: 'NOWAK' })], '', 'rywal');
    expect((await checkout.refused(foreign, 404)).Message).toBe(msg.productNotFound);
    const saved = await rival.fetch(`${PANEL}/squad`, {
      method: 'PUT',
      json: { Zawodnicy: [{ Nazwisko: 'Obcy', Numer: 5 }] },
    });
    const theirs = SquadSchema.parse(await checkout.json(saved)).Zawodnicy[0]!;
    expect(theirs.Nazwisko).toBe('OBCY');
    const preset = await add([printed({ IdZawodnika: theirs.Id })]);
    expect((await checkout.refused(preset, 404)).Message).toBe(msg.printingPlayerNotFound);
  });
});

describe('a printed order', () => {
  it('keeps the text and price in its line, e-mail and print queue; the printed line cannot be withdrawn', async () => {
    const email = `nadruk.${Date.now()}@example.pl`;
    const { order } = await checkout.placeCart(
      t,
      [printed({ Nazwisko: 'NOWAK', Numer: 9 }) as never, checkout.line(product('Kubek z herbem'))],
      ship('Kurier DPD'),
      { extra: { Email: email } },
    );
    const lines = await checkout.linesOf(t.database.db, order.id);
    const shirtLine = lines.find((l) => l.printingText)!;
    expect(shirtLine).toMatchObject({
      printingText: 'NOWAK 9',
      printingPrice: 2000,
      unitPrice: Math.round(shirt().CenaBrutto * 100) + 2000,
      productName: `${SHIRT}, nadruk „NOWAK 9” (w cenie ${formatGrosze(2000)})`,
    });
    expect(order.itemsTotal).toBe(lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0));

    const mail = (await checkout.mails(t)).find((m) => m.startsWith(`To: ${email}\n`))!;
    expect(mail).toContain(`nadruk „NOWAK 9” (w cenie ${formatGrosze(2000)})`);
    expect(mail).toContain('koszulek z nadrukiem nazwiska lub numeru (art. 38 ust. 1 pkt 3');
    const token = /\/odstapienie\/(\d+\.\d+\.[A-Za-z0-9_-]{32})/.exec(mail)![1]!;
    const offer = await checkout.json<WithdrawalOffer>(await t.fetch(`${checkout.S}/odstapienie/${token}`));
    const offered = offer.Pozycje.find((l) => l.Id === shirtLine.id)!;
    expect(offered).toMatchObject({ Dostepne: 0, Wylaczenie: ExemptReason.printed });
    const refused = await t.fetch(`${checkout.S}/odstapienie/${token}`, {
      method: 'POST',
      json: { Pozycje: [{ Id: shirtLine.id, Ilosc: 1 }], Powod: '' },
    });
    expect((await checkout.refused(refused, 409)).Message).toContain(ExemptReason.printed);

    // The print queue: the manager sees it and marks it printed; the rival club can do neither.
    const queue = async (stan = 'do-zrobienia', who = manager) =>
      checkout.json<PrintQueue>(await who.fetch(`${PANEL}/print-queue?stan=${stan}`));
    expect((await queue()).Pozycje.find((p) => p.Id === shirtLine.id)).toMatchObject({
      NumerZamowienia: order.number,
      Tekst: 'NOWAK 9',
      Wariant: 'M',
      Wydrukowano: null,
    });
    expect((await queue('do-zrobienia', rival)).Pozycje.some((p) => p.Id === shirtLine.id)).toBe(false);
    const foreign = await rival.fetch(`${PANEL}/print-queue/lines/${shirtLine.id}`, {
      method: 'POST',
      json: { Wydrukowano: true },
    });
    expect((await checkout.refused(foreign, 404)).Message).toBe(msg.printQueueLineNotFound);
    const done = await manager.fetch(`${PANEL}/print-queue/orders/${order.id}`, {
      method: 'POST',
      json: { Wydrukowano: true },
    });
    expect((await checkout.json<PrintQueue>(done)).Pozycje.some((p) => p.Id === shirtLine.id)).toBe(false);
    expect((await queue('zrobione')).Pozycje.find((p) => p.Id === shirtLine.id)?.Wydrukowano).toBeTruthy();
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'printed'), eq(auditLog.entityId, String(order.id))));
    expect(audit).toHaveLength(1);
  });
});

describe('the panel sets printing', () => {
  it('per product, within the club, with its prices checked', async () => {
    const mug = product('Kubek z herbem').Id;
    const body = {
      Wlaczony: true,
      CenaZaLitere: 2,
      CenaZaCyfre: 4,
      CenaStala: 30,
      MaksZnakow: 10,
      ZawodnicyWlaczeni: false,
      CenaZawodnika: 40,
    };
    const res = await manager.fetch(`${PANEL}/products/${mug}/printing`, { method: 'PUT', json: body });
    expect(PanelPrintingSchema.parse(await checkout.json(res))).toEqual(body);
    // A flat price for any text.
    const guid = await (
      await add([{ ...checkout.line(product('Kubek z herbem')), Nadruk: { Numer: 10 } }])
    ).text();
    expect((await cartOf(guid)).Pozycje[0]!.Nadruk?.Cena).toBe(30);

    const bad = await manager.fetch(`${PANEL}/products/${mug}/printing`, {
      method: 'PUT',
      json: { ...body, CenaZaLitere: -1, MaksZnakow: 40 },
    });
    const err = await checkout.refused(bad, 400);
    expect(Object.values(err.Fields ?? {})).toEqual(
      expect.arrayContaining([msg.printingPriceInvalid, msg.printingMaxLetters]),
    );
    const foreign = await rival.fetch(`${PANEL}/products/${mug}/printing`, { method: 'PUT', json: body });
    expect((await checkout.refused(foreign, 404)).Message).toBe(msg.panelProductNotFound);
    const twice = await manager.fetch(`${PANEL}/squad`, {
      method: 'PUT',
      json: {
        Zawodnicy: [
          { Nazwisko: 'NOWAK', Numer: 9 },
          { Nazwisko: 'KOWAL', Numer: 9 },
        ],
      },
    });
    expect((await checkout.refused(twice, 400)).Message).toBe(
      fillMessage(msg.squadNumberTaken, { numer: '9' }),
    );
  });
});
