// A big club catalogue on demand: `npm run seed -- --products 100000` adds to the demo
// club 372 categories in 3 levels, the products with sizes (stock per size), photo rows and past
// orders, in bulk INSERT ... SELECT statements (seconds, not the hours of a row-by-row seed).
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

export type LargeSeedOptions = {
  /** The club that gets the catalogue (default 'demo'). */
  alias?: string;
  products: number;
  /** Past orders (default: half the products, at most 50,000). */
  orders?: number;
};

/** What node-postgres's `execute` gives. */
type IdRows = { rows: { id: number | string }[] };

export type LargeSeedResult = { categories: number; products: number; orders: number };

const TOP = [
  'Odzież meczowa',
  'Odzież treningowa',
  'Odzież codzienna',
  'Strefa kibica',
  'Akcesoria',
  'Dom i biuro',
  'Dla dzieci',
  'Kolekcje historyczne',
  'Sprzęt sportowy',
  'Prezenty',
  'Edycje limitowane',
  'Wyprzedaż',
];
const MIDDLE = [
  'Męskie',
  'Damskie',
  'Młodzieżowe',
  'Kolekcja 2024/25',
  'Kolekcja 2025/26',
  'Kolekcja 2026/27',
];
const LEAF = ['Podstawowe', 'Premium', 'Wyjazdowe', 'Klasyczne'];
const KINDS = [
  'Koszulka',
  'Bluza',
  'Szalik',
  'Czapka',
  'Kurtka',
  'Spodenki',
  'Kubek',
  'Torba',
  'Smycz',
  'Flaga',
];
const STYLES = ['domowa', 'wyjazdowa', 'treningowa', 'retro', 'zimowa', 'letnia', 'klubowa', 'kibica'];
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
/** Positions of the big catalogue start here, after the demo's own products. */
const BASE_POSITION = 1_000_000;
/** Photo rows name a few shared file names (the bench measures queries, not image files). */
const PHOTO_FILES = 8;

/** Adds the big catalogue to one club; run it in a transaction (the seed CLI does). */
export const seedLargeCatalogue = async (db: Db | Tx, opts: LargeSeedOptions): Promise<LargeSeedResult> => {
  const n = opts.products;
  const orderCount = opts.orders ?? Math.min(50_000, Math.floor(n / 2));
  const found = (await db.execute(
    sql`select id from organisations where alias = ${opts.alias ?? 'demo'}`,
  )) as unknown as IdRows;
  const orgId = Number(found.rows[0]?.id);
  if (!orgId) throw new Error(`no club '${opts.alias ?? 'demo'}': seed the demo clubs first`);

  // Categories: 12 top, 6 under each, 4 under each of those (372), after the club's own.
  const insertLevel = async (rows: { parentId: number | null; name: string; position: number }[]) => {
    const values = sql.join(
      rows.map((r) => sql`(${orgId}, ${r.parentId}::int, ${r.name}, ${100 + r.position})`),
      sql`, `,
    );
    const res = (await db.execute(
      sql`insert into categories (organisation_id, parent_id, name, position) values ${values} returning id`,
    )) as unknown as IdRows;
    return res.rows.map((r) => Number(r.id));
  };
  const tops = await insertLevel(TOP.map((name, position) => ({ parentId: null, name, position })));
  const middles = await insertLevel(
    tops.flatMap((parentId, t) =>
      MIDDLE.map((m, position) => ({ parentId, name: `${TOP[t]}: ${m}`, position })),
    ),
  );
  const leaves = await insertLevel(
    middles.flatMap((parentId, i) =>
      LEAF.map((l, position) => ({ parentId, name: `${MIDDLE[i % 6]} ${l}`, position })),
    ),
  );
  // Products sit mostly in leaves, some in middle categories; 1 in 50 is inactive.
  const homes = [...leaves, ...leaves, ...leaves, ...middles];
  const kinds = sql.raw(`array[${KINDS.map((k) => `'${k}'`).join(',')}]`);
  const styles = sql.raw(`array[${STYLES.map((k) => `'${k}'`).join(',')}]`);
  const sizes = sql.raw(`array[${SIZES.map((k) => `'${k}'`).join(',')}]`);
  // Clothing (the first six kinds) comes in sizes; its stock is the sum of the sizes' stock.
  const sized = sql`(g % ${KINDS.length}) < 6`;
  const sizeStock = (k: SQL) => sql`((g * 7 + ${k} * 5) % 13)`;
  await db.execute(sql`
    insert into products (organisation_id, category_id, name, description, price_gross, stock,
      requires_parameter, active, position, created_at)
    select ${orgId},
      (${`{${homes.join(',')}}`}::int[])[1 + (g * 31) % ${homes.length}],
      (${kinds})[1 + g % ${KINDS.length}] || ' ' || (${styles})[1 + (g / ${KINDS.length}) % ${STYLES.length}]
        || ' ' || lpad(g::text, 6, '0'),
      'Produkt z dużego katalogu klubu: materiał, wymiary i opis jak w sklepie.',
      1990 + (g * 37) % 30000,
      case when ${sized} then (select sum(${sizeStock(sql`k`)}) from generate_series(1, ${SIZES.length}) k)::int
        else (g * 13) % 60 end,
      ${sized}, g % 50 <> 0, ${BASE_POSITION} + g, now() - make_interval(mins => g)
    from generate_series(1, ${n}::int) g`);
  const range = sql`organisation_id = ${orgId} and position > ${BASE_POSITION}`;
  await db.execute(sql`
    insert into product_parameters (organisation_id, product_id, name, stock, position)
    select ${orgId}, p.id, (${sizes})[k], ${sizeStock(sql`k`)}, k - 1
    from (select id, position - ${BASE_POSITION} as g from products where ${range} and requires_parameter) p,
      generate_series(1, ${SIZES.length}) k`);
  // One photo each, every fourth product a second one.
  await db.execute(sql`
    insert into product_photos (organisation_id, product_id, file_name, position)
    select ${orgId}, p.id, 'duzy-katalog-' || (p.g % ${PHOTO_FILES}) || case when k = 2 then '-tyl' else '' end || '.jpg', k - 1
    from (select id, position - ${BASE_POSITION} as g from products where ${range}) p, generate_series(1, 2) k
    where k = 1 or p.g % 4 = 0`);

  // The planner needs the new rows' statistics for the joins below.
  await db.execute(sql`analyze products`);
  // Past orders over the last two years, most of them done, with one to three lines each; the
  // lines are chosen first so each order's totals are right as it is inserted.
  if (orderCount > 0) {
    await db.execute(sql`
      with lines as materialized (
        select g, p.id as product_id, p.name, p.price_gross, 1 + (g + k) % 3 as quantity
        from generate_series(1, ${orderCount}::int) g
          cross join generate_series(1, 3) k
          join products p on p.organisation_id = ${orgId}
            and p.position = ${BASE_POSITION} + 1 + ((g::bigint * 7919 + k * 104729) % ${n})
        where k <= 1 + g % 3
      ), totals as (
        select g, sum(quantity * price_gross)::int as items from lines group by g
      ), placed as (
        insert into orders (organisation_id, number, cart_guid, status, payment_method, payment_provider,
          payment_status, items_total, shipping_cost, total, shipping_name, name, street, postcode, city,
          phone, email, created_at, updated_at)
        select ${orgId}, 'ARCH/' || g, md5(${orgId}::text || '-archiwum-' || g),
          (array[40, 40, 40, 40, 40, 40, 60, 30, 20, 10])[1 + g % 10], case when g % 3 = 0 then 20 else 10 end,
          case when g % 3 = 0 then 'cod' else 'payu' end, case when g % 3 = 0 then 'NEW' else 'COMPLETED' end,
          items, 1499, items + 1499, 'Kurier', 'Kibic ' || g, 'ul. Kibiców ' || (1 + g % 200),
          lpad(((g * 7) % 100)::text, 2, '0') || '-' || lpad((g % 1000)::text, 3, '0'),
          (array['Warszawa', 'Kraków', 'Poznań', 'Gdańsk', 'Wrocław', 'Łódź'])[1 + g % 6],
          '500' || lpad((g % 1000000)::text, 6, '0'), 'kibic' || g || '@example.com',
          now() - make_interval(mins => g * 21), now() - make_interval(mins => g * 21)
        from totals
        returning id, substr(number, 6)::int as g
      )
      insert into order_lines (organisation_id, order_id, product_id, product_name, quantity, unit_price)
      select ${orgId}, placed.id, l.product_id, l.name, l.quantity, l.price_gross
      from placed join lines l using (g)`);
  }
  return { categories: tops.length + middles.length + leaves.length, products: n, orders: orderCount };
};
