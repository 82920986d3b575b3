import { describe, expect, it } from 'vitest';
import {
  buyerGroups,
  emailDomain,
  type GroupAccount,
  type GroupCandidate,
  isGroupMember,
  PanelCustomerGroupCreateSchema,
} from './customer-groups.ts';
import { msg } from './messages.ts';
import { memberUnitPrice } from './promotion-display.ts';
import type { Promotion } from './promotions.ts';

const now = new Date('2026-10-01T12:00:00Z');
const account = (over: Partial<GroupAccount> = {}): GroupAccount => ({
  id: 7,
  email: 'jan@sponsor.pl',
  confirmed: true,
  customer: true,
  ...over,
});
const group = (over: Partial<GroupCandidate> = {}): GroupCandidate => ({
  id: 1,
  name: 'Sponsorzy',
  validFrom: null,
  validTo: null,
  named: false,
  domains: ['sponsor.pl'],
  ...over,
});

describe('membership of a customer group', () => {
  it('takes a confirmed customer named in the group or at one of its domains', () => {
    expect(isGroupMember(account(), group(), now)).toBe(true);
    expect(isGroupMember(account({ email: 'ola@gmail.com' }), group({ named: true }), now)).toBe(true);
    expect(isGroupMember(account({ email: 'ola@gmail.com' }), group(), now)).toBe(false);
  });

  it('never takes an unconfirmed account: its address proves no mailbox', () => {
    expect(isGroupMember(account({ confirmed: false }), group(), now)).toBe(false);
    expect(isGroupMember(account({ confirmed: false }), group({ named: true }), now)).toBe(false);
  });

  it('takes no staff or erased account', () => {
    expect(isGroupMember(account({ customer: false }), group({ named: true }), now)).toBe(false);
  });

  it('matches the domain itself, not a subdomain or a look-alike', () => {
    for (const email of [
      'jan@mail.sponsor.pl',
      'jan@sponsor.pl.evil.com',
      'jan@notsponsor.pl',
      'sponsor.pl@x.pl',
    ])
      expect(isGroupMember(account({ email }), group(), now), email).toBe(false);
    expect(emailDomain('Jan@Sponsor.PL')).toBe('sponsor.pl');
    expect(isGroupMember(account({ email: 'Jan@Sponsor.PL' }), group(), now)).toBe(true);
  });

  it('holds from its start (inclusive) to its end (exclusive)', () => {
    expect(isGroupMember(account(), group({ validFrom: now }), now)).toBe(true);
    expect(isGroupMember(account(), group({ validTo: now }), now)).toBe(false);
    expect(isGroupMember(account(), group({ validFrom: new Date(now.getTime() + 1) }), now)).toBe(false);
    expect(buyerGroups(account(), [group(), group({ id: 2, validTo: now })], now).map((g) => g.id)).toEqual([
      1,
    ]);
  });
});

describe('a group as the panel gives it', () => {
  it('reads domains as typed and refuses free mailboxes and non-domains in Polish', () => {
    const ok = PanelCustomerGroupCreateSchema.parse({ Nazwa: 'Sponsorzy', Domeny: [' @Sponsor.PL '] });
    expect(ok.Domeny).toEqual(['sponsor.pl']);
    const issue = (Domeny: string[]) =>
      PanelCustomerGroupCreateSchema.safeParse({ Nazwa: 'X', Domeny }).error?.issues[0]?.message;
    expect(issue(['gmail.com'])).toBe(msg.groupDomainPublic);
    expect(issue(['WP.pl'])).toBe(msg.groupDomainPublic);
    expect(issue(['sponsor'])).toBe(msg.groupDomainInvalid);
    expect(issue(['*.sponsor.pl'])).toBe(msg.groupDomainInvalid);
    expect(issue(['sponsor.pl', 'SPONSOR.pl'])).toBe(msg.groupDuplicate);
  });

  it('refuses an end before the start', () => {
    const r = PanelCustomerGroupCreateSchema.safeParse({
      Nazwa: 'X',
      Od: '2026-10-02T00:00',
      Do: '2026-10-01T00:00',
    });
    expect(r.error?.issues[0]).toMatchObject({ path: ['Do'], message: msg.groupEndsBeforeStart });
  });
});

describe('a member price of one piece', () => {
  const base = {
    code: null,
    scope: { type: 'products', ids: [5] },
    includesPrinting: false,
    minimum: 0,
    startsAt: null,
    endsAt: null,
    paused: false,
    stackable: false,
  } as const;
  const sale: Promotion = { ...base, id: 1, name: 'Wyprzedaż', kind: 'percent', percent: 10 };
  const members: Promotion = {
    ...base,
    id: 2,
    name: 'Członkowie',
    kind: 'percent',
    percent: 20,
    customerGroupIds: [3],
  };
  const piece = { productId: 5, variantId: null, categoryIds: [] };

  it('is the cart price for a member of the group, the better deal winning', () => {
    expect(memberUnitPrice(piece, 10_000, [sale, members], [3], now)).toEqual({
      price: 8_000,
      promotionId: 2,
    });
    expect(
      memberUnitPrice(
        piece,
        10_000,
        [
          { ...members, stackable: true },
          { ...sale, stackable: true },
        ],
        [3],
        now,
      )?.price,
    ).toBe(7_200);
  });

  it('is none for others, or when the public price is better anyway', () => {
    expect(memberUnitPrice(piece, 10_000, [sale, members], [4], now)).toBeNull();
    expect(memberUnitPrice(piece, 10_000, [sale, members], [], now)).toBeNull();
    expect(memberUnitPrice(piece, 10_000, [{ ...sale, percent: 30 }, members], [3], now)).toBeNull();
  });
});
