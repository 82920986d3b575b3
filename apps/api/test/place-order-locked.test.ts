// Placement's locked part as one statement sent with the COMMIT (decision 148): what happens when a
// product changes in the moment between the rows read without a lock and that statement.
import { fillMessage, msg } from '@club/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { carts, orders, organisations, productParameters, products } from '../src/db/schema.ts';
import { transactionEndingWith } from '../src/db/transactions.ts';
import { HttpError } from '../src/lib/http-error.ts';
import { changedWhileOrdered } from '../src/modules/orders/place-locked.ts';
import { type Placed, placeInTransaction } from '../src/modules/orders/place-transaction.ts';
import * as checkout from './fixtures/checkout.ts';
import { userOf } from './fixtures/orders.ts';
import { DEMO_CUSTOMER } from './passwords.ts';

let { t, product, ship, customer } = {} as checkout.CheckoutShop;
beforeAll(async () => {
  ({ t, product, ship, customer } = await checkout.openCheckoutShop());
});
afterAll(() => t?.close());

const db = () => t.database.db;

/**
 * Places the customer's cart of `quantity` × `name` as the service does, running `meanwhile` (from
 * another connection) on the first attempt only, after the reads and before the last statement.
 */
const placeWithChange = async (
  name: string,
  quantity: number,
  meanwhile: (productId: number) => Promise<unknown>,
) => {
  const p = product(name);
  const guid = await checkout.makeCart(t, [checkout.line(p, quantity)], { ticket: customer });
  const [org] = await db().select().from(organisations).where(eq(organisations.alias, 'demo'));
  const user = await userOf(db(), 'demo', DEMO_CUSTOMER.email);
  const dpd = ship('Kurier DPD');
  let attempts = 0;
  const work = async (tx: Tx) => {
    attempts++;
    const end = await placeInTransaction(tx, {
      orgId: org!.id,
      orderPrefix: org!.orderPrefix,
      userId: user.id,
      guid,
      shipping: { id: dpd.Id, name: dpd.Tresc, price: dpd.Meta },
      paymentMethod: 20,
      paymentProvider: 'cod',
      paymentUrl: null,
      paymentTimeoutMs: null,
      address: checkout.addressColumns,
      deliveryInfo: null,
      customerIp: '127.0.0.1',
      limits: org!,
    });
    if (attempts === 1) await meanwhile(p.Id);
    return end;
  };
  const outcome = await transactionEndingWith<Placed>(db(), work, { retryIf: changedWhileOrdered }).then(
    (placed) => ({ placed, error: null }),
    (error: unknown) => ({ placed: null, error }),
  );
  return { ...outcome, attempts, guid, productId: p.Id };
};

const setProduct = (id: number, set: Partial<typeof products.$inferInsert>) =>
  db().update(products).set(set).where(eq(products.id, id));

describe('a product changed between the read and the locked statement', () => {
  it('a new price: the placement runs again and the order is priced at it', async () => {
    const before = await checkout.stockOf(db(), product('Brelok metalowy').Id);
    const r = await placeWithChange('Brelok metalowy', 2, (id) => setProduct(id, { priceGross: 2345 }));
    expect(r.error).toBeNull();
    expect(r.attempts).toBe(2);
    if (r.placed?.kind !== 'new') throw new Error('expected a new order');
    expect(r.placed.order.number).toMatch(/^[A-Z]+\/\d{4}\/\d{6}$/);
    const [line] = await checkout.linesOf(db(), r.placed.order.id);
    expect(line!.unitPrice).toBe(2345);
    expect(r.placed.order.itemsTotal).toBe(2 * 2345);
    const row = await checkout.orderOfCart(db(), r.guid);
    expect(row!.number).toBe(r.placed.order.number);
    expect(row!.itemsTotal).toBe(2 * 2345);
    // Taken once, by the attempt that committed.
    expect(await checkout.stockOf(db(), r.productId)).toBe(before - 2);
  });

  it('its last pieces sold: the buyer is told in Polish and nothing is written', async () => {
    const r = await placeWithChange('Brelok metalowy', 1, (id) => setProduct(id, { stock: 0 }));
    expect(r.attempts).toBe(1);
    expect(r.error).toBeInstanceOf(HttpError);
    expect((r.error as HttpError).statusCode).toBe(409);
    expect((r.error as HttpError).message).toBe(
      fillMessage(msg.orderNotEnoughStock, { produkt: 'Brelok metalowy' }),
    );
    expect(await checkout.orderOfCart(db(), r.guid)).toBeUndefined();
    const [cart] = await db()
      .select({ orderedAt: carts.orderedAt })
      .from(carts)
      .where(eq(carts.guid, r.guid));
    expect(cart!.orderedAt).toBeNull();
    expect(await checkout.stockOf(db(), r.productId)).toBe(0);
    await setProduct(r.productId, { stock: 50 });
  });

  it('withdrawn from sale: refused as gone', async () => {
    const r = await placeWithChange('Brelok metalowy', 1, (id) => setProduct(id, { active: false }));
    expect((r.error as HttpError).message).toBe(
      fillMessage(msg.orderProductGone, { produkt: 'Brelok metalowy' }),
    );
    expect(await checkout.orderOfCart(db(), r.guid)).toBeUndefined();
    await setProduct(r.productId, { active: true });
  });

  it('given variants: placed again the general way, served from the new variant', async () => {
    const r = await placeWithChange('Brelok metalowy', 1, async (id) => {
      const [p] = await db().select().from(products).where(eq(products.id, id));
      await db()
        .insert(productParameters)
        .values({ organisationId: p!.organisationId, productId: id, name: 'złoty', stock: p!.stock });
    });
    expect(r.error).toBeNull();
    expect(r.attempts).toBe(2);
    if (r.placed?.kind !== 'new') throw new Error('expected a new order');
    const [line] = await checkout.linesOf(db(), r.placed.order.id);
    expect(line!.parameterName).toBe('złoty');
    const [variant] = await db()
      .select({ stock: productParameters.stock })
      .from(productParameters)
      .where(and(eq(productParameters.productId, r.productId), eq(productParameters.name, 'złoty')));
    expect(variant!.stock).toBe(await checkout.stockOf(db(), r.productId));
    const numbers = await db().select({ number: orders.number }).from(orders);
    // No placeholder number ever committed.
    expect(numbers.filter((o) => !/^[A-Z]+\/\d{4}\/\d{6}$/.test(o.number))).toEqual([]);
  });
});
