import { fillMessage, msg } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { type LineWithStock, soldOutBeforeLocking } from './sold-out-first.ts';

const shirt = (over: Partial<LineWithStock> = {}): LineWithStock => ({
  productId: 1,
  productName: 'Koszulka',
  parameterId: null,
  parameterName: null,
  quantity: 1,
  productStock: 5,
  variantStock: null,
  preorder: false,
  ...over,
});
const short = (produkt: string) => fillMessage(msg.orderNotEnoughStock, { produkt });

describe('a sold-out cart refused before locking', () => {
  it('passes a cart the stock covers, to the piece', () => {
    expect(soldOutBeforeLocking([shirt({ quantity: 5 })])).toBeNull();
  });

  it('counts a product’s lines together against its stock', () => {
    const m = { parameterId: 10, parameterName: 'M', variantStock: 3 };
    const l = { parameterId: 11, parameterName: 'L', variantStock: 3 };
    expect(soldOutBeforeLocking([shirt({ ...m, quantity: 3 }), shirt({ ...l, quantity: 3 })])).toBe(
      short('Koszulka'),
    );
  });

  it('names the variant that has too few', () => {
    const m = { parameterId: 10, parameterName: 'M', variantStock: 1 };
    expect(soldOutBeforeLocking([shirt({ ...m, quantity: 1 }), shirt({ ...m, quantity: 1 })])).toBe(
      short('Koszulka - M'),
    );
  });

  it('leaves pre-ordered lines to their cap', () => {
    expect(soldOutBeforeLocking([shirt({ productStock: 0, quantity: 2, preorder: true })])).toBeNull();
  });
});
