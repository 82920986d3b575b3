import type { PrintingSettings, SizeGuide, VatRate } from '@club/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { addressKey, emailKey } from './buyer-keys.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const orgId = () =>
  integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });
/** A club's own row: its id and its club (deleted with the club). */
const clubRow = () => ({ id: serial('id').primaryKey(), organisationId: orgId() });
/** A row of a product, deleted with it. */
const productId = () =>
  integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });
/** A row of an order, deleted with it. */
const orderId = () =>
  integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  alias: text('alias').notNull().unique(),
  name: text('name').notNull(),
  title: text('title').notNull().default(''),
  description: text('description').notNull().default(''),
  mapUrl: text('map_url').notNull().default(''),
  contactFields: integer('contact_fields').array().notNull().default(sql`'{}'::int[]`),
  contactRequired: integer('contact_required').array().notNull().default(sql`'{}'::int[]`),
  shopEmail: text('shop_email').notNull().default(''),
  orderPrefix: text('order_prefix').notNull().default('ZS'),
  logoMain: text('logo_main'),
  logoFooter: text('logo_footer'),
  /**
   * PayU: { posId, clientId, clientSecret, secondKey, sandbox }; null means the demo provider.
   * The panel stores clientSecret and secondKey encrypted (`enc:v1:…`, lib/secrets.ts).
   */
  payuConfig: jsonb('payu_config').$type<{
    posId: string;
    clientId: string;
    clientSecret: string;
    secondKey: string;
    sandbox: boolean;
    baseUrl?: string;
  } | null>(),
  /** panel: payments: cash on delivery offered at all (then per shipping option). */
  cashOnDelivery: boolean('cash_on_delivery').notNull().default(true),
  /** panel: seller and legal data, as PanelSellerInput; null until the owner saves it. */
  seller: jsonb('seller').$type<SellerData | null>(),
  /** Pieces one cart line may have (unless its product sets its own) and one order in all. */
  lineQuantityLimit: integer('line_quantity_limit').notNull().default(10),
  orderQuantityLimit: integer('order_quantity_limit').notNull().default(30),
  /** A cash-on-delivery order above this total (grosze) is held for the buyer's confirmation; null: never for its value. */
  codConfirmationAbove: integer('cod_confirmation_above').default(50000),
  /** Orders one e-mail address, and one IP address, may place in an hour. */
  ordersPerEmailHour: integer('orders_per_email_hour').notNull().default(5),
  ordersPerIpHour: integer('orders_per_ip_hour').notNull().default(10),
  /** Back-in-stock alerts sent when stock returns: at most the new stock times this (decision 146). */
  stockAlertFactor: integer('stock_alert_factor').notNull().default(3),
  /** Product safety defaults (the contract's ClubSafetyDefaults, by wire key), used where a product's own field is empty. */
  productSafety: jsonb('product_safety').$type<Record<string, string> | null>(),
  /** Days to withdraw from a contract after delivery; null: the statutory 14 (a club may give more). */
  withdrawalDays: integer('withdrawal_days'),
  /** The storefront's colours (the contract's BrandColours); null: the neutral defaults. */
  brandColours: jsonb('brand_colours').$type<Record<string, string> | null>(),
  /** Months a gift card sold by the club stays valid (its regulamin says so). */
  giftCardMonths: integer('gift_card_months').notNull().default(12),
  createdAt: createdAt(),
});

/** The seller's data as stored (organisations.seller); see the contract's PanelSellerSchema. */
export type SellerData = {
  name: string;
  street: string;
  postcode: string;
  city: string;
  nip: string;
  regon: string;
  krs: string;
  email: string;
  phone: string;
  bankAccount: string;
  complaints: { name: string; street: string; postcode: string; city: string } | null;
};

/** The host names a club's storefront answers on: proven in the panel, or added by the operator. */
export const organisationDomains = pgTable('organisation_domains', {
  ...clubRow(),
  host: text('host').notNull().unique(),
});

/**
 * A domain a club asked for but has not proven yet (panel/domain-proof.ts): routes nothing. One
 * name may be claimed by several clubs; the first to prove it moves it to organisation_domains.
 */
export const domainClaims = pgTable(
  'domain_claims',
  {
    ...clubRow(),
    host: text('host').notNull(),
    /** What the club publishes (TXT record or file): random, not secret. */
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('domain_claims_org_host').on(t.organisationId, t.host)],
);

export const siteOptions = pgTable(
  'site_options',
  {
    ...clubRow(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    type: integer('type').notNull().default(20),
  },
  (t) => [uniqueIndex('site_options_org_key').on(t.organisationId, t.key)],
);

export const users = pgTable(
  'users',
  {
    ...clubRow(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('customer'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    addressName: text('address_name').notNull().default(''),
    addressStreet: text('address_street').notNull().default(''),
    addressPostcode: text('address_postcode').notNull().default(''),
    addressCity: text('address_city').notNull().default(''),
    addressPhone: text('address_phone').notNull().default(''),
    addressEmail: text('address_email').notNull().default(''),
    /** GDPR erasure: personal data replaced, orders kept for accounting. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /** Failed logins in a row; from a threshold on, logins wait until `loginLockedUntil`. */
    failedLogins: integer('failed_logins').notNull().default(0),
    loginLockedUntil: timestamp('login_locked_until', { withTimezone: true }),
    /** The panel's own count and lock (stricter; a panel reset link lifts it). */
    panelFailedLogins: integer('panel_failed_logins').notNull().default(0),
    panelLoginLockedUntil: timestamp('panel_login_locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_org_email').on(t.organisationId, t.email),
    index('users_org_created').on(t.organisationId, t.createdAt),
  ],
);

/** A login of a user, its token stored hashed: the shop's and the panel's sessions alike. */
const sessionColumns = () => ({
  ...clubRow(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const sessions = pgTable('sessions', sessionColumns(), (t) => [index('sessions_user').on(t.userId)]);

/** One-time links sent by e-mail: account confirmation, password reset, e-mail change. */
export const userTokens = pgTable('user_tokens', {
  ...clubRow(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'confirm' | 'reset' | 'email' | 'invite' | 'panel-reset'>().notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  newEmail: text('new_email'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const categories = pgTable(
  'categories',
  {
    ...clubRow(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** The contract's SizeGuide; null: none of its own (its products look further up the tree). */
    sizeGuide: jsonb('size_guide').$type<SizeGuide>(),
  },
  (t) => [
    index('categories_org').on(t.organisationId),
    // The recursive category walk goes from a category to its children.
    index('categories_org_parent').on(t.organisationId, t.parentId),
  ],
);

/**
 * Written in SQL only (migrations 0009-0011), as drizzle cannot describe them: the catalogue's
 * change triggers, `products_storefront` and `product_photos_first` (indexes with INCLUDE), and
 * search (extensions, `search_norm()`, the generated `search_name` column and its two indexes).
 * test/migrations.test.ts names them when it compares the migrated database with this schema.
 */
/** One of a product's named options (Rozmiar, Kolor, Wersja) and its values in display order. */
export type ProductOption = { name: string; values: string[] };

export const products = pgTable(
  'products',
  {
    ...clubRow(),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    extraDescription: text('extra_description'),
    priceGross: integer('price_gross').notNull(),
    stock: integer('stock').notNull().default(0),
    requiresParameter: boolean('requires_parameter').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /**
     * When the product first went on sale; null: a draft made in the panel, never published (and
     * inactive until it is). Rows written elsewhere (seed, imports) are published at once.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    /** Archived products leave the storefront and the panel's default list; orders keep their lines. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    /** Omnibus: the lowest price of the 30 days before the current price cut (grosze); null when the price is not a cut. */
    lowestPrice30d: integer('lowest_price_30d'),
    /** A ticket for an event on a set date: no right of withdrawal (art. 38 pkt 12 ustawy o prawach konsumenta). */
    datedEvent: boolean('dated_event').notNull().default(false),
    /** Made to the buyer's specification (e.g. a printed name): no right of withdrawal (art. 38 pkt 3 u.p.k.). */
    personalised: boolean('personalised').notNull().default(false),
    /** Pieces one cart line of it may have; null: the club's limit. */
    lineQuantityLimit: integer('line_quantity_limit'),
    /** Pieces one buyer (account, e-mail or address) may buy in all their orders not cancelled; null: no limit. */
    customerQuantityLimit: integer('customer_quantity_limit'),
    /** A numbered edition: each piece sold gets the next number (order_lines.edition_from..edition_to). */
    numberedEdition: boolean('numbered_edition').notNull().default(false),
    /** The last edition number given; taken on the product row locked by the order (gaps after cancellations). */
    editionLast: integer('edition_last').notNull().default(0),
    /** The contract's VatRate ('23', '8', '5', '0', 'zw'); the price stays gross. */
    vatRate: text('vat_rate').$type<VatRate>().notNull().default('23'),
    /** The contract's SizeGuide; null: the nearest category's with one applies. */
    sizeGuide: jsonb('size_guide').$type<SizeGuide>(),
    /** Product safety data (GPSR); '' uses the club's default where it has one. */
    manufacturerName: text('manufacturer_name').notNull().default(''),
    manufacturerAddress: text('manufacturer_address').notNull().default(''),
    manufacturerContact: text('manufacturer_contact').notNull().default(''),
    responsiblePersonName: text('responsible_person_name').notNull().default(''),
    responsiblePersonAddress: text('responsible_person_address').notNull().default(''),
    responsiblePersonContact: text('responsible_person_contact').notNull().default(''),
    gtin: text('gtin').notNull().default(''),
    modelNumber: text('model_number').notNull().default(''),
    safetyInfo: text('safety_info').notNull().default(''),
    /**
     * Up to three named options (Rozmiar, Kolor, Wersja) with their values in display order; each
     * `product_parameters` row is then one combination (a variant). Empty: the parameters are a plain list.
     */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /** Name-and-number printing offered (decision 143); null: none. */
    printing: jsonb('printing').$type<PrintingSettings>(),
    /** A gift card (decision 154): its price (or each variant's) is the card's amount; sent by e-mail once paid. */
    giftCard: boolean('gift_card').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_org_cat').on(t.organisationId, t.categoryId),
    index('products_org_pos').on(t.organisationId, t.position, t.id),
    // One category's active products in list order (the storefront's category filter).
    index('products_storefront_cat')
      .on(t.organisationId, t.categoryId, t.position, t.id)
      .where(sql`${t.active}`),
    // The panel's list sorts (name, price, stock, newest) each walk their own index.
    index('products_org_name').on(t.organisationId, t.name, t.id),
    index('products_org_price').on(t.organisationId, t.priceGross, t.id),
    index('products_org_stock').on(t.organisationId, t.stock, t.id),
    index('products_org_created').on(t.organisationId, t.createdAt, t.id),
    // The list's total: an index-only count of the club's live products, whatever the filters.
    index('products_org_live')
      .on(t.organisationId, t.categoryId, t.active, t.stock)
      .where(sql`${t.archivedAt} IS NULL`),
    // The archive tab: archived products are few; without this it read the whole catalogue (45 ms at 100,000).
    index('products_org_archived').on(t.organisationId, t.archivedAt).where(sql`${t.archivedAt} IS NOT NULL`),
    // The panel's search by name: word prefixes through full-text search.
    index('products_name_search').using('gin', sql`to_tsvector('simple', ${t.name})`),
    check('products_stock_nonneg', sql`${t.stock} >= 0`),
    check('products_price_nonneg', sql`${t.priceGross} >= 0`),
    check('products_line_limit_pos', sql`${t.lineQuantityLimit} IS NULL OR ${t.lineQuantityLimit} > 0`),
    check(
      'products_customer_limit_pos',
      sql`${t.customerQuantityLimit} IS NULL OR ${t.customerQuantityLimit} > 0`,
    ),
  ],
);

/** Every price a product had and since when (Omnibus: the lowest price of 30 days before a cut). */
export const productPrices = pgTable(
  'product_prices',
  {
    ...clubRow(),
    productId: productId(),
    /** A variant's own price; null: the product's price. */
    parameterId: integer('parameter_id').references(() => productParameters.id, { onDelete: 'cascade' }),
    priceGross: integer('price_gross').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_prices_product_time').on(t.productId, t.validFrom),
    index('product_prices_parameter_time')
      .on(t.parameterId, t.validFrom)
      .where(sql`${t.parameterId} IS NOT NULL`),
    check('product_prices_price_nonneg', sql`${t.priceGross} >= 0`),
  ],
);

export const productParameters = pgTable(
  'product_parameters',
  {
    ...clubRow(),
    productId: productId(),
    name: text('name').notNull(),
    /** Stock of this option; the product's `stock` is the sum over its parameters. */
    stock: integer('stock').notNull().default(0),
    position: integer('position').notNull().default(0),
    /** A variant's value of each of the product's options, in their order (`name` joins them); empty without options. */
    optionValues: text('option_values').array().notNull().default(sql`'{}'::text[]`),
    sku: text('sku').notNull().default(''),
    ean: text('ean').notNull().default(''),
    /** The variant's own gross price (grosze); null: the product's price. */
    priceGross: integer('price_gross'),
    /** Omnibus for the variant's own price, as `products.lowest_price_30d`. */
    lowestPrice30d: integer('lowest_price_30d'),
    /** On pre-order until this date (expected shipping, Warsaw); null: sold from stock (decision 144). */
    preorderRelease: date('preorder_release', { mode: 'string' }),
    /** How many pieces may be pre-ordered in all; set with the date. */
    preorderCap: integer('preorder_cap'),
    /** Pieces pre-ordered so far (cancellations give them back); kept when the pre-order ends. */
    preorderSold: integer('preorder_sold').notNull().default(0),
  },
  (t) => [
    index('product_parameters_product').on(t.productId),
    check('product_parameters_stock_nonneg', sql`${t.stock} >= 0`),
    check('product_parameters_preorder_sold', sql`${t.preorderSold} >= 0`),
    check('product_parameters_price_pos', sql`${t.priceGross} IS NULL OR ${t.priceGross} > 0`),
  ],
);

/**
 * "Powiadom mnie": an address waiting for a sold-out variant (or a product without variants,
 * parameter null) to come back (decision 146). A trigger on the stock columns marks the oldest
 * waiting rows `due_at` when stock rises from 0; the stock-alerts job mails them and sets
 * `notified_at` in the same transaction. Each row is mailed at most once.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    ...clubRow(),
    productId: productId(),
    parameterId: integer('parameter_id').references(() => productParameters.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The unsubscribe link's secret (random, base64url). */
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    // One waiting request per variant and address.
    uniqueIndex('stock_alerts_waiting_once')
      .on(t.productId, sql`coalesce(${t.parameterId}, 0)`, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} IS NULL AND ${t.unsubscribedAt} IS NULL`),
    index('stock_alerts_queue').on(t.productId, t.parameterId, t.createdAt),
  ],
);

export const productPhotos = pgTable(
  'product_photos',
  {
    ...clubRow(),
    productId: productId(),
    fileName: text('file_name').notNull(),
    position: integer('position').notNull().default(0),
    /** A value of one of the product's options (a colour): the photo shows that variant; null: every variant. */
    optionValue: text('option_value'),
  },
  (t) => [index('product_photos_product').on(t.productId)],
);

export const carts = pgTable(
  'carts',
  {
    ...clubRow(),
    guid: text('guid').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    /** The discount code the buyer typed (upper case), kept while it exists; priced with the cart. */
    promotionCode: text('promotion_code'),
    /** The gift card the buyer typed: it pays what it can of the order when placed. */
    giftCardId: integer('gift_card_id').references((): AnyPgColumn => giftCards.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set by every change; carts untouched for 30 days are deleted (cart/maintenance.ts). */
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_updated_at').on(t.updatedAt)],
);

/** The club's squad: names and numbers a product may offer as printing presets (decision 143). */
export const squadPlayers = pgTable(
  'squad_players',
  {
    ...clubRow(),
    name: text('name').notNull(),
    number: integer('number').notNull(),
  },
  (t) => [uniqueIndex('squad_players_org_number').on(t.organisationId, t.number)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    ...clubRow(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: productId(),
    parameterId: integer('parameter_id').references(() => productParameters.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Printing (decision 143): a line is product + variant + printing; the price is read with the product's. */
    printingName: text('printing_name'),
    printingNumber: integer('printing_number'),
    /** A squad player chosen as a preset (its price); a player removed from the squad leaves the text. */
    printingPlayerId: integer('printing_player_id').references(() => squadPlayers.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [index('cart_lines_cart').on(t.cartId), check('cart_lines_qty_pos', sql`${t.quantity} > 0`)],
);

export const shippingOptions = pgTable('shipping_options', {
  ...clubRow(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  cashOnDelivery: boolean('cash_on_delivery').notNull().default(false),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  /** A parcel-locker option: the buyer gives a locker number (also any option named 'Paczkomat InPost'). */
  parcelLocker: boolean('parcel_locker').notNull().default(false),
  /** Delivered by e-mail (gift cards): offered only to carts of gift cards alone, and only to them. */
  electronic: boolean('electronic').notNull().default(false),
});

export const orderCounters = pgTable(
  'order_counters',
  {
    organisationId: orgId(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.year] })],
);

export const orders = pgTable(
  'orders',
  {
    ...clubRow(),
    number: text('number').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The cart an order came from: unique, so placing one cart twice makes one order. */
    cartGuid: text('cart_guid').notNull().unique(),
    status: integer('status').notNull().default(10),
    paymentMethod: integer('payment_method').notNull(),
    paymentProvider: text('payment_provider').notNull(),
    paymentStatus: text('payment_status').notNull().default('NEW'),
    paymentExternalId: text('payment_external_id'),
    paymentUrl: text('payment_url'),
    /** The goods and printing at their prices, before discounts. */
    itemsTotal: integer('items_total').notNull(),
    /** What promotions took off the items (the lines' `discount` summed); total = items − this + shipping. */
    itemsDiscount: integer('items_discount').notNull().default(0),
    /** What delivery was charged, after the free-shipping threshold or a free-shipping promotion. */
    shippingCost: integer('shipping_cost').notNull(),
    total: integer('total').notNull(),
    /** What a gift card paid of the total; the rest (total − this) is paid online or on delivery. */
    giftCardPaid: integer('gift_card_paid').notNull().default(0),
    shippingOptionId: integer('shipping_option_id').references(() => shippingOptions.id, {
      onDelete: 'set null',
    }),
    shippingName: text('shipping_name').notNull(),
    deliveryInfo: text('delivery_info'),
    name: text('name').notNull(),
    street: text('street').notNull(),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    customerIp: text('customer_ip'),
    /** 'Chcę fakturę na firmę': the company and its NIP (10 digits); null for a consumer's order. */
    invoiceCompany: text('invoice_company'),
    invoiceNip: text('invoice_nip'),
    stockReturnedAt: timestamp('stock_returned_at', { withTimezone: true }),
    /** Unpaid online orders are cancelled after this moment (null: cash on delivery). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * A cash-on-delivery order held until the buyer confirms it from the e-mail: its deadline
     * (unconfirmed, it is cancelled then and its stock returned). Null: never held.
     */
    confirmBy: timestamp('confirm_by', { withTimezone: true }),
    /** When the buyer's link confirmed the held order. */
    buyerConfirmedAt: timestamp('buyer_confirmed_at', { withTimezone: true }),
    /** When the order's e-mails were queued (orders/order-mails.ts): they are queued once. */
    mailsQueuedAt: timestamp('mails_queued_at', { withTimezone: true }),
    /** SHA-256 of the confirmation link's token (the token itself is only in the e-mail). */
    confirmTokenHash: text('confirm_token_hash'),
    /** A payment start in progress until then (see orders/payment-start.ts); null when none is. */
    paymentStartUntil: timestamp('payment_start_until', { withTimezone: true }),
    /** The parcel, once the panel sent the order: a CARRIERS key, its number and when. */
    trackingCarrier: text('tracking_carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_org_number').on(t.organisationId, t.number),
    index('orders_user').on(t.userId),
    index('orders_org_created').on(t.organisationId, t.createdAt, t.id),
    index('orders_org_status').on(t.organisationId, t.status, t.createdAt),
    // The panel counts orders per shipping option (and deleting an option nulls its orders' link).
    index('orders_shipping_option').on(t.shippingOptionId),
    index('orders_expiry').on(t.expiresAt).where(sql`${t.expiresAt} IS NOT NULL AND ${t.status} = 10`),
    uniqueIndex('orders_confirm_token').on(t.confirmTokenHash).where(sql`${t.confirmTokenHash} IS NOT NULL`),
    index('orders_held')
      .on(t.confirmBy)
      .where(sql`${t.confirmBy} IS NOT NULL AND ${t.buyerConfirmedAt} IS NULL AND ${t.status} = 10`),
    // Orders per e-mail and per IP in the last hour; whether an address has a confirmed order.
    index('orders_org_email_created').on(t.organisationId, sql`lower(${t.email})`, t.createdAt),
    index('orders_org_ip_created').on(t.organisationId, t.customerIp, t.createdAt),
    // A per-customer limit finds the buyer's earlier orders by e-mail and by address (db/buyer-keys.ts).
    index('orders_org_buyer_email').on(t.organisationId, emailKey(t.email)),
    index('orders_org_buyer_address').on(t.organisationId, addressKey(t.street, t.postcode)),
    index('orders_payment_external_id')
      .on(t.paymentExternalId)
      .where(sql`${t.paymentExternalId} IS NOT NULL`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    ...clubRow(),
    orderId: orderId(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    parameterId: integer('parameter_id'),
    productName: text('product_name').notNull(),
    parameterName: text('parameter_name'),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    /** The product's VAT rate when the order was placed (VatRate); null on lines placed before rates were kept. */
    vatRate: text('vat_rate').$type<VatRate>(),
    /** Printed text ("NOWAK 9"; decision 143); null: not printed. Such a line cannot be withdrawn from. */
    printingText: text('printing_text'),
    /** The printing's price per piece (grosze), included in `unit_price`. */
    printingPrice: integer('printing_price'),
    /** When the print shop marked it printed (the panel's print queue); null: to do. */
    printedAt: timestamp('printed_at', { withTimezone: true }),
    /** A numbered edition's numbers of this line's pieces, first and last (consecutive); null: not numbered. */
    editionFrom: integer('edition_from'),
    editionTo: integer('edition_to'),
    /** A pre-order line: its expected shipping date then; null: sold from stock. */
    preorderRelease: date('preorder_release', { mode: 'string' }),
    /** Grosze the promotions took off the whole line (decision 149's split): a refund gives back its share. */
    discount: integer('discount').notNull().default(0),
    /** A gift card sold: not a supply for VAT (a prepayment); its cards are issued once the order is paid. */
    giftCard: boolean('gift_card').notNull().default(false),
  },
  (t) => [
    index('order_lines_order').on(t.orderId),
    // The print queue: a club's printed lines; few among all lines.
    index('order_lines_printing').on(t.organisationId, t.orderId).where(sql`${t.printingText} IS NOT NULL`),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    ...clubRow(),
    orderId: orderId(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    /** Hash of the notification body: a replay is recognised and ignored. */
    bodyHash: text('body_hash').notNull(),
    payload: jsonb('payload'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_body').on(t.orderId, t.bodyHash)],
);

export const banners = pgTable('banners', {
  ...clubRow(),
  panelId: integer('panel_id').notNull().default(10),
  kind: integer('kind').notNull().default(10),
  height: integer('height').notNull().default(610),
});

export const bannerSlides = pgTable(
  'banner_slides',
  {
    ...clubRow(),
    bannerId: integer('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    fileName: text('file_name').notNull(),
    mobileFileName: text('mobile_file_name'),
    /** The WebP copies of the two images (same pixels, about half the bytes); null when not made. */
    webpFileName: text('webp_file_name'),
    mobileWebpFileName: text('mobile_webp_file_name'),
    url: text('url').notNull().default(''),
    textColor: text('text_color').notNull().default('#ffffff'),
    bgOpacity: integer('bg_opacity').notNull().default(50),
    hasMask: boolean('has_mask').notNull().default(false),
    maskColor: text('mask_color').notNull().default('#000000'),
    maskOpacity: integer('mask_opacity').notNull().default(20),
    textX: integer('text_x').notNull().default(10),
    textY: integer('text_y').notNull().default(30),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('banner_slides_banner').on(t.bannerId)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    ...clubRow(),
    menuId: integer('menu_id').notNull(),
    parentId: integer('parent_id'),
    title: text('title').notNull(),
    url: text('url').notNull(),
    newWindow: boolean('new_window').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('menu_items_org_menu').on(t.organisationId, t.menuId)],
);

export const socialLinks = pgTable('social_links', {
  ...clubRow(),
  kind: integer('kind').notNull(),
  url: text('url').notNull(),
  position: integer('position').notNull().default(0),
});

export const contentCategories = pgTable('content_categories', {
  ...clubRow(),
  name: text('name').notNull(),
});

export const contentPages = pgTable(
  'content_pages',
  {
    ...clubRow(),
    type: integer('type').notNull().default(20),
    slug: text('slug').notNull(),
    parentSlug: text('parent_slug'),
    categoryId: integer('category_id').references(() => contentCategories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    excerpt: text('excerpt').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
    photo: text('photo'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_pages_org_slug_type').on(t.organisationId, t.slug, t.type)],
);

export const contentPageParams = pgTable('content_page_params', {
  ...clubRow(),
  pageId: integer('page_id')
    .notNull()
    .references(() => contentPages.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  value: text('value').notNull().default(''),
});

/** Inbox state of a form submission in the panel (T3, migration 0006): read, handled and by whom. */
const inboxState = () => ({
  readAt: timestamp('read_at', { withTimezone: true }),
  handledAt: timestamp('handled_at', { withTimezone: true }),
  /** The e-mail of who marked it handled, as text (survives the account's removal). */
  handledBy: text('handled_by'),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    ...clubRow(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    ...inboxState(),
  },
  (t) => [index('contact_messages_org_created').on(t.organisationId, t.createdAt, t.id)],
);

export const accreditationRequests = pgTable(
  'accreditation_requests',
  {
    ...clubRow(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    outlet: text('outlet').notNull(),
    role: text('role').notNull().default(''),
    event: text('event').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    ...inboxState(),
  },
  (t) => [index('accreditation_requests_org_created').on(t.organisationId, t.createdAt, t.id)],
);

/**
 * Every queued e-mail: written in the same transaction as what caused it, together with its job
 * on the `mail` queue (pg-boss, which schedules the attempts), and marked with their outcome.
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /** `{ to, subject, text, html?, replyTo? }` */
    message: jsonb('message').notNull(),
    /** Attempts made so far (the queue's job counts them too; kept here with the outcome). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Lower-case address of a message counted against a per-recipient budget (queue.ts); else null. */
    recipient: text('recipient'),
    budget: text('budget'),
    /** The Message-ID's local part, the same on every attempt (random: it counts nothing). */
    messageKey: text('message_key').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
  },
  (t) => [index('mail_jobs_recipient').on(t.recipient, t.createdAt).where(sql`${t.recipient} IS NOT NULL`)],
);

/** Manager's panel sessions: an HttpOnly cookie's token, stored hashed; never a shop ticket. */
export const panelSessions = pgTable('panel_sessions', sessionColumns(), (t) => [
  index('panel_sessions_user').on(t.userId),
]);

/** Every change made in the panel: who, when, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    ...clubRow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull().default(''),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_org_time').on(t.organisationId, t.createdAt)],
);

/** Each order status change (panel, payment notification, expiry), for the order's history. */
/** Staff-only notes on an order (never shown to the buyer); the author kept as text, like the audit log. */
export const orderNotes = pgTable(
  'order_notes',
  {
    ...clubRow(),
    orderId: orderId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order').on(t.orderId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    ...clubRow(),
    orderId: orderId(),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order').on(t.orderId)],
);

/**
 * Invoice numbers per club, series ('VAT', 'KOR') and year: the last number handed out. Taken with
 * an UPSERT … RETURNING in the issuing transaction, so the row lock keeps numbers gap-free.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    organisationId: orgId(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.series, t.year] })],
);

/**
 * Issued invoices, frozen: `data` is the whole Invoice (modules/invoices/invoice-data.ts) as issued,
 * what the PDF is drawn from and what a later KSeF integration sends. A correction points at the
 * invoice it corrects.
 */
export const invoices = pgTable(
  'invoices',
  {
    ...clubRow(),
    orderId: orderId(),
    kind: text('kind').$type<'VAT' | 'KOR'>().notNull(),
    number: text('number').notNull(),
    correctsId: integer('corrects_id').references((): AnyPgColumn => invoices.id),
    issueDate: text('issue_date').notNull(),
    gross: integer('gross').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_org_number').on(t.organisationId, t.number),
    // One VAT invoice per order; corrections as many as refunds.
    uniqueIndex('invoices_order_vat').on(t.orderId).where(sql`${t.kind} = 'VAT'`),
    index('invoices_org_date').on(t.organisationId, t.issueDate),
  ],
);

/** A buyer's withdrawal from (part of) an order, and the return it starts (lib/withdrawal-window.ts states). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    ...clubRow(),
    orderId: orderId(),
    /** zgloszony → przyjety/odrzucony → towar_otrzymany → zwrot_pieniedzy/wymieniony. */
    state: text('state').notNull().default('zgloszony'),
    reason: text('reason').notNull().default(''),
    /** The club's reason for a rejection. */
    decisionNote: text('decision_note').notNull().default(''),
    /** Set once, by the one 'goods received' that put the pieces back on stock. */
    stockReturnedAt: timestamp('stock_returned_at', { withTimezone: true }),
    /** The size exchange's new order, once sent: unique, so one return never gets two. */
    exchangeOrderId: integer('exchange_order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('withdrawals_org_state').on(t.organisationId, t.state, t.createdAt),
    index('withdrawals_order').on(t.orderId),
    uniqueIndex('withdrawals_exchange_order').on(t.exchangeOrderId),
  ],
);

export const withdrawalLines = pgTable(
  'withdrawal_lines',
  {
    ...clubRow(),
    withdrawalId: integer('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** A size exchange: the size (product parameter) wanted instead of the money, and its name then. */
    exchangeParameterId: integer('exchange_parameter_id'),
    exchangeParameterName: text('exchange_parameter_name'),
  },
  (t) => [
    index('withdrawal_lines_withdrawal').on(t.withdrawalId),
    index('withdrawal_lines_order_line').on(t.orderLineId),
    check('withdrawal_lines_quantity_pos', sql`${t.quantity} > 0`),
  ],
);

/**
 * A buyer's complaint (reklamacja) about goods from one order: the club must answer within 14 days
 * (art. 7a UPK). `history` holds each state with its moment and the reason given to the buyer.
 */
export const complaints = pgTable(
  'complaints',
  {
    ...clubRow(),
    orderId: orderId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Snapshot of the complained lines: `[{ Id, Nazwa, Ilosc }]`. */
    lines: jsonb('lines').$type<{ Id: number; Nazwa: string; Ilosc: number }[]>().notNull(),
    description: text('description').notNull(),
    request: text('request').notNull(),
    state: text('state').notNull().default('przyjeta'),
    history: jsonb('history').$type<{ Stan: string; Data: string; Powod: string }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('complaints_org_state').on(t.organisationId, t.state, t.createdAt),
    index('complaints_user').on(t.userId),
    index('complaints_order').on(t.orderId),
  ],
);

/** A complaint's photo: a media key outside what `/static` serves (see media/routes.ts). */
export const complaintPhotos = pgTable(
  'complaint_photos',
  {
    ...clubRow(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_photos_complaint').on(t.complaintId)],
);

/**
 * Money given back for (part of) an order: through the payment's provider (PayU's refund API) or,
 * for cash on delivery, a bank transfer the club makes and records. Never more than was paid: the
 * refunds service sums the rows not 'odrzucony' under the order's lock (decision 134).
 */
export const refunds = pgTable(
  'refunds',
  {
    ...clubRow(),
    orderId: orderId(),
    /** 'order' (from the order), 'return' (withdrawals.id) or 'complaint' (complaints.id). */
    source: text('source').$type<'order' | 'return' | 'complaint'>().notNull(),
    sourceId: integer('source_id'),
    /** 'provider' (the payment's provider, `provider` names it) or 'transfer' (the club's bank transfer). */
    method: text('method').$type<'provider' | 'transfer'>().notNull(),
    provider: text('provider'),
    /** wysylany → w_toku → zakonczony, or odrzucony (refused, failed or cancelled: nothing paid back). */
    state: text('state').$type<'wysylany' | 'w_toku' | 'zakonczony' | 'odrzucony'>().notNull(),
    amount: integer('amount').notNull(),
    shipping: integer('shipping').notNull().default(0),
    /** Of `amount`, what went back onto the gift card that paid part of the order; the rest goes `method`'s way. */
    giftCardAmount: integer('gift_card_amount').notNull().default(0),
    /** Ours, sent as PayU's extRefundId: asking again with it never pays twice. */
    extRefundId: text('ext_refund_id').notNull().unique(),
    externalId: text('external_id'),
    /** The buyer's account a transfer went to. */
    bankAccount: text('bank_account'),
    reason: text('reason').notNull().default(''),
    /** Why the provider refused (its own words, for staff). */
    error: text('error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order').on(t.orderId),
    check('refunds_amount_pos', sql`${t.amount} > 0`),
    // One live refund per return or complaint: its refund step cannot pay twice.
    uniqueIndex('refunds_source_live')
      .on(t.source, t.sourceId)
      .where(sql`${t.sourceId} IS NOT NULL AND ${t.state} <> 'odrzucony'`),
  ],
);

export const refundLines = pgTable(
  'refund_lines',
  {
    ...clubRow(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    index('refund_lines_refund').on(t.refundId),
    index('refund_lines_order_line').on(t.orderLineId),
    check('refund_lines_quantity_pos', sql`${t.quantity} > 0`),
  ],
);

/**
 * A club's promotion (decision 150): what the pricing engine's `Promotion` needs (the contract's
 * `promotionOfRow`). Never deleted, only ended: orders will refer to it. `used` counts the orders
 * that used it; placement takes a use with `SET used = used + 1 WHERE usage_limit IS NULL OR
 * used < usage_limit`, so the limit holds under concurrent orders (the row lock orders them).
 */
export const promotions = pgTable(
  'promotions',
  {
    ...clubRow(),
    name: text('name').notNull(),
    kind: text('kind').$type<'percent' | 'amount' | 'freeShipping' | 'buyXGetY' | 'bundle'>().notNull(),
    /** Percent in basis points (1000 = 10 %): whole numbers, as the engine rounds them. */
    percentBp: integer('percent_bp'),
    /** Grosze off (kind 'amount'). */
    amount: integer('amount'),
    buy: integer('buy'),
    get: integer('get'),
    /** Kind 'bundle': one piece of each component together for `bundle_price` grosze. */
    bundleComponents:
      jsonb('bundle_components').$type<
        { type: 'cart' | 'categories' | 'products' | 'variants'; ids: number[] }[]
      >(),
    bundlePrice: integer('bundle_price'),
    scopeType: text('scope_type').$type<'cart' | 'categories' | 'products' | 'variants'>().notNull(),
    scopeIds: integer('scope_ids').array().notNull().default(sql`'{}'::int[]`),
    includesPrinting: boolean('includes_printing').notNull().default(false),
    /** Grosze of goods and printing before discounts the cart needs; 0: none. */
    minimum: integer('minimum').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    paused: boolean('paused').notNull().default(false),
    stackable: boolean('stackable').notNull().default(false),
    /** Without a code: applies by itself; otherwise only through one of its `promotion_codes`. */
    automatic: boolean('automatic').notNull(),
    /** Orders in all (`used`) and per buyer; null: unlimited. */
    usageLimit: integer('usage_limit'),
    customerLimit: integer('customer_limit'),
    used: integer('used').notNull().default(0),
    /**
     * Only for buyers in one of these `customer_groups` (a member price list); empty: everyone.
     * No foreign key: a group named here cannot be deleted (the panel refuses it), and a missing one
     * matches nobody, so the promotion fails closed.
     */
    customerGroupIds: integer('customer_group_ids').array().notNull().default(sql`'{}'::int[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('promotions_org_created').on(t.organisationId, t.createdAt, t.id),
    check('promotions_kind', sql`${t.kind} IN ('percent', 'amount', 'freeShipping', 'buyXGetY', 'bundle')`),
    check('promotions_scope', sql`${t.scopeType} IN ('cart', 'categories', 'products', 'variants')`),
    check(
      'promotions_kind_values',
      // Each kind's value present and in range (IS NOT NULL first: a NULL would pass a CHECK).
      sql`(${t.kind} <> 'percent' OR (${t.percentBp} IS NOT NULL AND ${t.percentBp} BETWEEN 1 AND 10000)) AND (${t.kind} <> 'amount' OR (${t.amount} IS NOT NULL AND ${t.amount} > 0)) AND (${t.kind} <> 'buyXGetY' OR (${t.buy} IS NOT NULL AND ${t.get} IS NOT NULL AND ${t.buy} >= 1 AND ${t.get} >= 1)) AND (${t.kind} <> 'bundle' OR (${t.bundlePrice} IS NOT NULL AND ${t.bundleComponents} IS NOT NULL AND ${t.bundlePrice} > 0))`,
    ),
    check('promotions_minimum_nonneg', sql`${t.minimum} >= 0`),
    check(
      'promotions_dates',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`,
    ),
    check(
      'promotions_used',
      sql`${t.used} >= 0 AND (${t.usageLimit} IS NULL OR (${t.usageLimit} > 0 AND ${t.used} <= ${t.usageLimit}))`,
    ),
    check('promotions_customer_limit_pos', sql`${t.customerLimit} IS NULL OR ${t.customerLimit} > 0`),
  ],
);

/**
 * A club's group of customers (members, season-ticket holders, staff, a sponsor's employees) for
 * member prices: promotions limited to it (`promotions.customer_group_ids`). Valid from `valid_from`
 * (inclusive) to `valid_to` (exclusive); null: open.
 */
export const customerGroups = pgTable(
  'customer_groups',
  {
    ...clubRow(),
    name: text('name').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customer_groups_org').on(t.organisationId, t.id),
    check(
      'customer_groups_dates',
      sql`${t.validFrom} IS NULL OR ${t.validTo} IS NULL OR ${t.validTo} > ${t.validFrom}`,
    ),
  ],
);

/** A group's members named one by one: the club's customer accounts. */
export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    organisationId: orgId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    // The buyer's groups are looked up by account.
    index('customer_group_members_user').on(t.organisationId, t.userId),
  ],
);

/**
 * A group's e-mail domains: every confirmed customer account whose e-mail is at the domain itself
 * (not a subdomain) is a member. Lower case, without `@`.
 */
export const customerGroupDomains = pgTable(
  'customer_group_domains',
  {
    organisationId: orgId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.domain] }),
    index('customer_group_domains_domain').on(t.organisationId, t.domain),
    check('customer_group_domains_format', sql`${t.domain} = lower(${t.domain}) AND ${t.domain} LIKE '%.%'`),
  ],
);

/**
 * A promotion's codes: one shared code (SOKOL10, `usage_limit` null: the promotion's limits apply)
 * or a batch of single-use ones (`usage_limit` 1). Stored in upper case; unique in the club whatever
 * the case. Placement takes a code's use like a promotion's (`used < usage_limit`), so the last use
 * of a single-use code goes to one order only.
 */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    ...clubRow(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usageLimit: integer('usage_limit'),
    used: integer('used').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_codes_org_code').on(t.organisationId, sql`upper(${t.code})`),
    index('promotion_codes_promotion').on(t.promotionId, t.id),
    check('promotion_codes_format', sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check(
      'promotion_codes_used',
      sql`${t.used} >= 0 AND (${t.usageLimit} IS NULL OR (${t.usageLimit} > 0 AND ${t.used} <= ${t.usageLimit}))`,
    ),
  ],
);

/**
 * The promotions an order used, with what each took off the items and the delivery then: the
 * per-customer limit counts these, the panel's statistics sum them, and the order's documents
 * show them by name even after the promotion is changed.
 */
export const orderPromotions = pgTable(
  'order_promotions',
  {
    ...clubRow(),
    orderId: orderId(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    codeId: integer('code_id').references(() => promotionCodes.id),
    /** The code as the buyer typed it (upper case); null: automatic. */
    code: text('code'),
    name: text('name').notNull(),
    itemsAmount: integer('items_amount').notNull(),
    shippingAmount: integer('shipping_amount').notNull(),
  },
  (t) => [
    index('order_promotions_order').on(t.orderId),
    index('order_promotions_promotion').on(t.organisationId, t.promotionId),
    check('order_promotions_amounts', sql`${t.itemsAmount} >= 0 AND ${t.shippingAmount} >= 0`),
  ],
);

/**
 * A gift card (decision 154): a prepayment the holder spends over orders. Only the code's hash is
 * kept (the code itself went to the buyer by e-mail); `balance` is what is left to spend.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    ...clubRow(),
    codeHash: text('code_hash').notNull(),
    /** The code's last four characters: how the panel and the holder tell cards apart. */
    codeEnd: text('code_end').notNull(),
    amount: integer('amount').notNull(),
    balance: integer('balance').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The order that bought it and its line, and which piece of the line (issued once each). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    piece: integer('piece').notNull().default(1),
    /** Where the code was sent. */
    email: text('email').notNull(),
    /** Blocked by the club (a refunded purchase, a reported theft): refused from then on. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_code').on(t.codeHash),
    uniqueIndex('gift_cards_line_piece').on(t.orderLineId, t.piece),
    index('gift_cards_org_created').on(t.organisationId, t.createdAt, t.id),
    index('gift_cards_order').on(t.orderId),
    check('gift_cards_amount_pos', sql`${t.amount} > 0`),
    check('gift_cards_balance', sql`${t.balance} >= 0 AND ${t.balance} <= ${t.amount}`),
  ],
);

/** Each movement of a card's balance: paid for an order (positive), given back (negative). */
export const giftCardUses = pgTable(
  'gift_card_uses',
  {
    ...clubRow(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    /** 'order' (paid), 'cancelled' (the order's part back), 'refund' (a refund back onto the card). */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_card_uses_card').on(t.giftCardId, t.id),
    index('gift_card_uses_order').on(t.orderId),
    check('gift_card_uses_amount', sql`${t.amount} <> 0`),
  ],
);
