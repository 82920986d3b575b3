import {
  type Cart,
  fillMessage,
  type MemberPrices,
  msg,
  type PanelCustomerGroup,
  type PanelPromotion,
} from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, users } from '../src/db/schema.ts';
import * as checkout from './fixtures/checkout.ts';
import { orgIdOf, ticketFor } from './fixtures/orders.ts';
import { PANEL, type PanelClient } from './fixtures/panel.ts';

/**
 * Member prices (decision 153): a promotion limited to a customer group prices the cart and the
 * order of its logged-in members only; a guest, a non-member, an unconfirmed account at the group's
 * domain, a group out of its dates and another club's group never get it; the storefront asks for
 * the member price of a product behind a login, and the shelf never shows it.
 */
let { t, product, ship } = {} as checkout.CheckoutPanelShop;
let manager: PanelClient;
let rival: PanelClient;
const CART = `${checkout.S}/koszyk`;
const PRICES = `${checkout.S}/cenyczlonkowskie`;
const SCARF = 'Szalik zimowy dziany'; // 69,99 zł, category Szaliki
const MUG = 'Kubek z herbem';
const HASH = 'scrypt$16384$8$1$bmllLXpnYWR1amVzeg==$bmllLXpnYWR1amVzei10ZW4taGFzaA==';

const db = () => t.database.db;
const tickets = {} as Record<'named' | 'domain' | 'unconfirmed' | 'stranger', string>;
let group: PanelCustomerGroup;
let promotion: PanelPromotion;

const addUser = async (org: string, email: string, confirmed: boolean) => {
  await db()
    .insert(users)
    .values({
      organisationId: await orgIdOf(db(), org),
      email,
      firstName: 'Ala',
      lastName: 'Członek',
      passwordHash: HASH,
      confirmedAt: confirmed ? new Date() : null,
    });
  return ticketFor(t, org, email);
};

const panel = (client: PanelClient, path: string, method = 'GET', json?: unknown) =>
  client.fetch(`${PANEL}${path}`, { method, ...(json !== undefined && { json }) });

const readCart = async (guid: string, ticket?: string) =>
  checkout.json<Cart>(await t.fetch(`${CART}/${guid}`, { org: 'demo', ticket }));

const scarfPiece = () => Math.round(product(SCARF).CenaBrutto * 100);
// 20 % of 69,99 zł, rounded half up once (percentOf).
const MEMBER_CUT = Math.floor((6999 * 2000 + 5000) / 10000);

beforeAll(async () => {
  ({ t, product, ship, manager, rival } = await checkout.openCheckoutPanelShop());
  tickets.named = await addUser('demo', 'anna@kibice.example.pl', true);
  tickets.domain = await addUser('demo', 'jan@sponsor.example.pl', true);
  // Anyone may register any address; until its mailbox confirms it, the domain proves nothing.
  tickets.unconfirmed = await addUser('demo', 'obcy@sponsor.example.pl', false);
  tickets.stranger = await addUser('demo', 'piotr@inny.example.pl', true);
  await addUser('rywal', 'rywal@kibice.example.pl', true);
  const demo = await orgIdOf(db(), 'demo');
  const [scarves] = await db()
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.organisationId, demo), eq(categories.name, 'Szaliki')));
  group = await checkout.json<PanelCustomerGroup>(
    await panel(manager, '/customer-groups', 'POST', {
      Nazwa: 'Sponsorzy i karnety',
      Konta: [' Anna@Kibice.example.pl'],
      Domeny: ['@Sponsor.Example.pl'],
    }),
  );
  promotion = await checkout.json<PanelPromotion>(
    await panel(manager, '/promotions', 'POST', {
      Nazwa: 'Cena członkowska',
      Rodzaj: 'percent',
      Procent: 20,
      Zakres: { Typ: 'categories', Id: [scarves!.id] },
      GrupyKlientow: [group.Id],
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('customer groups in the panel', () => {
  it('keeps the accounts by e-mail and the domains as typed, and audits the change', async () => {
    expect(group).toMatchObject({
      Nazwa: 'Sponsorzy i karnety',
      Od: null,
      Do: null,
      Konta: [{ Email: 'anna@kibice.example.pl', Nazwa: 'Ala Członek' }],
      Domeny: ['sponsor.example.pl'],
    });
    expect(promotion.GrupyKlientow).toEqual([group.Id]);
    const list = await checkout.json<{ Items: PanelCustomerGroup[] }>(
      await panel(manager, '/customer-groups'),
    );
    expect(list.Items.find((g) => g.Id === group.Id)?.Promocje).toBe(1);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customerGroup'), eq(auditLog.entityId, String(group.Id))));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('refuses what would make a price public or name someone else, in Polish', async () => {
    const refused = async (body: unknown, message: string) => {
      const res = await panel(manager, '/customer-groups', 'POST', body);
      expect(((await checkout.json<{ Message: string }>(res, 400)) as { Message: string }).Message).toBe(
        message,
      );
    };
    await refused({ Nazwa: 'Wszyscy', Domeny: ['gmail.com'] }, msg.groupDomainPublic);
    await refused({ Nazwa: '' }, msg.groupNameRequired);
    await refused({ Nazwa: 'X', Od: '2026-10-02T00:00', Do: '2026-10-01T00:00' }, msg.groupEndsBeforeStart);
    await refused(
      { Nazwa: 'X', Konta: ['nikt@example.pl'] },
      fillMessage(msg.groupAccountUnknown, { email: 'nikt@example.pl' }),
    );
    // Another club's customer is no customer of this one.
    await refused(
      { Nazwa: 'X', Konta: ['rywal@kibice.example.pl'] },
      fillMessage(msg.groupAccountUnknown, { email: 'rywal@kibice.example.pl' }),
    );
  });

  it("answers another club's group as missing and refuses it in a promotion", async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { Nazwa: 'Przejęta' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await panel(rival, `/customer-groups/${group.Id}`, method, body);
      expect((await checkout.json<{ Message: string }>(res, 404)).Message).toBe(msg.groupNotFound);
    }
    const res = await panel(rival, '/promotions', 'POST', {
      Nazwa: 'Cudza grupa',
      Rodzaj: 'percent',
      Procent: 50,
      GrupyKlientow: [group.Id],
    });
    expect((await checkout.json<{ Message: string }>(res, 400)).Message).toBe(msg.promoGroupsUnknown);
  });

  it('does not delete a group a promotion names', async () => {
    const res = await panel(manager, `/customer-groups/${group.Id}`, 'DELETE');
    expect((await checkout.json<{ Message: string }>(res, 409)).Message).toContain('Cena członkowska');
    const spare = await checkout.json<PanelCustomerGroup>(
      await panel(manager, '/customer-groups', 'POST', { Nazwa: 'Do usunięcia' }),
    );
    expect((await panel(manager, `/customer-groups/${spare.Id}`, 'DELETE')).status).toBe(204);
    expect((await panel(manager, `/customer-groups/${spare.Id}`)).status).toBe(404);
  });
});

describe('a member price in the cart and the order', () => {
  it('prices the cart of a named member and of a confirmed account at the domain', async () => {
    for (const who of ['named', 'domain'] as const) {
      const guid = await checkout.makeCart(
        t,
        [checkout.line(product(SCARF), 1), checkout.line(product(MUG), 1)],
        {
          ticket: tickets[who],
        },
      );
      const cart = await readCart(guid, tickets[who]);
      expect(cart.Rabaty, who).toEqual([{ Nazwa: 'Cena członkowska', Kod: null, Kwota: MEMBER_CUT / 100 }]);
      expect(cart.Pozycje.find((l) => l.Wyrob.Nazwa === SCARF)!.Rabat).toBe(MEMBER_CUT / 100);
      // The same cart read without the member's login: a shared guid gives nobody their price.
      expect((await readCart(guid)).Rabaty).toBeUndefined();
    }
  });

  it('gives nothing to a guest, a non-member or an unconfirmed account at the domain', async () => {
    for (const ticket of [undefined, tickets.stranger, tickets.unconfirmed]) {
      const guid = await checkout.makeCart(t, [checkout.line(product(SCARF), 1)], { ticket });
      expect((await readCart(guid, ticket)).Rabaty).toBeUndefined();
    }
  });

  it('places the order of a member at the member price, and a guest typing their e-mail at the full one', async () => {
    const dpd = ship('Kurier DPD');
    const member = await checkout.placeCart(t, [checkout.line(product(SCARF), 2)], dpd, {
      ticket: tickets.domain,
      extra: { Platnosc: 20, Email: 'jan@sponsor.example.pl' },
    });
    const cut = Math.floor((2 * 6999 * 2000 + 5000) / 10000);
    expect(member.order).toMatchObject({ itemsTotal: 2 * scarfPiece(), itemsDiscount: cut });
    const guest = await checkout.placeCart(t, [checkout.line(product(SCARF), 1)], dpd, {
      extra: { Platnosc: 20, Email: 'jan@sponsor.example.pl' },
    });
    expect(guest.order).toMatchObject({ itemsTotal: scarfPiece(), itemsDiscount: 0 });
  });

  it('respects the group dates', async () => {
    const guid = await checkout.makeCart(t, [checkout.line(product(SCARF), 1)], { ticket: tickets.named });
    const patch = (body: unknown) => panel(manager, `/customer-groups/${group.Id}`, 'PATCH', body);
    expect((await patch({ Od: '2099-01-01T00:00' })).status).toBe(200);
    expect((await readCart(guid, tickets.named)).Rabaty).toBeUndefined();
    expect((await patch({ Od: '2020-01-01T00:00', Do: '2021-01-01T00:00' })).status).toBe(200);
    expect((await readCart(guid, tickets.named)).Rabaty).toBeUndefined();
    expect((await patch({ Od: null, Do: null })).status).toBe(200);
    expect((await readCart(guid, tickets.named)).Rabaty).toHaveLength(1);
  });

  it("never takes another club's group, even at the same domain", async () => {
    const theirs = await checkout.json<PanelCustomerGroup>(
      await panel(rival, '/customer-groups', 'POST', { Nazwa: 'Rywal', Domeny: ['inny.example.pl'] }),
    );
    // A demo promotion cannot name it (refused above); the stranger at that domain stays a stranger.
    expect(theirs.Domeny).toEqual(['inny.example.pl']);
    const guid = await checkout.makeCart(t, [checkout.line(product(SCARF), 1)], { ticket: tickets.stranger });
    expect((await readCart(guid, tickets.stranger)).Rabaty).toBeUndefined();
  });
});

describe('the member price on the storefront', () => {
  const ids = () => `${product(SCARF).Id},${product(MUG).Id}`;

  it('is asked for behind a login and answers only what the groups make cheaper', async () => {
    expect((await t.fetch(`${PRICES}?ids=${ids()}`, { org: 'demo' })).status).toBe(401);
    const res = await t.fetch(`${PRICES}?ids=${ids()}`, { org: 'demo', ticket: tickets.named });
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await checkout.json<MemberPrices>(res)).toEqual({
      Ceny: [
        { Id: product(SCARF).Id, Cena: (scarfPiece() - MEMBER_CUT) / 100, Grupa: 'Sponsorzy i karnety' },
      ],
    });
    for (const ticket of [tickets.stranger, tickets.unconfirmed]) {
      const other = await t.fetch(`${PRICES}?ids=${ids()}`, { org: 'demo', ticket });
      expect(await checkout.json<MemberPrices>(other)).toEqual({ Ceny: [] });
    }
    // A demo ticket is nobody at another club.
    expect((await t.fetch(`${PRICES}?ids=${ids()}`, { org: 'rywal', ticket: tickets.named })).status).toBe(
      401,
    );
  });

  it('refuses a list that is not ids or longer than 50', async () => {
    const many = Array.from({ length: 51 }, (_, i) => i + 1).join(',');
    for (const q of ['', 'abc', '1,,2', '0', many])
      expect((await t.fetch(`${PRICES}?ids=${q}`, { org: 'demo', ticket: tickets.named })).status, q).toBe(
        400,
      );
  });

  it('keeps the shelf public: the product page shows no member price', async () => {
    const res = await t.fetch(`${checkout.S}/pokazProdukt/${product(SCARF).Id}`, {
      org: 'demo',
      ticket: tickets.named,
    });
    const shown = await checkout.json<{ CenaBrutto: number; Promocja?: unknown }>(res);
    expect(shown.CenaBrutto).toBe(69.99);
    expect(shown.Promocja).toBeUndefined();
  });
});
