import { msg, type PanelProduct, type PanelStockAlertCounts, type Product } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productParameters, stockAlerts } from '../src/db/schema.ts';
import { json, loadShipping, makeCart, orderBody, orderOfCart, placeOk, S } from './fixtures/checkout.ts';
import { openPanelShop, PANEL, type PanelShop } from './fixtures/panel.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** "Powiadom mnie" (decision 146): sign-ups on sold-out variants, one e-mail each when stock returns. */

let { t, manager, rival } = {} as PanelShop;
let ship: Awaited<ReturnType<typeof loadShipping>>;
beforeAll(async () => {
  ({ t, manager, rival } = await openPanelShop());
  ship = await loadShipping(t);
});
afterAll(() => t?.close());

const P = `${PANEL}/products`;
const ALERT = `${S}/powiadomienie`;

const shirt = (name: string, sizes: Record<string, number>) => ({
  Nazwa: name,
  Opis: 'Koszulka meczowa',
  CenaBrutto: 150,
  KategoriaId: null,
  Opcje: [{ Nazwa: 'Rozmiar', Wartosci: Object.keys(sizes) }],
  Parametry: Object.entries(sizes).map(([size, Stan]) => ({ Wartosci: [size], Stan })),
});

const publish = async (body: object): Promise<PanelProduct> => {
  const created = await manager.fetch(P, { method: 'POST', json: body });
  const p = await json<PanelProduct>(created);
  await json(await manager.fetch(`${P}/${p.Id}/status`, { method: 'POST', json: { Status: 'active' } }));
  return p;
};
const idOf = (p: PanelProduct, name: string) => p.Parametry.find((v) => v.Nazwa === name)!.Id;

const signUp = (app: TestApp, body: object, org = 'demo') =>
  app.fetch(ALERT, { method: 'POST', json: { Zgoda: true, ...body }, org });

/** Sets one variant's stock through the panel's product form (the grid's save). */
const setVariantStock = async (p: PanelProduct, stocks: Record<string, number>) => {
  const current = await json<PanelProduct>(await manager.fetch(`${P}/${p.Id}`));
  const body = {
    ...shirt(p.Nazwa, {}),
    Opcje: current.Opcje,
    Parametry: current.Parametry.map((v) => ({
      Id: v.Id,
      Wartosci: v.Wartosci,
      Stan: stocks[v.Nazwa] ?? v.Stan,
    })),
  };
  await json(await manager.fetch(`${P}/${p.Id}`, { method: 'PUT', json: body }));
};

const alertMailsTo = async (address: string) =>
  (await t.outbox.messages()).filter((m) => m.to === address && /znów jest dostępny/.test(m.subject));

describe('signing up', () => {
  it('takes an address for a sold-out size, once, with the same answer for a repeat', async () => {
    const p = await publish(shirt('Koszulka zapisy', { S: 0, M: 2 }));
    const before = (await t.outbox.messages()).length;
    const first = await json<{ Message: string; Token: string }>(
      await signUp(t, { IdProduktu: p.Id, IdParametru: idOf(p, 'S'), Email: 'kibic@example.pl' }),
    );
    expect(first.Message).toBe(msg.stockAlertSaved);
    // The same address in other letters: already on the list, and the answer does not say so.
    const again = await json<{ Message: string; Token: string }>(
      await signUp(t, { IdProduktu: p.Id, IdParametru: idOf(p, 'S'), Email: 'KIBIC@example.pl' }),
    );
    expect(again).toEqual(first);
    const rows = await t.database.db.select().from(stockAlerts).where(eq(stockAlerts.productId, p.Id));
    expect(rows).toHaveLength(1);
    // No e-mail at sign-up: anyone can type any address.
    expect((await t.outbox.messages()).length).toBe(before);

    // A size in stock, no size at all, another product's size: refused.
    const inStock = await signUp(t, {
      IdProduktu: p.Id,
      IdParametru: idOf(p, 'M'),
      Email: 'kibic@example.pl',
    });
    expect(inStock.status).toBe(409);
    expect(((await inStock.json()) as { Message: string }).Message).toBe(msg.stockAlertNotSoldOut);
    const noSize = await signUp(t, { IdProduktu: p.Id, Email: 'kibic@example.pl' });
    expect(noSize.status).toBe(400);
    expect(((await noSize.json()) as { Message: string }).Message).toBe(msg.stockAlertChooseVariant);
  });

  it('refuses a bad address and a missing consent in Polish', async () => {
    const p = await publish(shirt('Koszulka adresy', { S: 0 }));
    const bad = await signUp(t, { IdProduktu: p.Id, IdParametru: idOf(p, 'S'), Email: 'kibic@' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(msg.invalidEmail);
    const noConsent = await t.fetch(ALERT, {
      method: 'POST',
      json: { IdProduktu: p.Id, IdParametru: idOf(p, 'S'), Email: 'kibic@example.pl', Zgoda: false },
    });
    expect(noConsent.status).toBe(400);
    expect(JSON.stringify(await noConsent.json())).toContain(msg.stockAlertConsentRequired);
  });

  it("refuses another club's variant as unknown", async () => {
    const p = await publish(shirt('Koszulka obca', { S: 0 }));
    const res = await signUp(
      t,
      { IdProduktu: p.Id, IdParametru: idOf(p, 'S'), Email: 'kibic@example.pl' },
      'rywal',
    );
    expect(res.status).toBe(404);
    expect(((await res.json()) as { Message: string }).Message).toBe(msg.productNotFound);
    // Nor may the rival club's manager count its waiting addresses.
    expect((await rival.fetch(`${P}/${p.Id}/stock-alerts`)).status).toBe(404);
  });
});

describe('when stock returns', () => {
  it('tells the oldest waiting, at most new stock × factor, each once, and the next ones later', async () => {
    const p = await publish(shirt('Koszulka powrót', { S: 0, M: 1 }));
    const S_ID = idOf(p, 'S');
    const fans = Array.from({ length: 8 }, (_, i) => `fan${i}@example.pl`);
    for (const Email of fans) await json(await signUp(t, { IdProduktu: p.Id, IdParametru: S_ID, Email }));
    const counts = await json<PanelStockAlertCounts>(await manager.fetch(`${P}/${p.Id}/stock-alerts`));
    expect(counts).toEqual({ Produkt: 0, Parametry: [{ Id: S_ID, Oczekujacy: 8 }] });

    // One piece back, the club's factor 3: the three oldest are told.
    await setVariantStock(p, { S: 1 });
    await t.app.stockAlerts.runOnce();
    for (const [i, fan] of fans.entries()) expect((await alertMailsTo(fan)).length, fan).toBe(i < 3 ? 1 : 0);
    const mail = (await alertMailsTo(fans[0]!))[0]!;
    expect(mail.subject).toBe('Koszulka powrót (S) znów jest dostępny');
    expect(mail.text).toContain(`/produkt/${p.Id}`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/powiadomienie\/[\w-]+>$/);
    // Another run, and stock rising further without passing through 0: nobody new.
    await t.app.stockAlerts.runOnce();
    await setVariantStock(p, { S: 4 });
    await t.app.stockAlerts.runOnce();
    expect((await t.outbox.messages()).filter((m) => /Koszulka powrót/.test(m.subject))).toHaveLength(3);

    // Sold out and back with 2 pieces (the club's factor now 2): the next four, never the first three again.
    await json(
      await manager.fetch(`${PANEL}/settings`, { method: 'PATCH', json: { MnoznikPowiadomien: 2 } }),
    );
    await setVariantStock(p, { S: 0 });
    await setVariantStock(p, { S: 2 });
    await t.app.stockAlerts.runOnce();
    for (const [i, fan] of fans.entries()) expect((await alertMailsTo(fan)).length, fan).toBe(i < 7 ? 1 : 0);
    const left = await json<PanelStockAlertCounts>(await manager.fetch(`${P}/${p.Id}/stock-alerts`));
    expect(left.Parametry).toEqual([{ Id: S_ID, Oczekujacy: 1 }]);
  });

  it('does not mail an address that unsubscribed, by the confirmation page or one click from the mail', async () => {
    const p = await publish(shirt('Koszulka wypisz', { S: 0 }));
    const S_ID = idOf(p, 'S');
    const gone = await json<{ Token: string }>(
      await signUp(t, { IdProduktu: p.Id, IdParametru: S_ID, Email: 'wypisany@example.pl' }),
    );
    await json(await signUp(t, { IdProduktu: p.Id, IdParametru: S_ID, Email: 'czeka@example.pl' }));
    // The page shows what waits; only its POST withdraws.
    expect(await json(await t.fetch(`${ALERT}/${gone.Token}`))).toEqual({
      Produkt: 'Koszulka wypisz',
      Parametr: 'S',
      Stan: 'czeka',
    });
    const out = await json<{ Message: string }>(
      await t.fetch(`${ALERT}/${gone.Token}/wypisz`, { method: 'POST' }),
    );
    expect(out.Message).toBe(msg.stockAlertUnsubscribed);
    expect((await json<{ Stan: string }>(await t.fetch(`${ALERT}/${gone.Token}`))).Stan).toBe('wypisane');
    // Another club cannot read or use the token.
    expect((await t.fetch(`${ALERT}/${gone.Token}`, { org: 'rywal' })).status).toBe(404);

    await setVariantStock(p, { S: 1 });
    await t.app.stockAlerts.runOnce();
    expect(await alertMailsTo('wypisany@example.pl')).toHaveLength(0);
    expect(await alertMailsTo('czeka@example.pl')).toHaveLength(1);
  });

  it('is told when a cancelled order gives the last piece back (not only the panel form)', async () => {
    const p = await publish(shirt('Koszulka anulowana', { S: 1 }));
    const shop = await json<Product>(await t.fetch(`${S}/pokazProdukt/${p.Id}`));
    const guid = await makeCart(t, [
      { Id: 0, IdWyrob: p.Id, Ilosc: 1, Parametr: shop.Parametry.find((v) => v.Nazwa === 'S')! },
    ]);
    await placeOk(t, orderBody(guid, ship('Kurier DPD'), { Platnosc: 20 }));
    const order = (await orderOfCart(t.database.db, guid))!;
    await json(
      await signUp(t, { IdProduktu: p.Id, IdParametru: idOf(p, 'S'), Email: 'anulowane@example.pl' }),
    );
    await json(
      await manager.fetch(`${PANEL}/orders/${order.id}/status`, { method: 'POST', json: { Status: 60 } }),
    );
    const [row] = await t.database.db
      .select({ stock: productParameters.stock })
      .from(productParameters)
      .where(eq(productParameters.id, idOf(p, 'S')));
    expect(row!.stock).toBe(1);
    await t.app.stockAlerts.runOnce();
    expect(await alertMailsTo('anulowane@example.pl')).toHaveLength(1);
  });

  it('works for a product without variants, and puts a row back in line if it sold out before the run', async () => {
    const plain = await publish({
      Nazwa: 'Szalik',
      Opis: 'Szalik klubowy',
      CenaBrutto: 50,
      KategoriaId: null,
      Stan: 0,
    });
    await json(await signUp(t, { IdProduktu: plain.Id, Email: 'szalik@example.pl' }));
    await json(
      await manager.fetch(`${P}/${plain.Id}`, {
        method: 'PUT',
        json: { Nazwa: 'Szalik', Opis: 'Szalik klubowy', CenaBrutto: 50, KategoriaId: null, Stan: 1 },
      }),
    );
    // Sold again before the job ran: nobody is told now, and the address keeps its place.
    await json(
      await manager.fetch(`${P}/${plain.Id}`, {
        method: 'PUT',
        json: { Nazwa: 'Szalik', Opis: 'Szalik klubowy', CenaBrutto: 50, KategoriaId: null, Stan: 0 },
      }),
    );
    await t.app.stockAlerts.runOnce();
    expect(await alertMailsTo('szalik@example.pl')).toHaveLength(0);
    expect(
      (await json<PanelStockAlertCounts>(await manager.fetch(`${P}/${plain.Id}/stock-alerts`))).Produkt,
    ).toBe(1);
  });
});

describe('limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: true });
  });
  afterAll(() => limited?.close());

  it('caps sign-ups per e-mail address and per IP address in an hour', async () => {
    const [row] = await limited.database.db
      .select({ id: productParameters.productId, parameterId: productParameters.id })
      .from(productParameters)
      .limit(1);
    await limited.database.db
      .update(productParameters)
      .set({ stock: 0 })
      .where(eq(productParameters.id, row!.parameterId));
    const body = (Email: string) => ({ IdProduktu: row!.id, IdParametru: row!.parameterId, Email });
    // One address: three a hour.
    for (let i = 0; i < 3; i++) expect((await signUp(limited, body('jeden@example.pl'))).status).toBe(200);
    const fourth = await signUp(limited, body('JEDEN@example.pl'));
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { Message: string }).Message).toBe(msg.tooManyRequests);
    // One IP address: ten a hour, whatever the addresses.
    for (let i = 0; i < 6; i++) expect((await signUp(limited, body(`inny${i}@example.pl`))).status).toBe(200);
    const eleventh = await signUp(limited, body('ostatni@example.pl'));
    expect(eleventh.status).toBe(429);
    expect(((await eleventh.json()) as { Message: string }).Message).toBe(msg.tooManyRequests);
  });
});
