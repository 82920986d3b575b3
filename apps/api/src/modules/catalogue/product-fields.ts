import { PRODUCT_FIELDS, type ProductField, type ProductFieldColumn } from '@club/contract';
import type { z } from 'zod';
import { products } from '../../db/schema.ts';

/**
 * The product's descriptive fields (packages/contract/src/product-field-list.ts) between the database
 * and the wire: the select lists, the panel's product, the values the panel writes, the
 * storefront's product. The panel's and the catalogue's code spread these, so a new field needs
 * no change here or there.
 */

type FieldValues<F extends ProductField = ProductField> = { [E in F as E['key']]: z.output<E['output']> };
export type ProductFieldColumnValues = { [E in ProductField as E['column']]: z.output<E['output']> };
type ListedKey = Extract<ProductField, { shop: { label: string } }>['key'];
type ShopValues = Omit<FieldValues<Extract<ProductField, { shop: object }>>, ListedKey> &
  Partial<Pick<FieldValues, ListedKey>>;

/** The fields' columns, to spread into a select list: the row then has them under their column names. */
export const productFieldColumns = Object.fromEntries(
  PRODUCT_FIELDS.map((f) => [f.column, products[f.column]]),
) as { [C in ProductFieldColumn]: (typeof products)[C] };

/** A product's name, descriptions and price: what both the storefront's and the panel's product read begin with. */
export const productDetailColumns = {
  id: products.id,
  name: products.name,
  ...productFieldColumns,
  extraDescription: products.extraDescription,
  priceGross: products.priceGross,
};

const read = (row: ProductFieldColumnValues, f: ProductField) =>
  row[f.column as keyof ProductFieldColumnValues];

/** The panel's product's fields from its row. */
export const panelFieldsOf = (row: ProductFieldColumnValues): FieldValues =>
  Object.fromEntries(PRODUCT_FIELDS.map((f) => [f.key, read(row, f)])) as FieldValues;

/** The columns to write from the panel's input. */
export const columnValuesOf = (input: FieldValues): ProductFieldColumnValues =>
  Object.fromEntries(
    PRODUCT_FIELDS.map((f) => [f.column, input[f.key as keyof FieldValues]]),
  ) as ProductFieldColumnValues;

/** The storefront's product's fields: the listed ones only when they say something. */
export const shopFieldsOf = (row: ProductFieldColumnValues): ShopValues =>
  Object.fromEntries(
    PRODUCT_FIELDS.flatMap((f) => {
      const value = read(row, f);
      if (f.shop === null || (f.shop.label !== null && value === '')) return [];
      return [[f.key, value]];
    }),
  ) as ShopValues;
