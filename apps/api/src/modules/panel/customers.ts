import { randomBytes } from 'node:crypto';
import {
  groszeToZl,
  msg,
  type PanelCustomerDetail,
  type PanelCustomersQuery,
  statusLabel,
} from '@club/contract';
import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { carts, orders, sessions, users, userTokens } from '../../db/schema.ts';
import { transactionWithRetry } from '../../db/transactions.ts';
import { hashPassword, type ScryptCost } from '../../lib/crypto.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import type { PanelActor } from '../../plugins/panel-auth.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { auditActor, recordAudit } from './audit.ts';
import { likePattern } from './orders-repository.ts';

/** The shop's customers: accounts with the 'customer' role (staff are managed elsewhere). */
const customerOf = (orgId: number) => and(eq(users.organisationId, orgId), eq(users.role, 'customer'));

const SORTS: Record<string, SQL[]> = {
  nazwisko: [asc(users.lastName), asc(users.firstName), asc(users.id)],
  '-nazwisko': [desc(users.lastName), desc(users.firstName), desc(users.id)],
  email: [asc(users.email)],
  '-email': [desc(users.email)],
  data: [asc(users.createdAt), asc(users.id)],
  '-data': [desc(users.createdAt), desc(users.id)],
};

/** Written out: drizzle leaves columns unqualified inside sql``, and `id` would be the order's. */
const orderCount = sql<number>`(select count(*)::int from orders o where o.user_id = "users"."id" and o.organisation_id = "users"."organisation_id")`;

const listItem = (u: typeof users.$inferSelect, orderCountValue: number) => ({
  Id: u.id,
  Imie: u.firstName,
  Nazwisko: u.lastName,
  Email: u.email,
  DataRejestracji: u.createdAt.toISOString(),
  Potwierdzony: u.confirmedAt !== null,
  Zanonimizowany: u.anonymisedAt !== null,
  LiczbaZamowien: Number(orderCountValue),
});

export const listCustomers = async (db: Db, org: Organisation, f: PanelCustomersQuery) => {
  const q = f.q?.trim();
  const p = q ? likePattern(q) : '';
  const where = and(
    customerOf(org.id),
    q
      ? or(
          sql`${users.email} ILIKE ${p}`,
          sql`${users.firstName} ILIKE ${p}`,
          sql`${users.lastName} ILIKE ${p}`,
          sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${p}`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, orders: orderCount })
      .from(users)
      .where(where)
      .orderBy(...(SORTS[f.sort ?? '-data'] ?? SORTS['-data']!))
      .offset(f.offset)
      .limit(f.count),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { Items: rows.map((r) => listItem(r.user, r.orders)), Total: Number(total?.n ?? 0) };
};

export const customerDetail = async (db: Db, org: Organisation, id: number): Promise<PanelCustomerDetail> => {
  const [row] = await db
    .select({ user: users, orders: orderCount })
    .from(users)
    .where(and(customerOf(org.id), eq(users.id, id)))
    .limit(1);
  if (!row) throw notFound(msg.panelCustomerNotFound);
  const u = row.user;
  const list = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      total: orders.total,
    })
    .from(orders)
    .where(and(eq(orders.organisationId, org.id), eq(orders.userId, id)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return {
    ...listItem(u, row.orders),
    DataAnonimizacji: u.anonymisedAt?.toISOString() ?? null,
    Adres: {
      Nazwa: u.addressName,
      UlicaINumer: u.addressStreet,
      KodPocztowy: u.addressPostcode,
      Miasto: u.addressCity,
      Telefon: u.addressPhone,
      Email: u.addressEmail,
    },
    Zamowienia: list.map((o) => ({
      Id: o.id,
      Numer: o.number,
      Data: o.createdAt.toISOString(),
      Status: o.status,
      StatusNazwa: statusLabel(o.status),
      Kwota: groszeToZl(o.total),
    })),
  };
};

/** The placeholder domain of anonymised accounts: `.invalid` can never receive mail (RFC 2606). */
export const ANONYMISED_DOMAIN = 'anonimizacja.invalid';

/**
 * GDPR erasure on request: the account's personal data is replaced (name, e-mail by a unique
 * placeholder, saved address), its password made unusable, its sessions revoked and its one-time
 * links deleted. The orders stay as they are, with the name and address on them: the shop must
 * keep its sales records (invoices) for accounting. The audit entry records the fact, never the data.
 */
export const anonymiseCustomer = async (
  db: Db,
  actor: PanelActor,
  id: number,
  passwordCost?: ScryptCost,
): Promise<PanelCustomerDetail> => {
  const { org } = actor;
  // A random password nobody knows: the hash stays well-formed, no login can ever match it.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'), passwordCost);
  await transactionWithRetry(db, async (tx) => {
    const [u] = await tx
      .select({ id: users.id, anonymisedAt: users.anonymisedAt })
      .from(users)
      .where(and(customerOf(org.id), eq(users.id, id)))
      .limit(1)
      .for('update');
    if (!u) throw notFound(msg.panelCustomerNotFound);
    if (u.anonymisedAt) throw conflict(msg.panelCustomerAlreadyAnonymised);
    await tx
      .update(users)
      .set({
        email: `anonim-${id}-${randomBytes(6).toString('hex')}@${ANONYMISED_DOMAIN}`,
        firstName: 'Anonim',
        lastName: '',
        passwordHash: unusable,
        addressName: '',
        addressStreet: '',
        addressPostcode: '',
        addressCity: '',
        addressPhone: '',
        addressEmail: '',
        failedLogins: 0,
        loginLockedUntil: null,
        anonymisedAt: sql`now()`,
      })
      .where(eq(users.id, id));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    await tx.delete(userTokens).where(eq(userTokens.userId, id));
    // Open carts no longer point at the person (ordered ones keep the order's own link).
    await tx
      .update(carts)
      .set({ userId: null })
      .where(and(eq(carts.userId, id), isNull(carts.orderedAt)));
    await recordAudit(tx, {
      ...auditActor(actor),
      action: 'anonymise',
      entity: 'customer',
      entityId: id,
      before: { Zanonimizowany: false },
      after: { Zanonimizowany: true },
    });
  });
  return customerDetail(db, org, id);
};
