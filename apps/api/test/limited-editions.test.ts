// A limited edition: pieces one buyer may buy across their orders (recognised by account, e-mail
// and delivery address), held under concurrent orders, and numbered pieces (decision 145).
import {
  fillMessage,
  HistoryOrderSchema,
  msg,
  type PanelOrderDetail,
  type PanelProduct,
  ProductSchema,
} from '@club/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressKey, emailKey } from '../src/db/buyer-keys.ts';
import { orderLines, orders } from '../src/db/schema.ts';
import * as checkout from './fixtures/checkout.ts';
import { createPublished, PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

let shop: checkout.CheckoutShop;
let owner: PanelClient;
let rival: PanelClient;
beforeAll(async () => {
  shop = await checkout.openCheckoutShop();
  owner = await panelLogin(shop.t);
  rival = await panelLogin(shop.t, { org: 'rywal' });
});
afterAll(() => shop?.t.close());

const shirt = (Nazwa: string, extra: Record<string, unknown> = {}) => ({
  Nazwa,
  Opis: 'Edycja na 100-lecie klubu',
  CenaBrutto: 379,
  KategoriaId: null,
  Stan: 500,
  Parametry: [],
  ...extra,
});

const create = async (body: unknown): Promise<PanelProduct> => {
  const res = await createPublished(owner, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PanelProduct;
};

const storefrontProduct = async (id: number) =>
  ProductSchema.parse(await (await shop.t.fetch(`${checkout.S}/pokazProdukt/${id}`)).json());

/** A cash-on-delivery order of `pieces` of the product, from `who` (address fields) or the account of `ticket`. */
const order = async (
  productId: number,
  pieces: number,
  who: Partial<typeof checkout.address> = {},
  ticket?: string,
) => {
  const p = await storefrontProduct(productId);
  const guid = await checkout.makeCart(shop.t, [checkout.line(p, pieces)], { ticket });
  const res = await checkout.place(
    shop.t,
    checkout.orderBody(guid, shop.ship('Kurier DPD'), { Platnosc: 20, ...who }),
    { ticket },
  );
  return { guid, status: res.status, body: await res.text() };
};
/** A query's text with its parameters written in, for EXPLAIN. */
const inline = (q: { sql: string; params: unknown[] }) =>
  q.sql.replace(/\$(\d+)/g, (_, n) => {
    const v = q.params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  });
const messageOf = (r: { body: string }) => (JSON.parse(r.body) as { Message: string }).Message;
const left = (produkt: string, ile: number) =>
  fillMessage(msg.quantityAboveCustomerLimit, { produkt, limit: '2', ile: String(ile) });
const reached = (produkt: string) => fillMessage(msg.customerLimitReached, { produkt, limit: '2' });

describe('the panel sets a per-customer limit and a numbered edition', () => {
  it('validates them, reads them back, and another club can neither read nor change them', async () => {
    for (const LimitNaOsobe of [0, -2, 1.5, 10_001, '2']) {
      const res = await owner.fetch(`${PANEL}/products`, {
        method: 'POST',
        json: shirt('Zła koszulka', { LimitNaOsobe }),
      });
      const body = await checkout.refused(res, 400);
      expect(body.Fields, String(LimitNaOsobe)).toEqual({
        LimitNaOsobe: msg.panelProductCustomerLimitInvalid,
      });
    }
    const plain = await create(shirt('Koszulka zwykła'));
    expect(plain).toMatchObject({ LimitNaOsobe: null, EdycjaNumerowana: false });
    const limited = await create(shirt('Koszulka 100-lecia', { LimitNaOsobe: 2, EdycjaNumerowana: true }));
    expect(limited).toMatchObject({ LimitNaOsobe: 2, EdycjaNumerowana: true });
    const read = (await (await owner.fetch(`${PANEL}/products/${limited.Id}`)).json()) as PanelProduct;
    expect(read).toMatchObject({ LimitNaOsobe: 2, EdycjaNumerowana: true });

    expect((await rival.fetch(`${PANEL}/products/${limited.Id}`)).status).toBe(404);
    const tampered = await rival.fetch(`${PANEL}/products/${limited.Id}`, {
      method: 'PUT',
      json: shirt('Koszulka 100-lecia', { LimitNaOsobe: 1000, EdycjaNumerowana: false }),
    });
    expect(tampered.status).toBe(404);
    const after = (await (await owner.fetch(`${PANEL}/products/${limited.Id}`)).json()) as PanelProduct;
    expect(after).toMatchObject({ LimitNaOsobe: 2, EdycjaNumerowana: true });
  });
});

describe('a per-customer limit of 2', () => {
  it('counts two guest orders from one e-mail in another case, then refuses naming what is left', async () => {
    const p = await create(shirt('Szalik jubileuszowy', { LimitNaOsobe: 2 }));
    const a = { Email: 'Ola.Nowak@example.pl', UlicaINumer: 'Polna 1', KodPocztowy: '11-111' };
    expect((await order(p.Id, 1, a)).status).toBe(200);
    const other = { UlicaINumer: 'Leśna 7', KodPocztowy: '22-222' };
    const twoMore = await order(p.Id, 2, { ...other, Email: '  ola.NOWAK@EXAMPLE.pl ' });
    expect(twoMore.status, twoMore.body).toBe(409);
    expect(messageOf(twoMore)).toBe(left('Szalik jubileuszowy', 1));
    // Nothing of the refused order stays: no order, its stock back.
    expect(await checkout.orderOfCart(shop.t.database.db, twoMore.guid)).toBeUndefined();
    expect(await checkout.stockOf(shop.t.database.db, p.Id)).toBe(499);
    expect((await order(p.Id, 1, { ...other, Email: 'OLA.nowak@example.pl' })).status).toBe(200);
    const third = await order(p.Id, 1, { ...other, Email: 'ola.nowak@example.pl' });
    expect(third.status).toBe(409);
    expect(messageOf(third)).toBe(reached('Szalik jubileuszowy'));
    // Someone else may still buy.
    expect(
      (await order(p.Id, 2, { Email: 'inny@example.pl', ...other, UlicaINumer: 'Leśna 8' })).status,
    ).toBe(200);
  });

  it('recognises one delivery address written differently under another e-mail', async () => {
    const p = await create(shirt('Kubek jubileuszowy', { LimitNaOsobe: 2 }));
    const first = { Email: 'a@example.pl', UlicaINumer: 'ul. Długa 5/3', KodPocztowy: '30-001' };
    expect((await order(p.Id, 2, first)).status).toBe(200);
    const same = await order(p.Id, 1, {
      Email: 'b@example.pl',
      UlicaINumer: 'DŁUGA  5/3',
      KodPocztowy: '30001',
    });
    expect(same.status).toBe(409);
    expect(messageOf(same)).toBe(reached('Kubek jubileuszowy'));
    // Another flat in the building is another buyer.
    expect(
      (await order(p.Id, 1, { Email: 'c@example.pl', UlicaINumer: 'Długa 5/4', KodPocztowy: '30-001' }))
        .status,
    ).toBe(200);
  });

  it("ignores Gmail's dots and +tags", async () => {
    const p = await create(shirt('Czapka jubileuszowa', { LimitNaOsobe: 2 }));
    expect(
      (
        await order(p.Id, 2, {
          Email: 'jan.kowalski+mecz@gmail.com',
          UlicaINumer: 'Krótka 1',
          KodPocztowy: '40-001',
        })
      ).status,
    ).toBe(200);
    const again = await order(p.Id, 1, {
      Email: 'JanKowalski@googlemail.com',
      UlicaINumer: 'Krótka 2',
      KodPocztowy: '40-001',
    });
    expect(messageOf(again)).toBe(reached('Czapka jubileuszowa'));
  });

  it("counts an account's orders whatever e-mail and address they were sent to, and its e-mail as a guest", async () => {
    const p = await create(shirt('Proporczyk jubileuszowy', { LimitNaOsobe: 2 }));
    const away = { Email: 'gdzies@example.pl', UlicaINumer: 'Daleka 9', KodPocztowy: '50-001' };
    expect((await order(p.Id, 1, away, shop.customer)).status).toBe(200);
    const elsewhere = { Email: 'zupelnie@example.pl', UlicaINumer: 'Inna 3', KodPocztowy: '60-001' };
    const more = await order(p.Id, 2, elsewhere, shop.customer);
    expect(more.status).toBe(409);
    expect(messageOf(more)).toBe(left('Proporczyk jubileuszowy', 1));
    expect((await order(p.Id, 1, elsewhere, shop.customer)).status).toBe(200);
    // The account's own e-mail, ordering as a guest from yet another address.
    const asGuest = await order(p.Id, 1, {
      Email: DEMO_CUSTOMER.email.toUpperCase(),
      UlicaINumer: 'Nowa 1',
      KodPocztowy: '70-001',
    });
    expect(messageOf(asGuest)).toBe(reached('Proporczyk jubileuszowy'));
  });

  it('a cancelled order gives its pieces back to the buyer', async () => {
    const p = await create(shirt('Smycz jubileuszowa', { LimitNaOsobe: 2 }));
    const who = { Email: 'zwrot@example.pl', UlicaINumer: 'Zielona 2', KodPocztowy: '80-001' };
    const first = await order(p.Id, 2, who);
    expect(first.status).toBe(200);
    const placed = (await checkout.orderOfCart(shop.t.database.db, first.guid))!;
    const cancel = await owner.fetch(`${PANEL}/orders/${placed.id}/status`, {
      method: 'POST',
      json: { Status: 60 },
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect((await order(p.Id, 2, who)).status).toBe(200);
  });

  it('concurrent orders from one e-mail never pass it together', async () => {
    const p = await create(shirt('Koszulka wyścigowa', { LimitNaOsobe: 2 }));
    const sp = await storefrontProduct(p.Id);
    const guids: string[] = [];
    for (let i = 0; i < 12; i++) guids.push(await checkout.makeCart(shop.t, [checkout.line(sp, 1)]));
    const results = await Promise.all(
      guids.map((guid, i) =>
        checkout.place(
          shop.t,
          checkout.orderBody(guid, shop.ship('Kurier DPD'), {
            Platnosc: 20,
            Email: i % 2 ? 'RACE@example.pl' : 'race@example.pl',
            UlicaINumer: `Wyścigowa ${i + 1}`,
          }),
        ),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const sold = await shop.t.database.db
      .select({ quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.productId, p.Id));
    expect(sold.reduce((s, l) => s + l.quantity, 0)).toBe(2);
    expect(await checkout.stockOf(shop.t.database.db, p.Id)).toBe(498);
  });

  it("finds the buyer's earlier orders through the orders' indexes", async () => {
    // Each arm of the query customer-limit.ts sends; seqscan off, as a few test rows would be scanned.
    const planOf = (arm: SQL) =>
      shop.t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const q = tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.organisationId, 1), arm))
          .toSQL();
        const plan = await tx.execute(sql.raw(`EXPLAIN ${inline(q)}`));
        return (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
    const byEmail = await planOf(sql`${emailKey(orders.email)} = ${emailKey('X@example.pl')}`);
    expect(byEmail).toMatch(/Index (Only )?Scan using orders_org_buyer_email.*\n.*Index Cond: .*CASE WHEN/);
    const byAddress = await planOf(
      sql`${addressKey(orders.street, orders.postcode)} = ${addressKey('Polna 1', '11-111')}`,
    );
    expect(byAddress).toMatch(
      /Index (Only )?Scan using orders_org_buyer_address.*\n.*Index Cond: .*regexp_replace/,
    );
  });
});

describe('a numbered edition', () => {
  it('gives each piece of concurrent orders its own number, consecutive from 1', async () => {
    const p = await create(shirt('Koszulka numerowana', { EdycjaNumerowana: true }));
    const sp = await storefrontProduct(p.Id);
    const sizes = [1, 2, 3, 1, 2, 1, 1, 3, 2, 1];
    const guids: string[] = [];
    for (const n of sizes) guids.push(await checkout.makeCart(shop.t, [checkout.line(sp, n)]));
    const results = await Promise.all(
      guids.map((guid, i) =>
        checkout.place(
          shop.t,
          checkout.orderBody(guid, shop.ship('Kurier DPD'), {
            Platnosc: 20,
            Email: `numer${i}@example.pl`,
            UlicaINumer: `Numerowa ${i + 1}`,
          }),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(sizes.map(() => 200));
    const lines = await shop.t.database.db
      .select({ from: orderLines.editionFrom, to: orderLines.editionTo, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.productId, p.Id));
    const numbers = lines.flatMap((l) => {
      expect(l.to! - l.from! + 1).toBe(l.quantity);
      return Array.from({ length: l.quantity }, (_, k) => l.from! + k);
    });
    const total = sizes.reduce((s, n) => s + n, 0);
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, k) => k + 1));
  });

  it('shows the numbers in the panel order, on the packing slip, in the account and in the e-mail', async () => {
    const p = await create(shirt('Koszulka na 100-lecie', { EdycjaNumerowana: true, LimitNaOsobe: 2 }));
    const who = { Email: 'kolekcjoner@example.pl', UlicaINumer: 'Kolekcjonerska 1', KodPocztowy: '90-001' };
    const sp = await storefrontProduct(p.Id);
    expect((await order(p.Id, 1, who)).status).toBe(200);
    const guid = await checkout.makeCart(shop.t, [checkout.line(sp, 1)], { ticket: shop.customer });
    await checkout.placeOk(shop.t, checkout.orderBody(guid, shop.ship('Kurier DPD'), { Platnosc: 20 }), {
      ticket: shop.customer,
    });
    const placed = (await checkout.orderOfCart(shop.t.database.db, guid))!;

    const detail = (await (await owner.fetch(`${PANEL}/orders/${placed.id}`)).json()) as PanelOrderDetail;
    expect(detail.Pozycje[0]!.NumeryEdycji).toEqual({ Od: 2, Do: 2 });
    const slip = await (await owner.fetch(`${PANEL}/orders/${placed.id}/packing-slip`)).text();
    expect(slip).toContain('egzemplarz nr 2');
    expect((await rival.fetch(`${PANEL}/orders/${placed.id}`)).status).toBe(404);

    const history = z
      .array(HistoryOrderSchema)
      .parse(
        await (await shop.t.fetch(`${checkout.S}/pobierzHistorieZamowien`, { ticket: shop.customer })).json(),
      );
    const mine = history.find((o) => o.Id === placed.id)!;
    expect(mine.Pozycje[0]!.Produkt).toBe('Koszulka na 100-lecie (egzemplarz nr 2)');

    const mail = await checkout.eventually(async () =>
      (await checkout.mails(shop.t)).find((m) => m.includes(placed.number) && m.includes('egzemplarz nr 2')),
    );
    expect(mail).toContain('Koszulka na 100-lecie (egzemplarz nr 2)');
  });
});
