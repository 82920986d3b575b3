import { fillMessage, msg } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import { lockedRefusal, lockedStatement, readLocked, withEditions } from './place-locked.ts';

const version = 'a'.repeat(32);
const product = { id: 7, stock: 2, pieces: 3, version, bare: false };
const variant = { product: 7, id: 70, qty: 1, pre: true, price: null };

describe('lockedStatement', () => {
  it('writes the order as one quoted jsonb literal of integers, booleans and digests', () => {
    const promo = { id: 5, code: 12, version };
    const text = lockedStatement(1, 99, [product], [variant], [promo]);
    expect(text).toBe(
      `SELECT place_order_locked('${JSON.stringify({ org: 1, order: 99, products: [product], variants: [variant], promos: [promo] })}'::jsonb) AS placed`,
    );
  });

  it('refuses anything else: values go into the statement itself, not as parameters', () => {
    expect(() => lockedStatement(1.5, 99, [], [])).toThrow(/not an integer/);
    expect(() => lockedStatement(1, 99, [{ ...product, stock: Number.NaN }], [])).toThrow(/not an integer/);
    expect(() => lockedStatement(1, 99, [{ ...product, version: "x'; DROP TABLE orders; --" }], [])).toThrow(
      /not an md5/,
    );
    expect(() => lockedStatement(1, 99, [product], [{ ...variant, price: 12.5 }])).toThrow(/not an integer/);
    expect(() =>
      lockedStatement(1, 99, [product], [], [{ id: 5, code: null, version: `${version}'` }]),
    ).toThrow(/not an md5/);
  });
});

describe('withEditions', () => {
  it("gives a numbered product's lines their ranges in the order's order, other lines none", () => {
    const lines = [{ productId: 7 }, { productId: 8 }, { productId: 7 }];
    const editions = [
      { product: 7, from: 10, to: 11 },
      { product: 7, from: 12, to: 12 },
    ];
    expect(withEditions(lines, editions)).toEqual([
      { productId: 7, editionFrom: 10, editionTo: 11 },
      { productId: 8 },
      { productId: 7, editionFrom: 12, editionTo: 12 },
    ]);
  });
});

describe('readLocked', () => {
  it('fails loudly when the statement answered no number', () => {
    expect(() => readLocked([{ placed: null }])).toThrow();
    expect(readLocked([{ placed: { number: 'ZS/2026/000001', editions: [] } }]).number).toBe(
      'ZS/2026/000001',
    );
  });
});

describe('lockedRefusal', () => {
  const pg = (code: string, message: string, detail?: string) =>
    Object.assign(new Error(message), { code, detail });
  const nameOf = (id: number) => `produkt ${id}`;

  it('turns the statement’s refusals into the buyer’s Polish 409s', () => {
    const stock = lockedRefusal(pg('CS409', 'Szalik - zielony'), nameOf);
    expect(stock).toBeInstanceOf(HttpError);
    expect(stock?.statusCode).toBe(409);
    expect(stock?.message).toBe(fillMessage(msg.orderNotEnoughStock, { produkt: 'Szalik - zielony' }));
    expect(lockedRefusal(pg('CS410', 'Szalik'), nameOf)?.message).toBe(
      fillMessage(msg.orderProductGone, { produkt: 'Szalik' }),
    );
    expect(lockedRefusal(pg('CS412', 'Koszulka - L', '3'), nameOf)?.message).toBe(
      fillMessage(msg.preorderCapReached, { produkt: 'Koszulka - L', zostalo: '3' }),
    );
    // A promotion ended or used up, a code's last use taken: named as the buyer knows them.
    expect(lockedRefusal(pg('CS413', 'Wyprzedaż'), nameOf)?.message).toBe(
      fillMessage(msg.orderPromotionEnded, { nazwa: 'Wyprzedaż' }),
    );
    expect(lockedRefusal(pg('CS414', 'SPONSOR-ABCD2345'), nameOf)?.message).toBe(
      fillMessage(msg.orderPromotionCodeUsed, { kod: 'SPONSOR-ABCD2345' }),
    );
  });

  it('names a product that no longer exists by the cart’s name for it', () => {
    expect(lockedRefusal(pg('CS410', '42'), nameOf)?.message).toBe(
      fillMessage(msg.orderProductGone, { produkt: 'produkt 42' }),
    );
  });

  it('leaves other errors alone (a changed product is retried, a lost connection is a 503)', () => {
    expect(lockedRefusal(pg('CS40R', 'changed'), nameOf)).toBeNull();
    expect(lockedRefusal(pg('57P01', 'terminating connection'), nameOf)).toBeNull();
    expect(lockedRefusal(new Error('x'), nameOf)).toBeNull();
  });
});
