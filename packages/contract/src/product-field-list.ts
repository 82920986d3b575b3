/**
 * The product's plain descriptive fields, one entry each: the panel's product input and output,
 * the storefront's product, the API's reads and writes, the panel's form and the storefront's
 * product page all take them from here, so a new one is an entry here and a column in the
 * database schema (CONTRIBUTING.md, "Add a product field"). No zod here: the storefront's product
 * page reads the labels, and a schema module would bring zod to every product page
 * (decision 76); product-fields.ts makes the schemas.
 *
 * - `key`: the name on the wire (panel and storefront alike).
 * - `column`: the `products` column's property in apps/api/src/db/schema.ts (the API's typecheck
 *   fails when there is none).
 * - `maxLength`: optional plain text of at most this many characters ('' when left empty).
 * - `panel`: the form's label and hint; `rows` above 1 makes a textarea.
 * - `shop`: null keeps the field out of the storefront; `{ label: null }` sends it and the product
 *   page shows it in its own place; `{ label }` sends it when it is not empty and the page lists
 *   it under that label in the product's details.
 */
export type ProductFieldEntry = {
  key: string;
  column: string;
  maxLength: number;
  panel: { label: string; hint?: string; rows: number };
  shop: { label: string | null } | null;
};

export const PRODUCT_FIELD_LIST = [
  {
    key: 'Opis',
    column: 'description',
    maxLength: 2000,
    panel: { label: 'Opis', rows: 3 },
    // The page shows it as the description when there is no rich one.
    shop: { label: null },
  },
] as const satisfies readonly ProductFieldEntry[];

/** The storefront's listed fields, in order, with their labels. */
export const listedProductFields: readonly {
  key: (typeof PRODUCT_FIELD_LIST)[number]['key'];
  label: string;
}[] = (PRODUCT_FIELD_LIST as readonly ProductFieldEntry[]).flatMap((f) =>
  f.shop?.label ? [{ key: f.key as (typeof PRODUCT_FIELD_LIST)[number]['key'], label: f.shop.label }] : [],
);
