import {
  groszeToZl,
  OrderStatus,
  type PanelDashboard,
  PaymentMethod,
  PRODUCT_LOW_STOCK,
} from '@club/contract';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { sellerWithTerms } from '../../lib/seller.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import { SHOP_TIME_ZONE } from './orders-repository.ts';
import { orderHeadline } from './orders-service.ts';

const WAITING_SHOWN = 10;
const LOW_STOCK_SHOWN = 20;

/** Start of the current Polish calendar day or month, as a timestamptz. */
const warsawStartOf = (unit: 'day' | 'month') =>
  sql`(date_trunc(${unit}, now() AT TIME ZONE ${SHOP_TIME_ZONE}) AT TIME ZONE ${SHOP_TIME_ZONE})`;

/** Orders needing the shop: cash on delivery still 'Nowe' (online ones wait for payment), and 'Do realizacji'. */
const waiting = (orgId: number) =>
  and(
    eq(orders.organisationId, orgId),
    or(
      and(eq(orders.status, OrderStatus.new), eq(orders.paymentMethod, PaymentMethod.cashOnDelivery)),
      eq(orders.status, OrderStatus.toFulfil),
    ),
  );

type LowRow = { product_id: number; name: string; parameter: string | null; stock: number };

export const dashboard = async (db: Db, org: Organisation): Promise<PanelDashboard> => {
  const notCancelled = ne(orders.status, OrderStatus.cancelled);
  const [figures] = await db
    .select({
      todayCount: sql<number>`count(*) filter (where ${orders.createdAt} >= ${warsawStartOf('day')})::int`,
      todaySum: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.createdAt} >= ${warsawStartOf('day')}), 0)::bigint`,
      monthCount: sql<number>`count(*)::int`,
      monthSum: sql<number>`coalesce(sum(${orders.total}), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.organisationId, org.id),
        notCancelled,
        sql`${orders.createdAt} >= ${warsawStartOf('month')}`,
      ),
    );
  const [waitingCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(waiting(org.id));
  const waitingList = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      name: orders.name,
      total: orders.total,
    })
    .from(orders)
    .where(waiting(org.id))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(WAITING_SHOWN);
  // Products without parameters by their own stock; products with parameters by each parameter's.
  // The limit is the product list's 'low' filter's (one constant); sold out counts here too.
  // Raw SQL with explicit aliases: drizzle leaves column names unqualified inside sql``, which a
  // subquery would resolve against its own table.
  const low = await db.execute(sql`
    select * from (
      select p.id as product_id, p.name, null::text as parameter, p.stock
        from products p
       where p.organisation_id = ${org.id} and p.archived_at is null
         and p.stock <= ${PRODUCT_LOW_STOCK}::int
         and not exists (select 1 from product_parameters pp where pp.product_id = p.id)
      union all
      select p.id, p.name, pp.name, pp.stock
        from product_parameters pp join products p on p.id = pp.product_id
       where pp.organisation_id = ${org.id} and p.archived_at is null
         and pp.stock <= ${PRODUCT_LOW_STOCK}::int
    ) low
    order by stock asc, name asc, parameter asc nulls first
    limit ${LOW_STOCK_SHOWN}::int`);
  const seller = await sellerWithTerms(db, org);
  return {
    BrakiSprzedawcy: seller.Brakuje,
    Dzis: {
      Zamowienia: Number(figures?.todayCount ?? 0),
      Przychod: groszeToZl(Number(figures?.todaySum ?? 0)),
    },
    Miesiac: {
      Zamowienia: Number(figures?.monthCount ?? 0),
      Przychod: groszeToZl(Number(figures?.monthSum ?? 0)),
    },
    DoObsluzenia: {
      Liczba: Number(waitingCount?.n ?? 0),
      Zamowienia: waitingList.map((o) => ({
        ...orderHeadline(o),
        Kwota: groszeToZl(o.total),
      })),
    },
    ProgNiskiegoStanu: PRODUCT_LOW_STOCK,
    NiskiStan: rowsOf<LowRow>(low).map((r) => ({
      IdWyrob: Number(r.product_id),
      Nazwa: r.name,
      Parametr: r.parameter,
      Stan: Number(r.stock),
    })),
  };
};

/** drizzle's execute on node-postgres answers `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
