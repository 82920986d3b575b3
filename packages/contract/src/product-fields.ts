import { z } from 'zod';
import { optionalText } from './common.ts';

/**
 * The product's plain descriptive fields, one entry each: the panel's product input and output,
 * the storefront's product, the API's reads and writes, the panel's form and the storefront's
 * product page all take them from here, so a new one is an entry here and a column in the
 * database schema (CONTRIBUTING.md, "Add a product field").
 *
 * - `key`: the name on the wire (panel and storefront alike).
 * - `column`: the `products` column's property in apps/api/src/db/schema.ts (the API's typecheck
 *   fails when there is none).
 * - `input`: the panel's validation, with its Polish messages; `output`: what is read back.
 * - `panel`: the form's label and hint; `rows` above 1 makes a textarea.
 * - `shop`: null keeps the field out of the storefront; `{ label: null }` sends it and the product
 *   page shows it in its own place; `{ label }` sends it when it is not empty and the page lists
 *   it under that label in the product's details.
 */
type FieldSpec = {
  key: string;
  column: string;
  input: z.ZodType;
  output: z.ZodType;
  maxLength: number;
  panel: { label: string; hint?: string; rows: number };
  shop: { label: string | null } | null;
};

/** Optional plain text: '' when left empty, trimmed, at most `max` characters. */
const text = <const K extends string, const C extends string, const S extends FieldSpec['shop']>(f: {
  key: K;
  column: C;
  max: number;
  panel: FieldSpec['panel'];
  shop: S;
}) => ({
  key: f.key,
  column: f.column,
  input: optionalText(f.max),
  output: z.string(),
  maxLength: f.max,
  panel: f.panel,
  shop: f.shop,
});

export const PRODUCT_FIELDS = [
  text({
    key: 'Opis',
    column: 'description',
    max: 2000,
    panel: { label: 'Opis', rows: 3 },
    // The page shows it as the description when there is no rich one.
    shop: { label: null },
  }),
] as const satisfies readonly FieldSpec[];

export type ProductField = (typeof PRODUCT_FIELDS)[number];
/** The `products` columns the fields are stored in. */
export type ProductFieldColumn = ProductField['column'];
/** The fields the storefront lists under their labels. */
export type ListedProductField = Extract<ProductField, { shop: { label: string } }>;

type Shape<F extends ProductField, S extends 'input' | 'output'> = { [E in F as E['key']]: E[S] };
type ShopShape = {
  [E in Extract<ProductField, { shop: { label: null } }> as E['key']]: E['output'];
} & { [E in ListedProductField as E['key']]: z.ZodOptional<E['output']> };

const shapeOf = <S extends 'input' | 'output'>(side: S) =>
  Object.fromEntries(PRODUCT_FIELDS.map((f) => [f.key, f[side]])) as Shape<ProductField, S>;

/** The fields in the panel's product input (PanelProductInputSchema). */
export const productFieldsInputShape = shapeOf('input');
/** The fields in the panel's product (PanelProductSchema). */
export const productFieldsOutputShape = shapeOf('output');
/** The fields in the storefront's product: the listed ones optional, so the spec's client stays valid. */
export const productFieldsShopShape = Object.fromEntries(
  PRODUCT_FIELDS.flatMap((f) =>
    f.shop === null ? [] : [[f.key, f.shop.label === null ? f.output : f.output.optional()]],
  ),
) as ShopShape;

/** The storefront's listed fields, in order, with their labels. */
export const listedProductFields: readonly { key: ProductField['key']; label: string }[] = (
  PRODUCT_FIELDS as readonly FieldSpec[]
).flatMap((f) => (f.shop?.label ? [{ key: f.key as ProductField['key'], label: f.shop.label }] : []));
