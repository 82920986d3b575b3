import { describe, expect, it } from 'vitest';
import { msg } from './messages.ts';
import {
  decodePanelProductCursor,
  encodePanelProductCursor,
  PanelProductInputSchema,
  PanelProductsQuerySchema,
} from './panel-products.ts';

describe('panel product list cursor', () => {
  it('round-trips any name, Polish letters and quotes included, as URL-safe text', () => {
    const c = { sort: '-nazwa', value: 'Szalik jedwabny „Derby” żółć/+=', id: 42 } as const;
    const text = encodePanelProductCursor(c);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePanelProductCursor(text)).toEqual(c);
  });

  it('refuses what the API did not write: not base64, not JSON, a value the sort cannot read', () => {
    const raw = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    expect(decodePanelProductCursor('!!!')).toBeUndefined();
    expect(decodePanelProductCursor(Buffer.from('nie json').toString('base64url'))).toBeUndefined();
    expect(decodePanelProductCursor(raw(['cena', '12.5', 1]))).toBeUndefined();
    expect(decodePanelProductCursor(raw(['data', '2026-11-23', 1]))).toBeUndefined();
    expect(decodePanelProductCursor(raw(['zla', 'x', 1]))).toBeUndefined();
    expect(decodePanelProductCursor(raw(['nazwa', 'x', 0]))).toBeUndefined();
    expect(decodePanelProductCursor(raw(['data', '1795419683374229', 7]))).toEqual({
      sort: 'data',
      value: '1795419683374229',
      id: 7,
    });
  });

  it('takes `po` only with the sort it was written for', () => {
    const po = encodePanelProductCursor({ sort: 'cena', value: '1999', id: 3 });
    expect(PanelProductsQuerySchema.parse({ sort: 'cena', po }).po).toEqual({
      sort: 'cena',
      value: '1999',
      id: 3,
    });
    const other = PanelProductsQuerySchema.safeParse({ sort: 'nazwa', po });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.message).toBe(msg.offsetRange);
    expect(PanelProductsQuerySchema.safeParse({ po: 'x' }).error?.issues[0]?.message).toBe(msg.offsetRange);
  });
});

describe('product price', () => {
  const issues = (input: Record<string, unknown>) => {
    const r = PanelProductInputSchema.safeParse({ Nazwa: 'Szalik', CenaBrutto: 0, ...input });
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it('is above 0 zł unless marked free, and 0 zł when it is', () => {
    expect(issues({})).toEqual([['CenaBrutto', msg.panelProductPriceZero]]);
    expect(issues({ Bezplatny: true })).toEqual([]);
    expect(issues({ CenaBrutto: 0.01 })).toEqual([]);
    expect(issues({ CenaBrutto: 9.99, Bezplatny: true })).toEqual([
      ['CenaBrutto', msg.panelProductFreeWithPrice],
    ]);
  });
});
