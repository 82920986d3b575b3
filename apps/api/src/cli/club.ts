import { randomBytes } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { fillMessage, isCleanText, isEmail, msg } from '@club/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { hashPassword, type ScryptCost } from '../lib/crypto.ts';
import { siteUrlFor } from '../lib/site-url.ts';
import { issueToken } from '../modules/accounts/service.ts';
import { enqueueMail } from '../modules/mail/queue.ts';
import { INVITE_TTL_MS } from '../modules/panel/auth-service.ts';
import { staffInviteMail } from '../modules/panel/staff-mail.ts';
import { insertStartPage } from '../seed/pages.ts';

/** A refused input: the message is Polish and meant for the person at the terminal. */
export class ClubInputError extends Error {}

/** `domain` is the host name the club answers on; `port` only shapes the printed address. */
export type ClubInput = { alias: string; name: string; domain: string; email?: string; port?: number };
export type CreatedClub = {
  organisationId: number;
  alias: string;
  storefrontUrl: string;
  owner: { email: string; password?: string };
  /** A set-password e-mail was queued instead of printing a password. */
  invited: boolean;
};

const ALIAS_RE = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])$/;
const HOST_RE =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * `host[:port]` as typed: lower case, a trailing dot dropped, a Polish name as DNS has it
 * (`sokół.localhost` → `xn--sok-…`), like the panel's domains. The port is split off: clubs are
 * found by host name alone (the tenancy ignores ports), so a stored `localhost:3300` would
 * never match; the port only goes into the printed storefront address.
 */
const parseDomain = (raw: string): { host: string; port?: number } | null => {
  const m = /^([^:/?#@\\\s]+?)\.?(?::(\d{1,5}))?$/.exec(raw.trim().toLowerCase());
  if (!m) return null;
  const host = /^[\p{ASCII}]*$/u.test(m[1]!) ? m[1]! : domainToASCII(m[1]!);
  const port = m[2] === undefined ? undefined : Number(m[2]);
  if (!HOST_RE.test(host) || (port !== undefined && (port < 1 || port > 65_535))) return null;
  return { host, ...(port !== undefined && { port }) };
};

/** Checks and normalises the command's input (alias and domain lower case); throws ClubInputError. */
export const validateClubInput = (input: Partial<ClubInput>): ClubInput => {
  const alias = (input.alias ?? '').trim().toLowerCase();
  if (!ALIAS_RE.test(alias)) throw new ClubInputError(msg.clubAliasInvalid);
  const name = (input.name ?? '').trim();
  if (!name || name.length > 200 || !isCleanText(name) || /[\r\n]/.test(name))
    throw new ClubInputError(msg.clubNameRequired);
  const domain = parseDomain(input.domain ?? '');
  if (!domain) throw new ClubInputError(msg.clubDomainInvalid);
  const email = input.email?.trim().toLowerCase();
  if (email !== undefined && !isEmail(email)) throw new ClubInputError(msg.clubEmailInvalid);
  return {
    alias,
    name,
    domain: domain.host,
    ...(domain.port && { port: domain.port }),
    ...(email && { email }),
  };
};

/**
 * The storefront's pages a new club needs (texts to adapt in the panel), as the demo seed has them;
 * the seller's data by placeholders, filled from 'Dane sprzedawcy' when a page is read.
 */
const defaultPages = (name: string) => [
  {
    slug: 'regulamin',
    title: 'Regulamin sklepu',
    meta: `Regulamin sklepu internetowego ${name}.`,
    content: `<h2>§1 Postanowienia ogólne</h2><p>Sklep internetowy prowadzi {{sprzedawca}}. Kontakt: {{email}}.</p><h2>§2 Zamówienia</h2><p>Ceny podane są w złotych polskich i zawierają podatek VAT.</p><h2>§3 Zwroty</h2><p>Masz 14 dni na odstąpienie od umowy bez podania przyczyny.</p>`,
  },
  {
    slug: 'polityka-prywatnosci',
    title: 'Polityka prywatności',
    meta: `Jak ${name} przetwarza Twoje dane osobowe.`,
    content: `<p>Administratorem Twoich danych osobowych jest {{sprzedawca}}. Dane przetwarzamy wyłącznie w celu realizacji zamówień i obsługi konta.</p><p>Masz prawo dostępu do swoich danych, ich sprostowania, usunięcia i przenoszenia.</p>`,
  },
  {
    slug: 'kontakt',
    title: 'Kontakt',
    meta: `Skontaktuj się ze sklepem ${name}.`,
    content: '<p>Masz pytanie o zamówienie lub produkt? Napisz do nas.</p>',
    params: [{ key: 'kontakt', value: '1' }],
  },
  {
    slug: 'tekst-stopka',
    title: 'Tekst stopki',
    meta: '',
    content: `<p>${name} – oficjalny sklep kibica.</p><p>Sprzedawca: {{sprzedawca}}.</p>`,
  },
  {
    slug: 'kontakt-dane',
    title: 'Dane kontaktowe',
    meta: '',
    content:
      '<div><h3>Sprzedawca</h3><p>{{sprzedawca}}</p></div><div><h3>Obsługa klienta</h3><p>{{email}}</p></div>',
  },
  {
    slug: 'kontakt-rodo',
    title: 'RODO',
    meta: '',
    content: `<p>Administratorem danych podanych w formularzu jest ${name}. Dane przetwarzamy wyłącznie w celu odpowiedzi na wiadomość (art. 6 ust. 1 lit. f RODO).</p>`,
  },
];

/** Site options the storefront reads, as the demo sets them (no banner yet: the home page shows products). */
const DEFAULT_OPTIONS: Record<string, string> = {
  'strona-glowna-baner': '0',
  'strona-glowna-produkty': '1',
  'zakupy-bez-logowania': '1',
};

const DEFAULT_SHIPPING = [
  { name: 'Kurier', price: 1599, cashOnDelivery: true },
  { name: 'Paczkomat InPost', price: 1399, cashOnDelivery: false },
  { name: 'Odbiór osobisty', price: 0, cashOnDelivery: true },
  // Offered only to carts of gift cards alone (decision 154).
  { name: 'Karta podarunkowa e-mailem', price: 0, cashOnDelivery: false, electronic: true },
];

const randomPassword = () => `${randomBytes(9).toString('base64url')}Aa1`;

/**
 * Creates a club in one transaction: the organisation with its domain, default site options,
 * shipping options, the storefront's CMS pages and simple menus, an empty catalogue, and its
 * owner. With `invite` (an e-mail given and SMTP configured) the owner gets a set-password link
 * through the durable mail queue (sent by the running shop's mail worker); otherwise a random
 * password is returned, to be printed once.
 */
export const createClub = async (
  db: Db | Tx,
  raw: Partial<ClubInput>,
  opts: { publicUrl: string; passwordCost?: ScryptCost; invite: boolean },
): Promise<CreatedClub> => {
  const input = validateClubInput(raw);
  const email = input.email ?? `wlasciciel@${input.domain}`;
  if (!isEmail(email)) throw new ClubInputError(fillMessage(msg.clubEmailRequired, { domena: input.domain }));
  const invite = opts.invite && input.email !== undefined;
  const password = randomPassword();
  const passwordHash = await hashPassword(
    invite ? randomBytes(32).toString('base64url') : password,
    opts.passwordCost,
  );

  return db.transaction(async (tx) => {
    // Checked inside the transaction; the unique indexes stop a concurrent twin anyway.
    const [aliasTaken] = await tx
      .select({ id: t.organisations.id })
      .from(t.organisations)
      .where(eq(t.organisations.alias, input.alias));
    if (aliasTaken) throw new ClubInputError(fillMessage(msg.clubAliasTaken, { alias: input.alias }));
    const [domainTaken] = await tx
      .select({ id: t.organisationDomains.id })
      .from(t.organisationDomains)
      .where(eq(t.organisationDomains.host, input.domain));
    if (domainTaken) throw new ClubInputError(fillMessage(msg.clubDomainTaken, { domena: input.domain }));

    const [org] = await tx
      .insert(t.organisations)
      .values({
        alias: input.alias,
        name: input.name,
        title: `Sklep ${input.name}`,
        description: `Oficjalny sklep kibica ${input.name}.`,
        contactFields: [10, 20, 40, 50],
        contactRequired: [10, 40],
        shopEmail: email,
      })
      .returning();
    const orgId = org!.id;
    // The operator's word is the proof: a domain added in the panel waits for its owner's proof instead
    // (panel/domain-proof.ts); another club's claim waiting for proof does not hold the name.
    await tx.insert(t.organisationDomains).values({ organisationId: orgId, host: input.domain });
    await tx.insert(t.siteOptions).values(
      Object.entries(DEFAULT_OPTIONS).map(([key, value]) => ({
        organisationId: orgId,
        key,
        value,
        type: 20,
      })),
    );
    await tx
      .insert(t.shippingOptions)
      .values(DEFAULT_SHIPPING.map((s, position) => ({ organisationId: orgId, ...s, position })));
    for (const p of defaultPages(input.name)) await insertStartPage(tx, orgId, p);
    const menus: [number, string, string][] = [
      [10, 'Sklep', '/produkty'],
      [10, 'Kontakt', '/kontakt'],
      [20, 'Regulamin', '/regulamin'],
      [20, 'Polityka prywatności', '/polityka-prywatnosci'],
      [30, 'Regulamin', '/regulamin'],
      [30, 'Polityka prywatności', '/polityka-prywatnosci'],
      [30, 'Kontakt', '/kontakt'],
    ];
    await tx.insert(t.menuItems).values(
      menus.map(([menuId, title, url], position) => ({
        organisationId: orgId,
        menuId,
        title,
        url,
        position,
      })),
    );
    const [owner] = await tx
      .insert(t.users)
      .values({
        organisationId: orgId,
        email,
        firstName: 'Właściciel',
        lastName: input.name.slice(0, 100),
        role: 'owner',
        passwordHash,
        // An invited owner is confirmed by accepting the invitation; until then nobody can log in.
        confirmedAt: invite ? null : new Date(),
      })
      .returning({ id: t.users.id });
    const storefrontUrl = siteUrlFor(opts.publicUrl, [
      input.port ? `${input.domain}:${input.port}` : input.domain,
    ]);
    if (invite) {
      const token = await issueToken(tx, org!, owner!.id, 'invite', { ttlMs: INVITE_TTL_MS });
      await enqueueMail(
        tx,
        staffInviteMail({
          to: email,
          shopName: input.name,
          firstName: 'Właścicielu',
          link: `${storefrontUrl}/panel/zaproszenie/${token}`,
          role: 'owner',
        }),
        orgId,
      );
    }
    return {
      organisationId: orgId,
      alias: input.alias,
      storefrontUrl,
      owner: invite ? { email } : { email, password },
      invited: invite,
    };
  });
};

export type ClubSummary = {
  alias: string;
  name: string;
  domains: string[];
  products: number;
  orders: number;
  createdAt: Date;
};

/** Every club with its domains and how many products and orders it has. */
export const listClubs = async (db: Db | Tx): Promise<ClubSummary[]> => {
  const rows = await db
    .select({
      id: t.organisations.id,
      alias: t.organisations.alias,
      name: t.organisations.name,
      createdAt: t.organisations.createdAt,
      // Written out: drizzle leaves columns unqualified inside sql``, which the subquery would misread.
      domains: sql<
        string[] | null
      >`(select array_agg(d.host order by d.id) from organisation_domains d where d.organisation_id = "organisations"."id")`,
      products: sql<number>`(select count(*)::int from products p where p.organisation_id = "organisations"."id")`,
      orders: sql<number>`(select count(*)::int from orders o where o.organisation_id = "organisations"."id")`,
    })
    .from(t.organisations)
    .orderBy(asc(t.organisations.alias));
  return rows.map((r) => ({
    alias: r.alias,
    name: r.name,
    domains: r.domains ?? [],
    products: Number(r.products),
    orders: Number(r.orders),
    createdAt: r.createdAt,
  }));
};

/** `create --alias a --name "N" --domain d [--email e]` or `list`; throws ClubInputError with the usage. */
export const parseClubArgs = (
  argv: string[],
): { command: 'list' } | { command: 'create'; input: Partial<ClubInput> } => {
  const [command, ...rest] = argv;
  if (command === 'list' && !rest.length) return { command: 'list' };
  if (command !== 'create' || !rest.length) throw new ClubInputError(msg.clubUsage);
  const input: Partial<ClubInput> = {};
  const keys: Record<string, Exclude<keyof ClubInput, 'port'>> = {
    '--alias': 'alias',
    '--name': 'name',
    '--domain': 'domain',
    '--email': 'email',
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const key = keys[flag];
    if (!key) throw new ClubInputError(msg.clubUsage);
    const value = eq > 0 ? arg.slice(eq + 1) : rest[++i];
    if (value === undefined) throw new ClubInputError(msg.clubUsage);
    input[key] = value;
  }
  return { command: 'create', input };
};
