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
 * - `format`: `contact` an e-mail or web address, `gtin` an EAN/GTIN code (checked in product-fields.ts).
 * - `safety`: product safety data (GPSR, Regulation (EU) 2023/988), sent in the storefront's
 *   `Bezpieczenstwo` under `group` and shown in the page's "Bezpieczeństwo produktu" section;
 *   `clubDefault`: the club's settings hold a default used while the product's own value is empty.
 */
export type ProductFieldEntry = {
  key: string;
  column: string;
  maxLength: number;
  panel: { label: string; hint?: string; rows: number };
  shop: { label: string | null } | null;
  format?: 'contact' | 'gtin';
  safety?: { group: SafetyGroup; label: string; clubDefault: boolean };
};

/** The product page's safety section, in this order. */
export const SAFETY_GROUPS = ['producent', 'osoba', 'identyfikatory', 'ostrzezenia'] as const;
export type SafetyGroup = (typeof SAFETY_GROUPS)[number];
export const safetyGroupLabel: Record<SafetyGroup, string> = {
  producent: 'Producent',
  osoba: 'Osoba odpowiedzialna w UE',
  identyfikatory: 'Identyfikatory produktu',
  ostrzezenia: 'Ostrzeżenia i informacje o bezpieczeństwie',
};
const clubHint = 'Puste: domyślne z ustawień klubu.';

export const PRODUCT_FIELD_LIST = [
  {
    key: 'Opis',
    column: 'description',
    maxLength: 2000,
    panel: { label: 'Opis', rows: 3 },
    // The page shows it as the description when there is no rich one.
    shop: { label: null },
  },
  {
    key: 'ProducentNazwa',
    column: 'manufacturerName',
    maxLength: 200,
    panel: { label: 'Producent: nazwa', hint: clubHint, rows: 1 },
    shop: null,
    safety: { group: 'producent', label: 'Nazwa', clubDefault: true },
  },
  {
    key: 'ProducentAdres',
    column: 'manufacturerAddress',
    maxLength: 500,
    panel: { label: 'Producent: adres pocztowy', hint: clubHint, rows: 2 },
    shop: null,
    safety: { group: 'producent', label: 'Adres', clubDefault: true },
  },
  {
    key: 'ProducentKontakt',
    column: 'manufacturerContact',
    maxLength: 254,
    panel: { label: 'Producent: e-mail lub strona', hint: clubHint, rows: 1 },
    shop: null,
    format: 'contact',
    safety: { group: 'producent', label: 'Kontakt', clubDefault: true },
  },
  {
    key: 'OsobaOdpowiedzialnaNazwa',
    column: 'responsiblePersonName',
    maxLength: 200,
    panel: {
      label: 'Osoba odpowiedzialna w UE: nazwa',
      hint: 'Gdy producent jest spoza UE. Puste: domyślne z ustawień klubu.',
      rows: 1,
    },
    shop: null,
    safety: { group: 'osoba', label: 'Nazwa', clubDefault: true },
  },
  {
    key: 'OsobaOdpowiedzialnaAdres',
    column: 'responsiblePersonAddress',
    maxLength: 500,
    panel: { label: 'Osoba odpowiedzialna w UE: adres pocztowy', hint: clubHint, rows: 2 },
    shop: null,
    safety: { group: 'osoba', label: 'Adres', clubDefault: true },
  },
  {
    key: 'OsobaOdpowiedzialnaKontakt',
    column: 'responsiblePersonContact',
    maxLength: 254,
    panel: { label: 'Osoba odpowiedzialna w UE: e-mail lub strona', hint: clubHint, rows: 1 },
    shop: null,
    format: 'contact',
    safety: { group: 'osoba', label: 'Kontakt', clubDefault: true },
  },
  {
    key: 'KodEan',
    column: 'gtin',
    maxLength: 14,
    panel: { label: 'Kod EAN/GTIN', hint: '8, 12, 13 albo 14 cyfr.', rows: 1 },
    shop: null,
    format: 'gtin',
    safety: { group: 'identyfikatory', label: 'EAN/GTIN', clubDefault: false },
  },
  {
    key: 'NumerModelu',
    column: 'modelNumber',
    maxLength: 100,
    panel: { label: 'Model lub numer katalogowy', rows: 1 },
    shop: null,
    safety: { group: 'identyfikatory', label: 'Model', clubDefault: false },
  },
  {
    key: 'Ostrzezenia',
    column: 'safetyInfo',
    maxLength: 2000,
    panel: { label: 'Ostrzeżenia i informacje o bezpieczeństwie', hint: clubHint, rows: 3 },
    shop: null,
    safety: { group: 'ostrzezenia', label: 'Ostrzeżenia', clubDefault: true },
  },
] as const satisfies readonly ProductFieldEntry[];

/** The keys the storefront's product has (the fields with `shop`). */
type ShopKey = Extract<(typeof PRODUCT_FIELD_LIST)[number], { shop: object }>['key'];

/** The storefront's listed fields, in order, with their labels. */
export const listedProductFields: readonly {
  key: ShopKey;
  label: string;
}[] = (PRODUCT_FIELD_LIST as readonly ProductFieldEntry[]).flatMap((f) =>
  f.shop?.label ? [{ key: f.key as ShopKey, label: f.shop.label }] : [],
);

/** The safety fields, in order, with their group and label. */
export const safetyProductFields: readonly {
  key: (typeof PRODUCT_FIELD_LIST)[number]['key'];
  group: SafetyGroup;
  label: string;
  clubDefault: boolean;
}[] = (PRODUCT_FIELD_LIST as readonly ProductFieldEntry[]).flatMap((f) =>
  f.safety ? [{ key: f.key as (typeof PRODUCT_FIELD_LIST)[number]['key'], ...f.safety }] : [],
);
