import { formatGrosze, type PanelProduct, type PanelSeller } from '@club/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutShop, eventually, line, openCheckoutShop, placeCart } from './fixtures/checkout.ts';
import { readableMail } from './fixtures/mail.ts';
import { PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';

/**
 * The order confirmation is the contract on a durable medium (ustawa o prawach konsumenta art. 21):
 * seller, lines, total, payment and delivery, the right of withdrawal and the model form, read from
 * the outbox as the buyer receives it, in both the text and the HTML part.
 */
let { t, product, ship } = {} as CheckoutShop;
let owner: PanelClient;
beforeAll(async () => {
  ({ t, product, ship } = await openCheckoutShop());
  owner = await panelLogin(t);
});
afterAll(() => t?.close());

/** Places a cash-on-delivery order as a guest; returns the buyer's confirmation, text and HTML parts. */
const order = async (lines: Parameters<typeof placeCart>[1], email: string) => {
  const { order: placed } = await placeCart(t, lines, ship('Kurier DPD'), {
    extra: { Platnosc: 20, Email: email },
  });
  const mail = await eventually(async () =>
    (await t.outbox.messages()).find((m) => m.to === email && readableMail(m).includes(placed.number)),
  );
  const html = mail.html;
  expect(html.length).toBeGreaterThan(100);
  return { placed, text: mail.text, html };
};

describe('order confirmation on a durable medium', () => {
  it('names the seller, the lines with parameters, the total, payment and delivery, and the withdrawal right', async () => {
    const shirt = product('Koszulka meczowa domowa 2026/27');
    const mug = product('Kubek z herbem');
    const { placed, text, html } = await order(
      [line(shirt, 1, 'M'), line(mug, 2)],
      'trwaly.nosnik@example.pl',
    );
    for (const part of [text, html]) {
      for (const expected of [
        // seller from the club's legal data
        'MKS Sokół Demo sp. z o.o.',
        'ul. Stadionowa 1, 00-001 Warszawa',
        '1234563218',
        '123456785',
        '0000123456',
        'sklep@sokol-demo.pl',
        '22 123 45 67',
        // the order
        'Koszulka meczowa domowa 2026/27 - M',
        'Kubek z herbem',
        formatGrosze(placed.total),
        'Kurier DPD',
        'Płatność przy odbiorze',
        'Ceny zawierają VAT.',
        // withdrawal: 14 days, how, to whom; the model form of załącznik nr 2
        'Prawo odstąpienia od umowy',
        'w terminie 14 dni bez podania jakiejkolwiek przyczyny',
        'jednoznacznego oświadczenia',
        'Wzór formularza odstąpienia od umowy',
        'formularz ten należy wypełnić i odesłać tylko w przypadku chęci odstąpienia od umowy',
        'Adresat: MKS Sokół Demo sp. z o.o., ul. Stadionowa 1, 00-001 Warszawa, e-mail: sklep@sokol-demo.pl',
        `zamówienie nr ${placed.number}`,
        'Imię i nazwisko konsumenta(-ów)',
        'Niepotrzebne skreślić',
      ]) {
        expect(part).toContain(expected);
      }
      // No event ticket in this order: no exception.
      expect(part).not.toContain('art. 38');
    }
    expect(html).toContain('<h2');
    expect(text).toContain('– Data zawarcia umowy(*) / odbioru(*)');
  });

  it('notes the exception for dated event tickets and names them', async () => {
    const ticket = product('Bilet: mecz ligowy – trybuna główna');
    const pass = product('Karnet rundy wiosennej');
    const scarf = product('Szalik klubowy tkany');
    const { text } = await order(
      [line(ticket, 2), line(pass, 1, 'Ulgowy'), line(scarf, 1)],
      'bilety@example.pl',
    );
    expect(text).toContain('art. 38 ust. 1 pkt 12 ustawy o prawach konsumenta');
    const exception = text.slice(text.indexOf('Wyjątek:'));
    expect(exception).toContain('Bilet: mecz ligowy – trybuna główna; Karnet rundy wiosennej - Ulgowy.');
    expect(exception.split('\n')[0]).not.toContain('Szalik klubowy tkany');
    // The other lines keep the right: the general information is there too.
    expect(text).toContain('Wzór formularza odstąpienia od umowy');
  });

  it('a ticket flag set in the panel counts; the seller data is read as it is now', async () => {
    const mug = product('Kubek z herbem');
    const res = await owner.fetch(`${PANEL}/products/${mug.Id}`);
    const p = (await res.json()) as PanelProduct;
    const put = await owner.fetch(`${PANEL}/products/${mug.Id}`, {
      method: 'PUT',
      json: {
        Nazwa: p.Nazwa,
        Opis: p.Opis,
        OpisDodatkowy: p.OpisDodatkowy,
        CenaBrutto: p.CenaBrutto,
        KategoriaId: p.KategoriaId,
        Stan: p.Stan,
        Parametry: [],
        WydarzenieWTerminie: true,
      },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(((await put.json()) as PanelProduct).WydarzenieWTerminie).toBe(true);
    const seller = (await (await owner.fetch(`${PANEL}/settings/seller`)).json()) as PanelSeller;
    const changed = await owner.fetch(`${PANEL}/settings/seller`, {
      method: 'PUT',
      json: { ...seller, Nazwa: 'Sokół Handel sp. z o.o.' },
    });
    expect(changed.status, await changed.clone().text()).toBe(200);

    const { text } = await order([line(mug, 1)], 'flaga@example.pl');
    expect(text).toContain('Dotyczy to następujących pozycji zamówienia: Kubek z herbem.');
    expect(text).toContain('Adresat: Sokół Handel sp. z o.o.');
  });

  it('the shop’s own notice stays short: no withdrawal form for the staff', async () => {
    const mug = product('Brelok metalowy');
    const { placed, text } = await order([line(mug, 1)], 'krotko@example.pl');
    // A guest's first order to an address waits for its buyer: the shop hears of it once confirmed.
    const token = text.match(/\/potwierdz-zamowienie\/([A-Za-z0-9_-]{43})/)![1];
    const confirmed = await t.fetch('/api/centauri/sklepyonline/potwierdzZamowienie/', {
      method: 'POST',
      json: { Token: token },
    });
    expect(confirmed.status).toBe(200);
    const notice = await eventually(async () =>
      (await t.outbox.messages()).find(
        (m) => m.to === 'sklep@sokol-demo.pl' && m.subject.includes(placed.number),
      ),
    );
    expect(notice.text).toContain('Brelok metalowy');
    expect(notice.text).not.toContain('Wzór formularza');
  });

  it('are made after the order commits, by a job queued with it, once', async () => {
    const mug = product('Kubek z herbem');
    const mailsTo = async (email: string) => (await t.outbox.messages()).filter((m) => m.to === email);
    const { placed } = await order([line(mug, 1)], 'raz@example.pl');
    // The job committed with the order: a process that stops right after the commit leaves it queued.
    const { rows } = (await t.app.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'order-mails' AND (data->>'orderId')::int = ${placed.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(1);
    // The job run again (a retry after a crash before it was marked done): nothing more is queued.
    const job = { organisationId: placed.organisationId, orderId: placed.id, confirmUrl: null };
    expect(await t.app.orderMails.send(job)).toBe(false);
    await t.app.mailQueue.drain();
    expect(await mailsTo('raz@example.pl')).toHaveLength(1);
  });
});
