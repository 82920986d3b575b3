import { type Address, msg, type PanelOrderDetail, type UserInfo } from '@club/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import * as checkout from './fixtures/checkout.ts';
import { orgIdOf } from './fixtures/orders.ts';
import { PANEL, type PanelClient, panelLogin } from './fixtures/panel.ts';

// Guest checkout by the club's option, the account prefill and the address saved by a
// first order, the regulamin acceptance the order API insists on, and the company invoice (NIP).

let { t, product, ship } = {} as checkout.CheckoutShop;
let manager: PanelClient;

beforeAll(async () => {
  ({ t, product, ship } = await checkout.openCheckoutShop());
  manager = await panelLogin(t, { role: 'manager' });
});
afterAll(() => t?.close());

/** The manager's switch (panel: settings), as the panel sends it. */
const setGuestCheckout = async (on: boolean) =>
  checkout.json(
    await manager.fetch(`${PANEL}/settings`, { method: 'PATCH', json: { ZakupyBezLogowania: on } }),
  );

/** A cart of one key ring, ordered with cash on delivery by the courier. */
const newOrder = async (extra: Record<string, unknown> = {}, opts: { ticket?: string } = {}) => {
  const guid = await checkout.makeCart(t, [checkout.line(product('Brelok metalowy'))], opts);
  return { guid, body: checkout.orderBody(guid, ship('Kurier DPD'), { Platnosc: 20, ...extra }) };
};

/** A customer of the demo club with no saved address yet, and a session of theirs. */
const freshCustomer = async (email: string) => {
  const [user] = await t.database.db
    .insert(users)
    .values({
      organisationId: await orgIdOf(t.database.db, 'demo'),
      email,
      firstName: 'Ola',
      lastName: 'Nowa',
      passwordHash: 'not-used-here',
      confirmedAt: new Date(),
    })
    .returning();
  return { user: user!, ticket: await t.app.sessions.create(user!) };
};

const addressOf = async (ticket: string) =>
  checkout.json<Address>(await t.fetch(`${checkout.S}/getadres`, { ticket }));

describe('guest orders follow the club option zakupy-bez-logowania', () => {
  it('on (the demo): a guest orders, the order has no account and the guest is e-mailed', async () => {
    const { guid, body } = await newOrder({ Email: 'gosc.kibic@example.pl' });
    const url = await checkout.placeOk(t, body);
    const order = (await checkout.orderOfCart(t.database.db, guid))!;
    // The thank-you page names the order by the buyer's signed token (?z=), as the online return does.
    expect(url).toMatch(new RegExp(`/potwierdenie-platnosci\\?z=${order.id}\\.[A-Za-z0-9_-]{32}$`));
    expect(url.startsWith(`${t.config.publicUrl}/potwierdenie-platnosci?z=`)).toBe(true);
    expect(order.userId).toBeNull();
    expect(order.email).toBe('gosc.kibic@example.pl');
    const mail = await checkout.eventually(async () =>
      (await checkout.mails(t)).find((m) => m.includes('gosc.kibic@example.pl') && m.includes(order.number)),
    );
    expect(mail).toContain(order.number);
  });

  it('off: a guest is asked to log in and no order is written; on again, the same cart goes through', async () => {
    await setGuestCheckout(false);
    try {
      const { guid, body } = await newOrder();
      expect((await checkout.refused(await checkout.place(t, body), 401)).Message).toBe(
        msg.orderLoginRequired,
      );
      expect(await checkout.orderOfCart(t.database.db, guid)).toBeUndefined();
      await setGuestCheckout(true);
      await checkout.placeOk(t, body);
      expect((await checkout.orderOfCart(t.database.db, guid))!.userId).toBeNull();
    } finally {
      await setGuestCheckout(true);
    }
  });
});

describe('the regulamin must be accepted', () => {
  it.each([
    ['false', false],
    ['a string', 'tak'],
  ])('acceptance %s: 400 with the Polish message on the field, nothing ordered', async (_, value) => {
    const { guid, body } = await newOrder({ AkceptacjaRegulaminu: value });
    const res = await checkout.refused(await checkout.place(t, body), 400);
    expect(res.Fields).toEqual({ AkceptacjaRegulaminu: msg.orderTermsRequired });
    expect(await checkout.orderOfCart(t.database.db, guid)).toBeUndefined();
  });

  it("absent, as in the spec's payload (the storefront always sends it): the order is taken", async () => {
    const { guid, body } = await newOrder();
    delete (body as Record<string, unknown>).AkceptacjaRegulaminu;
    await checkout.placeOk(t, body);
    expect(await checkout.orderOfCart(t.database.db, guid)).toBeDefined();
  });

  it('true: the order is taken', async () => {
    const { guid, body } = await newOrder({ AkceptacjaRegulaminu: true });
    await checkout.placeOk(t, body);
    expect(await checkout.orderOfCart(t.database.db, guid)).toBeDefined();
  });
});

describe('logged-in customers: prefill and the address saved by the first order', () => {
  it('a new account starts with an empty address and its name and e-mail for the form', async () => {
    const { ticket } = await freshCustomer('ola.prefill@example.pl');
    expect(await addressOf(ticket)).toEqual(checkout.emptyAddress);
    const me = await checkout.json<UserInfo>(
      await t.fetch('/api/andromeda/kontopanel/getloggedinuserinfo', { ticket }),
    );
    expect(me).toMatchObject({ Imie: 'Ola', Nazwisko: 'Nowa', Email: 'ola.prefill@example.pl' });
  });

  it('the first order saves its address to the account; a later one does not overwrite it', async () => {
    const { ticket } = await freshCustomer('ola.adres@example.pl');
    const first = await newOrder({}, { ticket });
    await checkout.placeOk(t, first.body, { ticket });
    expect(await addressOf(ticket)).toEqual(checkout.address);

    const other = { ...checkout.address, Nazwa: 'Ktoś Inny', UlicaINumer: 'ul. Inna 5', Miasto: 'Kraków' };
    const second = await newOrder(other, { ticket });
    await checkout.placeOk(t, second.body, { ticket });
    expect(await addressOf(ticket)).toEqual(checkout.address);
    expect((await checkout.orderOfCart(t.database.db, second.guid))!.city).toBe('Kraków');
  });

  it('an address the customer saved (even in part) is kept', async () => {
    const { user, ticket } = await freshCustomer('ola.telefon@example.pl');
    await t.database.db.update(users).set({ addressPhone: '500600700' }).where(eq(users.id, user.id));
    const { body } = await newOrder({}, { ticket });
    await checkout.placeOk(t, body, { ticket });
    expect(await addressOf(ticket)).toEqual({ ...checkout.emptyAddress, Telefon: '500600700' });
  });

  it('a refused order saves nothing', async () => {
    const { ticket } = await freshCustomer('ola.odmowa@example.pl');
    const { body } = await newOrder({ AkceptacjaRegulaminu: false }, { ticket });
    await checkout.refused(await checkout.place(t, body, { ticket }), 400);
    expect((await addressOf(ticket)).UlicaINumer).toBe('');
  });
});

describe('company invoice: NIP checked, stored with the order, shown in the panel', () => {
  it.each([
    ['a wrong check digit', '1234563217', msg.invalidNip],
    ['too short', '123456321', msg.invalidNip],
    ['letters', 'PL1234563218', msg.invalidNip],
    ['empty', '', msg.required],
  ])('NIP %s is refused on the field, nothing ordered', async (_, nip, message) => {
    const { guid, body } = await newOrder({ Faktura: { Nazwa: 'Kibice sp. z o.o.', NIP: nip } });
    const res = await checkout.refused(await checkout.place(t, body), 400);
    expect(res.Fields).toEqual({ 'Faktura.NIP': message });
    expect(await checkout.orderOfCart(t.database.db, guid)).toBeUndefined();
  });

  it('a company name is required with the invoice', async () => {
    const { body } = await newOrder({ Faktura: { Nazwa: '  ', NIP: '1234563218' } });
    expect((await checkout.refused(await checkout.place(t, body), 400)).Fields).toEqual({
      'Faktura.Nazwa': msg.required,
    });
  });

  it('a valid NIP (dashes allowed) is stored as 10 digits and shown in the panel order', async () => {
    const { guid, body } = await newOrder({ Faktura: { Nazwa: 'Kibice sp. z o.o.', NIP: '123-456-32-18' } });
    await checkout.placeOk(t, body);
    const order = (await checkout.orderOfCart(t.database.db, guid))!;
    expect(order).toMatchObject({ invoiceCompany: 'Kibice sp. z o.o.', invoiceNip: '1234563218' });
    const detail = await checkout.json<PanelOrderDetail>(await manager.fetch(`${PANEL}/orders/${order.id}`));
    expect(detail.Faktura).toEqual({ Nazwa: 'Kibice sp. z o.o.', NIP: '1234563218' });
  });

  it('without an invoice (absent or null) the order carries none', async () => {
    for (const extra of [{}, { Faktura: null }]) {
      const { guid, body } = await newOrder(extra);
      await checkout.placeOk(t, body);
      const order = (await checkout.orderOfCart(t.database.db, guid))!;
      expect(order).toMatchObject({ invoiceCompany: null, invoiceNip: null });
      const detail = await checkout.json<PanelOrderDetail>(
        await manager.fetch(`${PANEL}/orders/${order.id}`),
      );
      expect(detail.Faktura).toBeNull();
    }
  });
});
