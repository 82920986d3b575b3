import type { PanelOrdersQuery } from '@club/contract';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orderLines, orderNotes, orderStatusHistory, orders, users } from '../../db/schema.ts';
import { heldCondition } from '../orders/held-orders.ts';

/** The shop's calendar: days and months of the panel's filters and figures are Polish ones. */
export const SHOP_TIME_ZONE = 'Europe/Warsaw';

/** `%`, `_` and `\` typed in a search box are literal characters, not LIKE patterns. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Midnight of a Polish calendar day (YYYY-MM-DD), `days` later, as a timestamptz. */
export const warsawMidnight = (day: string, days = 0) =>
  sql`((${day}::date + ${days}::int)::timestamp AT TIME ZONE ${SHOP_TIME_ZONE})`;

/** `orders.id` written out: inside a subquery on order_lines, drizzle's bare "id" would be the line's. */
const outerOrderId = sql`"orders"."id"`;

/** The WHERE of the order list and its CSV export. */
export const orderFilter = (orgId: number, f: PanelOrdersQuery): SQL => {
  const conditions: (SQL | undefined)[] = [eq(orders.organisationId, orgId)];
  if (f.status?.length) conditions.push(inArray(orders.status, f.status));
  if (f.platnosc) conditions.push(eq(orders.paymentStatus, f.platnosc));
  if (f.potwierdzenie === 'czeka') conditions.push(heldCondition());
  if (f.od) conditions.push(sql`${orders.createdAt} >= ${warsawMidnight(f.od)}`);
  if (f.do) conditions.push(sql`${orders.createdAt} < ${warsawMidnight(f.do, 1)}`);
  const q = f.q?.trim();
  if (q) {
    const p = likePattern(q);
    // A phone typed with spaces or dashes finds one stored without them, and back.
    const digits = q.replace(/\D/g, '');
    conditions.push(
      or(
        sql`${orders.number} ILIKE ${p}`,
        sql`${orders.email} ILIKE ${p}`,
        sql`${orders.name} ILIKE ${p}`,
        sql`${orders.city} ILIKE ${p}`,
        digits.length >= 3
          ? sql`regexp_replace(${orders.phone}, '[^0-9]', '', 'g') LIKE ${likePattern(digits)}`
          : undefined,
        sql`EXISTS (SELECT 1 FROM ${orderLines} WHERE ${orderLines.orderId} = ${outerOrderId}
              AND ${orderLines.organisationId} = ${orgId} AND ${orderLines.productName} ILIKE ${p})`,
      ),
    );
  }
  return and(...conditions)!;
};

const SORTS: Record<string, SQL[]> = {
  data: [asc(orders.createdAt), asc(orders.id)],
  '-data': [desc(orders.createdAt), desc(orders.id)],
  numer: [asc(orders.number)],
  '-numer': [desc(orders.number)],
  kwota: [asc(orders.total), asc(orders.id)],
  '-kwota': [desc(orders.total), desc(orders.id)],
  status: [asc(orders.status), desc(orders.id)],
  '-status': [desc(orders.status), desc(orders.id)],
};

export const listColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  status: orders.status,
  name: orders.name,
  email: orders.email,
  phone: orders.phone,
  city: orders.city,
  total: orders.total,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  shippingName: orders.shippingName,
  deliveryInfo: orders.deliveryInfo,
  confirmBy: orders.confirmBy,
  buyerConfirmedAt: orders.buyerConfirmedAt,
};

export const findOrders = (
  db: Db,
  orgId: number,
  f: PanelOrdersQuery,
  page: { offset: number; count: number },
) =>
  db
    .select(listColumns)
    .from(orders)
    .where(orderFilter(orgId, f))
    .orderBy(...(SORTS[f.sort ?? '-data'] ?? SORTS['-data']!))
    .offset(page.offset)
    .limit(page.count);

export const countOrders = async (db: Db, orgId: number, f: PanelOrdersQuery): Promise<number> => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(orderFilter(orgId, f));
  return Number(row?.n ?? 0);
};

/**
 * The CSV export's rows: the list's columns, the full address and every line as
 * `name (parameter) × quantity × unit price`, joined in the order they were bought.
 */
export const findCsvOrders = (db: Db, orgId: number, f: PanelOrdersQuery, limit: number) =>
  db
    .select({
      ...listColumns,
      street: orders.street,
      postcode: orders.postcode,
      lines: sql<string>`(SELECT string_agg(
          ${orderLines.productName} || coalesce(' (' || ${orderLines.parameterName} || ')', '')
            || ' × ' || ${orderLines.quantity} || ' × ' || replace(to_char(${orderLines.unitPrice} / 100.0, 'FM999999990.00'), '.', ','),
          '; ' ORDER BY ${orderLines.id})
        FROM ${orderLines} WHERE ${orderLines.orderId} = ${outerOrderId} AND ${orderLines.organisationId} = ${orgId})`,
    })
    .from(orders)
    .where(orderFilter(orgId, f))
    .orderBy(...(SORTS[f.sort ?? '-data'] ?? SORTS['-data']!))
    .limit(limit);

export const findOrder = async (db: Db | Tx, orgId: number, id: number, lock = false) => {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.organisationId, orgId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export const findLines = (db: Db | Tx, orgId: number, orderId: number) =>
  db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.organisationId, orgId)))
    .orderBy(asc(orderLines.id));

export const findHistory = (db: Db | Tx, orgId: number, orderId: number) =>
  db
    .select({
      createdAt: orderStatusHistory.createdAt,
      from: orderStatusHistory.fromStatus,
      to: orderStatusHistory.toStatus,
      note: orderStatusHistory.note,
      userEmail: users.email,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.userId))
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.organisationId, orgId)))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));

export const setStatus = (tx: Tx, orgId: number, orderId: number, status: number) =>
  tx
    .update(orders)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId)));

/** The parcel; the first one's moment stays when a number is corrected. */
export const setShipment = (tx: Tx, orgId: number, orderId: number, carrier: string, number: string) =>
  tx
    .update(orders)
    .set({
      trackingCarrier: carrier,
      trackingNumber: number,
      shippedAt: sql`coalesce(${orders.shippedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId)));

export const setPaymentStatus = (tx: Tx, orgId: number, orderId: number, paymentStatus: string) =>
  tx
    .update(orders)
    .set({ paymentStatus, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.organisationId, orgId)));

export const findNotes = (db: Db | Tx, orgId: number, orderId: number) =>
  db
    .select({ createdAt: orderNotes.createdAt, userEmail: orderNotes.userEmail, body: orderNotes.body })
    .from(orderNotes)
    .where(and(eq(orderNotes.orderId, orderId), eq(orderNotes.organisationId, orgId)))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));

export const insertNote = (tx: Tx, values: typeof orderNotes.$inferInsert) =>
  tx.insert(orderNotes).values(values);
