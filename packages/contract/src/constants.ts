export const StorageKeys = {
  cartGuid: 'koszyk_guid',
  accessToken: 'access_token',
  address: 'adres',
} as const;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** The manager's panel session (HttpOnly, SameSite=Strict); never sent to or accepted by the shop API. */
export const PANEL_COOKIE = 'panel_session';
/** Every manager's panel endpoint lives under this prefix. */
export const PANEL_API_PREFIX = '/api/panel/';
export const ORG_HEADER = 'organizacja';
export const ORG_HEADER_ALT = 'x-organizacja';
export const ORIGIN_HEADER = 'x-origin';
export const DEFAULT_ORIGIN = 'localhost:4200';

export const MenuId = { main: 10, side: 20, footer: 30 } as const;
export const MENU_IDS = [10, 20, 30] as const;

export const BANNER_PANEL_DEFAULT = 10;
export const BANNER_KIND_HOME = 10;
export const BANNER_AUTOPLAY_MS = 8000;
export const BANNER_MAX_HEIGHT = 610;

export const CONTENT_TYPE_SUBPAGE = 20;

/** The spec's payment method codes; each has its rules in apps/api/src/modules/payments/methods/. */
export const PaymentMethod = { payu: 10, cashOnDelivery: 20 } as const;
export type PaymentMethodCode = (typeof PaymentMethod)[keyof typeof PaymentMethod];
/** Every code a buyer may send as `Platnosc`. */
export const paymentMethodCodes = Object.values(PaymentMethod) as PaymentMethodCode[];
/** A size exchange's order: nothing to pay (the returned goods paid for it); never a buyer's choice. */
export const EXCHANGE_PAYMENT_METHOD = 90;
/** An order a gift card paid in full (decision 154): nothing for a provider or a courier to collect. */
export const GIFT_CARD_PAYMENT_METHOD = 80;
export const paymentMethodLabel: Record<number, string> = {
  10: 'PayU',
  20: 'Płatność przy odbiorze',
  [EXCHANGE_PAYMENT_METHOD]: 'Wymiana — bez płatności',
  [GIFT_CARD_PAYMENT_METHOD]: 'Karta podarunkowa',
};

export const OrderStatus = {
  new: 10,
  toFulfil: 20,
  inProgress: 30,
  done: 40,
  onHold: 50,
  cancelled: 60,
} as const;
export const orderStatusLabel: Record<number, string> = {
  10: 'Nowe',
  20: 'Do realizacji',
  30: 'W realizacji',
  40: 'Zrealizowane',
  50: 'Wstrzymane',
  60: 'Anulowane',
};
export const statusLabel = (code: number): string => orderStatusLabel[code] ?? 'Nieznany';
/** Panel transitions; 40 and 60 are final. */
export const orderTransitions: Record<number, number[]> = {
  10: [20, 50, 60],
  20: [30, 50, 60],
  30: [40, 50, 60],
  50: [20, 30, 60],
  40: [],
  60: [],
};

export const ContactField = { firstName: 10, lastName: 20, email: 40, phone: 50 } as const;
export const contactFieldKey: Record<number, 'firstName' | 'lastName' | 'email' | 'phone'> = {
  10: 'firstName',
  20: 'lastName',
  40: 'email',
  50: 'phone',
};

export const SocialKind = { facebook: 1, tiktok: 2, instagram: 3, youtube: 4, x: 5 } as const;

export const BG_OPACITY: Record<number, number> = { 10: 0, 20: 0.25, 30: 0.5, 40: 0.75, 50: 1 };
export const MASK_OPACITY: Record<number, number> = { 20: 0.2, 40: 0.4, 60: 0.6, 80: 0.8 };

export const PASSWORD_MIN_LENGTH = 8;
export const HOME_PRODUCTS_COUNT = 8;
export const LIST_PAGE_SIZE = 64;
export const MAX_PAGE_COUNT = 100;
export const QUANTITY_DEBOUNCE_MS = 20;
export const DIALOG_TO_CART_MS = 400;
export const THANK_YOU_REDIRECT_MS = 5000;
export const ADDRESS_TTL_MS = 2 * 60 * 60 * 1000;
export const LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const NO_IMAGE = '/assets/images/no-image.png';
export const LOCKER_SHIPPING_TEXT = 'paczkomat inpost';
export const isLockerShipping = (tresc: string | null | undefined): boolean =>
  (tresc ?? '').trim().toLowerCase() === LOCKER_SHIPPING_TEXT;
export const homeSectionOption = (section: string) => `strona-glowna-${section}`;

// Constants the browser needs live here, apart from the zod schemas: a component importing them
// from a schema module would bring zod (and its eval probe, a CSP report) to every page.
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
/** Results per page of the storefront's results page. */
export const SEARCH_PAGE_SIZE = 24;
/** Suggestions under the header's search box. */
export const SEARCH_SUGGESTIONS = 6;
export const SEARCH_MAX_COUNT = 48;
/** Deeper pages of one query are not worth their cost: nobody pages that far through results. */
export const SEARCH_MAX_OFFSET = 10_000;

/**
 * Orders of the storefront's product list. `domyslne` (also: no `sort` at all, as the spec's
 * clients send) is the shop's own order, by position; ties of the others fall back to it, so every
 * order is total and pages never overlap. `nowe`: the newest first.
 */
export const PRODUCT_SORTS = ['domyslne', 'nowe', 'cena-rosnaco', 'cena-malejaco', 'nazwa'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const DEFAULT_PRODUCT_SORT: ProductSort = 'domyslne';
export const isProductSort = (v: unknown): v is ProductSort =>
  typeof v === 'string' && (PRODUCT_SORTS as readonly string[]).includes(v);

/**
 * VAT rates a product may carry ('zw': zwolniony, exempt). Prices stay gross; an order line keeps
 * the rate it was sold at, so a later invoice uses that one.
 */
export const VAT_RATES = ['23', '8', '5', '0', 'zw'] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const vatRateLabel: Record<VatRate, string> = {
  '23': '23%',
  '8': '8%',
  '5': '5%',
  '0': '0%',
  zw: 'zw.',
};
/** A new product's rate: 8 % for a ticket to a dated event (admission to events), else 23 %. */
export const defaultVatRate = (datedEvent: boolean): VatRate => (datedEvent ? '8' : '23');
/** What the product page says beside the gross price. */
export const vatNote = (rate: VatRate) =>
  rate === 'zw' ? 'cena brutto, zw. z VAT' : `cena brutto, zawiera ${vatRateLabel[rate]} VAT`;
