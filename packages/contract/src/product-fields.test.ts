import { describe, expect, it } from 'vitest';
import { msg } from './messages.ts';
import { PanelProductInputSchema, PanelProductSchema } from './panel-products.ts';
import { listedProductFields } from './product-field-list.ts';
import { PRODUCT_FIELDS } from './product-fields.ts';
import { ProductSchema } from './shop.ts';

const input = { Nazwa: 'Szalik', CenaBrutto: 10 };

describe('the product fields list', () => {
  it('names each key and column once', () => {
    expect(new Set(PRODUCT_FIELDS.map((f) => f.key)).size).toBe(PRODUCT_FIELDS.length);
    expect(new Set(PRODUCT_FIELDS.map((f) => f.column)).size).toBe(PRODUCT_FIELDS.length);
  });

  it('puts every field in the panel product input and output', () => {
    for (const f of PRODUCT_FIELDS) {
      expect(Object.keys(PanelProductInputSchema.shape)).toContain(f.key);
      expect(Object.keys(PanelProductSchema.shape)).toContain(f.key);
      // Left empty it is '', past its length the Polish message says so.
      expect(PanelProductInputSchema.parse(input)[f.key]).toBe('');
      const long = PanelProductInputSchema.safeParse({ ...input, [f.key]: 'x'.repeat(f.maxLength + 1) });
      expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[f.key, msg.tooLong]]);
    }
  });

  it('keeps the storefront product valid without the listed fields (the spec has none of them)', () => {
    const shop = PRODUCT_FIELDS.filter((f) => f.shop !== null).map((f) => f.key);
    expect(Object.keys(ProductSchema.shape)).toEqual(expect.arrayContaining(shop));
    for (const f of listedProductFields)
      expect(ProductSchema.shape[f.key].safeParse(undefined).success).toBe(true);
  });
});
