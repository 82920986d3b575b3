import { z } from 'zod';
import { isEmail, optionalText } from './common.ts';
import { msg } from './messages.ts';
import { PRODUCT_FIELD_LIST, type ProductFieldEntry } from './product-field-list.ts';

/** An e-mail address or an http(s) web address. */
export const isContactAddress = (v: string): boolean => {
  if (isEmail(v)) return true;
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    const u = new URL(v);
    return u.hostname.includes('.') && !u.username && !u.password;
  } catch {
    return false;
  }
};

/** EAN-8, UPC-A (12), EAN-13 or GTIN-14, with a right check digit. */
export const isGtin = (v: string): boolean => {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(v)) return false;
  const digits = [...v].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
};

const inputOf = (f: ProductFieldEntry) => {
  const text = optionalText(f.maxLength);
  if (f.format === 'contact')
    return text.refine((v) => v === '' || isContactAddress(v), msg.productContactInvalid);
  if (f.format === 'gtin') return text.refine((v) => v === '' || isGtin(v), msg.productGtinInvalid);
  return text;
};

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
  input: inputOf(f),
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

type SafetyField = Extract<ProductField, { safety: object }>;
type ClubDefaultField = Extract<ProductField, { safety: { clubDefault: true } }>;
const SAFETY_FIELDS = PRODUCT_FIELDS.filter((f) => 'safety' in f && f.safety) as unknown as SafetyField[];

/**
 * The storefront product's safety data: each field with the product's value, or the club's
 * default when the product has none; absent when neither says anything.
 */
export const ProductSafetySchema = z.object(
  Object.fromEntries(SAFETY_FIELDS.map((f) => [f.key, z.string().optional()])) as {
    [E in SafetyField as E['key']]: z.ZodOptional<z.ZodString>;
  },
);
export type ProductSafety = z.infer<typeof ProductSafetySchema>;

/** The club's defaults for the safety fields (panel settings), as it reads them. */
export const ClubSafetyDefaultsSchema = z.object(
  Object.fromEntries(SAFETY_FIELDS.filter((f) => f.safety.clubDefault).map((f) => [f.key, z.string()])) as {
    [E in ClubDefaultField as E['key']]: z.ZodString;
  },
);
export type ClubSafetyDefaults = z.infer<typeof ClubSafetyDefaultsSchema>;
/** The club's defaults as the panel writes them: the same checks as the product's own fields. */
export const ClubSafetyDefaultsInputSchema = z.object(
  Object.fromEntries(SAFETY_FIELDS.filter((f) => f.safety.clubDefault).map((f) => [f.key, f.input])) as {
    [E in ClubDefaultField as E['key']]: E['input'];
  },
  { error: msg.invalidRequest },
);

/** The club's defaults from what is stored (every field, '' where none). */
export const clubSafetyDefaults = (stored: Record<string, string> | null | undefined): ClubSafetyDefaults =>
  Object.fromEntries(
    SAFETY_FIELDS.filter((f) => f.safety.clubDefault).map((f) => [f.key, stored?.[f.key] ?? '']),
  ) as ClubSafetyDefaults;

/** The storefront's safety data: the product's own values, the club's defaults where they are empty. */
export const productSafetyOf = (
  own: Record<string, string>,
  club: Record<string, string> | null | undefined,
): ProductSafety | undefined => {
  const entries = SAFETY_FIELDS.flatMap((f) => {
    const value = own[f.key] || (f.safety.clubDefault ? (club?.[f.key] ?? '') : '');
    return value ? [[f.key, value]] : [];
  });
  return entries.length ? (Object.fromEntries(entries) as ProductSafety) : undefined;
};
