/**
 * Customer groups for member prices (decision 153): who belongs to a club's group (members,
 * season-ticket holders, staff, a sponsor's employees), and the group as the panel reads and writes
 * it. Promotions limited to groups (`Promotion.customerGroupIds`) are their price lists.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isEmail, requiredText } from './common.ts';
import { msg } from './messages.ts';
import { localDateTime } from './panel-promotions.ts';

/** A group's accounts and domains at most: a longer list is a customer database, not a group. */
export const MAX_GROUP_ACCOUNTS = 1_000;
export const MAX_GROUP_DOMAINS = 50;

/**
 * Free mailbox providers: anyone can have an address there, so such a domain would make the price
 * public. Refused as a group's domain.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'wp.pl',
  'o2.pl',
  'onet.pl',
  'onet.eu',
  'op.pl',
  'vp.pl',
  'interia.pl',
  'interia.eu',
  'poczta.fm',
  'gazeta.pl',
  'tlen.pl',
  'buziaczek.pl',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'me.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'aol.com',
]);

/** The account as membership sees it. */
export type GroupAccount = {
  id: number;
  /** Stored in lower case; it became the account's only once its owner confirmed it. */
  email: string;
  confirmed: boolean;
  /** Customers only: staff accounts and erased ones are nobody's member. */
  customer: boolean;
};

/** A group as membership sees it: its dates and whether the account is named or its domain listed. */
export type GroupCandidate = {
  id: number;
  name: string;
  validFrom: Date | null;
  validTo: Date | null;
  /** The account is one of the group's named accounts. */
  named: boolean;
  /** The group's domains (lower case). */
  domains: readonly string[];
};

/** The part after `@`, lower case; '' for no address. */
export const emailDomain = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
};

/**
 * The rule of membership, one place for the cart, the order and the member prices: a confirmed
 * customer account (an unconfirmed one proves no mailbox, so no domain) named in the group or
 * whose e-mail is at one of its domains (the domain itself, not a subdomain), while the group is
 * valid (from inclusive, to exclusive).
 */
export const isGroupMember = (account: GroupAccount, group: GroupCandidate, now: Date): boolean => {
  if (!account.confirmed || !account.customer) return false;
  const t = now.getTime();
  if (group.validFrom !== null && t < group.validFrom.getTime()) return false;
  if (group.validTo !== null && t >= group.validTo.getTime()) return false;
  return group.named || group.domains.includes(emailDomain(account.email));
};

/** The groups of `candidates` the account belongs to now, by id. */
export const buyerGroups = (
  account: GroupAccount,
  candidates: readonly GroupCandidate[],
  now: Date,
): GroupCandidate[] => candidates.filter((g) => isGroupMember(account, g, now));

// A domain: labels of letters, digits and inner dashes, at least two, the last not all digits.
const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** A domain as typed (`@Sponsor.pl ` too): lower case, without `@`; refused if it is no domain or a free mailbox's. */
export const groupDomain = () =>
  z
    .string({ error: msg.groupDomainInvalid })
    .max(253, { error: msg.groupDomainInvalid, abort: true })
    .transform((v) => v.trim().toLowerCase().replace(/^@/, ''))
    .refine((v) => DOMAIN_PATTERN.test(v), { error: msg.groupDomainInvalid, abort: true })
    .refine((v) => !PUBLIC_MAIL_DOMAINS.has(v), msg.groupDomainPublic);

const accountEmail = () =>
  z
    .string({ error: msg.groupAccountInvalid })
    .max(EMAIL_MAX_LENGTH, { error: msg.groupAccountInvalid, abort: true })
    .transform((v) => v.trim().toLowerCase())
    .refine(isEmail, msg.groupAccountInvalid);

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

const fields = {
  Nazwa: requiredText(100, msg.groupNameRequired),
  /** Warsaw time; null: open. */
  Od: localDateTime().nullable(),
  Do: localDateTime().nullable(),
  /** The club's customer accounts by e-mail. */
  Konta: z
    .array(accountEmail(), { error: msg.groupAccountInvalid })
    .max(MAX_GROUP_ACCOUNTS, msg.groupTooManyAccounts)
    .refine(unique, msg.groupDuplicate),
  Domeny: z
    .array(groupDomain(), { error: msg.groupDomainInvalid })
    .max(MAX_GROUP_DOMAINS, msg.groupTooManyDomains)
    .refine(unique, msg.groupDuplicate),
};

const datesInOrder = (v: { Od?: Date | null; Do?: Date | null }, ctx: z.RefinementCtx) => {
  if (v.Od && v.Do && v.Do.getTime() <= v.Od.getTime())
    ctx.addIssue({ code: 'custom', path: ['Do'], message: msg.groupEndsBeforeStart });
};

export const PanelCustomerGroupCreateSchema = z
  .object({
    Nazwa: fields.Nazwa,
    Od: fields.Od.optional().default(null),
    Do: fields.Do.optional().default(null),
    Konta: fields.Konta.optional().default([]),
    Domeny: fields.Domeny.optional().default([]),
  })
  .superRefine(datesInOrder);
export type PanelCustomerGroupCreate = z.output<typeof PanelCustomerGroupCreateSchema>;

/** A change: only the fields present change; a list given replaces the group's list. */
export const PanelCustomerGroupUpdateSchema = z.object(fields).partial().superRefine(datesInOrder);
export type PanelCustomerGroupUpdate = z.output<typeof PanelCustomerGroupUpdateSchema>;

export const PanelCustomerGroupSchema = z.object({
  Id: z.number().int(),
  Nazwa: z.string(),
  /** Warsaw time, `2026-12-01T00:00`; null: open. */
  Od: z.string().nullable(),
  Do: z.string().nullable(),
  Konta: z.array(z.object({ Id: z.number().int(), Email: z.string(), Nazwa: z.string() })),
  Domeny: z.array(z.string()),
  /** Promotions not ended limited to it (a group they name cannot be deleted). */
  Promocje: z.number().int(),
  Utworzono: z.string(),
  Zmieniono: z.string(),
});
export type PanelCustomerGroup = z.infer<typeof PanelCustomerGroupSchema>;

export const PanelCustomerGroupListSchema = z.object({
  Items: z.array(PanelCustomerGroupSchema),
  Total: z.number().int(),
});
export type PanelCustomerGroupList = z.infer<typeof PanelCustomerGroupListSchema>;

/** Products whose member prices the storefront asks for: `?ids=1,2,3`. */
export const MAX_MEMBER_PRICE_IDS = 50;

export const MemberPricesQuerySchema = z.object({
  ids: z
    .string({ error: msg.invalidRequest })
    .max(MAX_MEMBER_PRICE_IDS * 11, { error: msg.invalidRequest, abort: true })
    .regex(/^\d{1,10}(?:,\d{1,10})*$/, { error: msg.invalidRequest, abort: true })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine(
      (ids) => ids.length <= MAX_MEMBER_PRICE_IDS && ids.every((id) => id >= 1 && id <= 2_147_483_647),
      {
        error: msg.invalidRequest,
      },
    ),
});

export const MemberPricesSchema = z.object({
  /** Only products the buyer's groups make cheaper; the others are not listed. */
  Ceny: z.array(
    z.object({
      /** The product. */
      Id: z.number().int(),
      /** What one piece costs the buyer in the cart (zł), the public promotions included. */
      Cena: z.number(),
      /** The group whose price it is. */
      Grupa: z.string(),
    }),
  ),
});
export type MemberPrices = z.infer<typeof MemberPricesSchema>;
