import { z } from 'zod';
import { optionalText } from './common.ts';
import { PRODUCT_FIELD_LIST, type ProductFieldEntry } from './product-field-list.ts';

/** The schemas of the product's descriptive fields (the list is in product-field-list.ts). */
type WithSchemas<E> = E extends ProductFieldEntry
  ? Omit<E, 'panel'> & {
      panel: ProductFieldEntry['panel'];
      input: ReturnType<typeof optionalText>;
      output: z.ZodString;
    }
  : never;
export type ProductField = WithSchemas<(typeof PRODUCT_FIELD_LIST)[number]>;

export const PRODUCT_FIELDS = PRODUCT_FIELD_LIST.map((f) => ({
  ...f,
  input: optionalText(f.maxLength),
  output: z.string(),
})) as unknown as readonly ProductField[] & { [I in keyof typeof PRODUCT_FIELD_LIST]: ProductField };

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
