import {
  fillMessage,
  GIFT_CARD_PAYMENT_METHOD,
  msg,
  onPreorder,
  type PrintingSettings,
  type VatRate,
  warsawToday,
} from '@club/contract';
import type { Tx } from '../../db/client.ts';
import { type Ending, endNow } from '../../db/transactions.ts';
import { badRequest, conflict, unauthorized } from '../../lib/http-error.ts';
import { checkQuantities, type QuantityLimits } from '../catalogue/quantity-limits.ts';
import { lockCardForOrder, recordCardPayment } from '../gift-cards/redeem.ts';
import { PaymentStatus } from '../payments/provider.ts';
import { takePreorder } from '../preorders/take.ts';
import { checkCustomerLimit, lockBuyer } from './customer-limit.ts';
import { type EditionRange, numberEditionLines } from './edition-numbers.ts';
import { isKnownBuyer } from './held-orders.ts';
import { checkOrdersPerHour, type HourlyLimits } from './hourly-limit.ts';
import {
  type LockedProduct,
  type LockedVariant,
  lockedRefusal,
  lockedStatement,
  readLocked,
  takePromotionUses,
  withEditions,
} from './place-locked.ts';
import { priceOrder } from './place-promotions.ts';
import * as repo from './place-repository.ts';
import { type AllocatedLine, takeOptionStock } from './place-stock.ts';
import { printedLine } from './printed-line.ts';
import { soldOutBeforeLocking } from './sold-out-first.ts';

export type OrderDraft = {
  orgId: number;
  orderPrefix: string;
  userId: number | null;
  guid: string;
  shipping: { id: number; name: string; price: number; electronic?: boolean };
  /** The thank-you address of an order (an order a gift card paid in full goes straight there). */
  returnUrlOf?: (orderId: number) => string;
  /** The club's free-shipping threshold (grosze) read for this request; null: delivery always paid. */
  freeShippingFrom?: number | null;
  /** Taken beforehand for cash on delivery (its thank-you address names it); null: the sequence's next. */
  orderId?: number | null;
  paymentMethod: number;
  paymentProvider: string;
  /** Known before the order exists for cash on delivery (the thank-you page); null for a provider. */
  paymentUrl: string | null;
  /** Online payment: unpaid, the order is cancelled this long after it was written. */
  paymentTimeoutMs: number | null;
  address: repo.DeliveryAddress;
  deliveryInfo: string | null;
  /** 'Chcę fakturę na firmę': company name and NIP (10 digits), or null. */
  invoice?: { company: string; nip: string } | null;
  customerIp: string;
  /** The club's pieces per line and per order. */
  limits: QuantityLimits;
  /** Orders per e-mail and per IP in an hour; null or absent: not counted (RATE_LIMITS=off). */
  hourly?: (HourlyLimits & { accountEmail: string | null }) | null;
  /** The logged-in buyer's account e-mail: a per-customer limit counts its orders too. */
  accountEmail?: string | null;
  /**
   * Cash on delivery: held for the buyer's confirmation from the e-mail when its total is above
   * `aboveGrosze` (null: never for its value) or a guest's address has no confirmed order in the
   * club yet. The link's token is made by the caller; only its hash is stored.
   */
  hold?: { aboveGrosze: number | null; tokenHash: string; timeoutMs: number } | null;
};

export type PlacedLine = {
  productId: number;
  name: string;
  parameterId: number | null;
  parameterName: string | null;
  quantity: number;
  unitPrice: number;
  vatRate: VatRate;
  /** Printed text ("NOWAK 9") and its price per piece, included in unitPrice; null: not printed. */
  printingText?: string | null;
  printingPrice?: number | null;
  /** A numbered edition's numbers of the line's pieces; absent: not numbered. */
  editionFrom?: number;
  editionTo?: number;
  /** A pre-order line's expected shipping date; null: sold from stock. */
  preorderRelease: string | null;
  /** Grosze the promotions took off the whole line; absent: none. */
  discount?: number;
  /** A gift card sold; absent: goods. */
  giftCard?: boolean;
};

export type Placed =
  | { kind: 'existing'; order: NonNullable<Awaited<ReturnType<typeof repo.findOrderOfCart>>> }
  | {
      kind: 'new';
      order: {
        id: number;
        number: string;
        createdAt: Date;
        itemsTotal: number;
        /** What the promotions took off the items. */
        itemsDiscount: number;
        /** What delivery was charged: the option's price, or 0 from the free-shipping threshold on. */
        shippingCost: number;
        total: number;
        /** What the cart's gift card paid of the total; the rest is paid online or on delivery. */
        giftCardPaid: number;
        /** A gift card paid all of it: paid already, nothing to start with a provider. */
        paidByCard: boolean;
        lines: PlacedLine[];
        /** Held for the buyer's confirmation until then; null: a normal order. */
        confirmBy: Date | null;
      };
    };

const warsawYear = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Warsaw', year: 'numeric' });
/** The calendar year in Poland, where the clubs are: an order at 00:30 on 1 January belongs to the new year. */
export const polishYear = () => Number(warsawYear.format(new Date()));

/**
 * Everything of an order that must hold together, in one transaction run by transactionEndingWith:
 * the cart (locked first), the checks that need no product lock, the order and its lines, then
 * the stock, the edition numbers and the order's number in one statement sent with the COMMIT
 * (`place_order_locked`, decision 148), or taken under locks on the general path. Any refusal
 * throws and the whole transaction rolls back.
 */
export const placeInTransaction = async (tx: Tx, d: OrderDraft): Promise<Ending<Placed>> => {
  const now = (placed: Placed): Ending<Placed> => ({ last: null, read: () => placed });
  const cart = await repo.lockCart(tx, d.orgId, d.guid);
  if (!cart) throw badRequest(msg.orderCartNotFound);
  if (cart.orderedAt) {
    const existing = await repo.findOrderOfCart(tx, d.orgId, d.guid);
    // The same buyer sending the same cart again (double click, retry): the first order answers.
    if (existing && existing.userId === d.userId) return now({ kind: 'existing', order: existing });
    throw conflict(msg.cartOrdered);
  }
  if (cart.userId !== null && cart.userId !== d.userId) {
    // Someone's own cart: a guest must log in; another account must not learn it exists.
    if (d.userId === null) throw unauthorized();
    throw badRequest(msg.orderCartNotFound);
  }

  const lines = await repo.cartLinesWithProducts(tx, d.orgId, cart.id);
  if (!lines.length) throw badRequest(msg.orderCartEmpty);
  const gone = lines.find((l) => !l.active);
  if (gone) throw conflict(fillMessage(msg.orderProductGone, { produkt: gone.productName }));
  // Gift cards travel by e-mail, alone (decision 154), and are paid online: a card is money.
  const cardLines = lines.filter((l) => l.giftCard).length;
  const onlyCards = cardLines === lines.length;
  if ((d.shipping.electronic ?? false) !== onlyCards) {
    const why = onlyCards ? msg.orderGiftCardShipping : msg.orderElectronicShipping;
    throw badRequest(why, { SposobDostawy: why });
  }
  if (cardLines > 0 && d.paymentTimeoutMs === null) {
    throw badRequest(msg.orderGiftCardOnline, { Platnosc: msg.orderGiftCardOnline });
  }
  // Checked again here: the cart may have been filled before a limit was lowered.
  checkQuantities(
    lines.map((l) => ({
      name: l.parameterName ? `${l.productName} - ${l.parameterName}` : l.productName,
      quantity: l.quantity,
      productLimit: l.lineLimit,
    })),
    d.limits,
  );
  const today = warsawToday();
  const isPreorder = (l: (typeof lines)[number]) =>
    l.parameterId !== null && onPreorder(l.preorderRelease, today);
  const soldOut = soldOutBeforeLocking(lines.map((l) => ({ ...l, preorder: isPreorder(l) })));
  if (soldOut) throw conflict(soldOut);
  if (d.hourly) {
    const emails = [d.address.email, ...(d.hourly.accountEmail ? [d.hourly.accountEmail] : [])];
    await checkOrdersPerHour(tx, d.orgId, { emails, userId: d.userId, ip: d.customerIp }, d.hourly);
  }

  // Before the first product row is locked (decision 147): on a launch every other buyer of the
  // product waits while its row is held, so nothing that can be done earlier is done then.
  const knownBuyer =
    d.hold == null || d.userId !== null || (await isKnownBuyer(tx, d.orgId, d.address.email));
  if (d.userId !== null) await repo.saveAddressIfEmpty(tx, d.orgId, d.userId, d.address);
  const pieces = new Map<number, number>();
  // Every piece, pre-ordered or not, counts towards a buyer's limit and a numbered edition.
  const wanted = new Map<number, number>();
  for (const l of lines) {
    pieces.set(l.productId, (pieces.get(l.productId) ?? 0) + (isPreorder(l) ? 0 : l.quantity));
    wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  }
  const buyer = {
    userId: d.userId,
    emails: [d.address.email, ...(d.accountEmail ? [d.accountEmail] : [])],
    street: d.address.street,
    postcode: d.address.postcode,
  };
  const limited = [...new Map(lines.filter((l) => l.customerLimit !== null).map((l) => [l.productId, l]))];
  // A code may have a per-customer limit (place-promotions.ts): the buyer's lock before any product's.
  if (limited.length || cart.code) await lockBuyer(tx, d.orgId, buyer);
  if (limited.length) {
    for (const [productId, l] of limited) {
      const product = { id: productId, name: l.productName, limit: l.customerLimit! };
      await checkCustomerLimit(tx, d.orgId, product, wanted.get(productId)!, buyer);
    }
  }
  // The card's row before any product's: every order takes its locks in one order (cart, buyer,
  // card, products), so two orders spending one card never wait on each other crosswise.
  const card = cart.giftCardId ? await lockCardForOrder(tx, d.orgId, cart.giftCardId) : null;

  // Every line names a variant, or its product has none: priced from the rows read above and
  // taken in one statement sent with the COMMIT (decision 148). Otherwise (a line left to be
  // served from whichever variants have pieces) the general path, under the locks.
  const oneStatement = lines.every((l) => isVariantLine(l) || !l.hasOptions);
  const placedLines = oneStatement
    ? lines.map((l) => priceReadLine(l, isPreorder(l)))
    : await takeUnderLocks(tx, d.orgId, today, lines, pieces, wanted, isPreorder);
  const itemsTotal = placedLines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  // Decided here, on the prices just read, whatever the client showed or sent: the promotions,
  // the code kept in the cart and the free-shipping threshold.
  const category = new Map(lines.map((l) => [l.productId, l.categoryId]));
  const pricing = await priceOrder(tx, d.orgId, placedLines, {
    code: cart.code,
    categoryOf: (id) => category.get(id) ?? null,
    shippingPrice: d.shipping.price,
    freeShippingFrom: d.freeShippingFrom ?? null,
    buyer,
  });
  const itemsDiscount = pricing.priced.itemsDiscount;
  const shippingCost = pricing.priced.shipping;
  const total = pricing.priced.total;
  const giftCardPaid = card ? card.pay(total, cardLines > 0) : 0;
  const paidByCard = card !== null && giftCardPaid === total;
  const held =
    !paidByCard &&
    d.hold != null &&
    ((d.hold.aboveGrosze !== null && total - giftCardPaid > d.hold.aboveGrosze) || !knownBuyer);
  // Its thank-you address names the order: the id is taken before the order is written.
  const orderId = d.orderId ?? (paidByCard ? await repo.nextOrderId(tx) : null);

  // Numbered here on the general path (last, so the club's counter is held briefly); otherwise by
  // the statement sent with the COMMIT.
  const order = await repo.insertNumberedOrder(
    tx,
    {
      id: orderId,
      organisationId: d.orgId,
      userId: d.userId,
      cartGuid: d.guid,
      ...(paidByCard
        ? {
            paymentMethod: GIFT_CARD_PAYMENT_METHOD,
            paymentProvider: GIFT_CARD_PROVIDER,
            paymentStatus: PaymentStatus.completed,
            paymentUrl: d.paymentUrl ?? d.returnUrlOf?.(orderId!) ?? null,
            paymentTimeoutMs: null,
          }
        : {
            paymentMethod: d.paymentMethod,
            paymentProvider: d.paymentProvider,
            paymentUrl: d.paymentUrl,
            paymentTimeoutMs: d.paymentTimeoutMs,
          }),
      itemsTotal,
      itemsDiscount,
      shippingCost,
      total,
      giftCardPaid,
      shippingOptionId: d.shipping.id,
      shippingName: d.shipping.name,
      deliveryInfo: d.deliveryInfo,
      name: d.address.name,
      street: d.address.street,
      postcode: d.address.postcode,
      city: d.address.city,
      phone: d.address.phone,
      email: d.address.email,
      customerIp: d.customerIp,
      invoiceCompany: d.invoice?.company ?? null,
      invoiceNip: d.invoice?.nip ?? null,
      confirmTimeoutMs: held ? d.hold!.timeoutMs : null,
      confirmTokenHash: held ? d.hold!.tokenHash : null,
    },
    placedLines.map((l, i) => ({
      productId: l.productId,
      parameterId: l.parameterId,
      productName: l.name,
      parameterName: l.parameterName,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      vatRate: l.vatRate,
      printingText: l.printingText,
      printingPrice: l.printingPrice,
      editionFrom: l.editionFrom ?? null,
      editionTo: l.editionTo ?? null,
      preorderRelease: l.preorderRelease,
      discount: pricing.priced.lines[i]!.discount,
      giftCard: l.giftCard ?? false,
    })),
    cart.id,
    oneStatement ? null : d.orderPrefix,
    polishYear(),
    pricing.used,
  );
  if (card && giftCardPaid > 0) await recordCardPayment(tx, d.orgId, card.id, order.id, giftCardPaid);
  const discounted = placedLines.map((l, i) => ({ ...l, discount: pricing.priced.lines[i]!.discount }));
  const placed = (number: string, lines: PlacedLine[]): Placed => ({
    kind: 'new',
    order: {
      ...order,
      number,
      itemsTotal,
      itemsDiscount,
      shippingCost,
      total,
      giftCardPaid,
      paidByCard,
      lines,
    },
  });
  const nameOf = (id: number) => lines.find((l) => l.productId === id)?.productName ?? String(id);
  if (!oneStatement) {
    await takePromotionUses(tx, d.orgId, pricing.uses, nameOf);
    return now(placed(order.number, discounted));
  }
  const taken = lockedInput(lines, isPreorder, pieces, wanted);
  const ending: Ending<Placed> = {
    last: lockedStatement(d.orgId, order.id, taken.products, taken.variants, pricing.uses),
    read: (rows) => {
      const { number, editions } = readLocked(rows);
      return placed(number, withEditions(discounted, editions));
    },
    refusal: (err) => lockedRefusal(err, nameOf),
  };
  // An order with a card is settled in the transaction (its e-mails, its invoice when paid by it):
  // the locked part runs now rather than with the COMMIT. Cards are not what launches are made of.
  return card ? now(await endNow(tx, ending)) : ending;
};

/** `orders.payment_provider` of an order a gift card paid in full. */
export const GIFT_CARD_PROVIDER = 'karta-podarunkowa';

type CartLine = Awaited<ReturnType<typeof repo.cartLinesWithProducts>>[number];

/** A line that names a variant which still exists. */
const isVariantLine = (l: CartLine) => l.parameterId !== null && l.parameterName !== null;

/** A line priced from the rows read before any lock; `place_order_locked` checks they are unchanged. */
const priceReadLine = (l: CartLine, preorder: boolean): PlacedLine => {
  // The printing's price from the product's settings: a client's price is never read.
  const printed = printedLine(l.productName, l.printing, l);
  const variant = isVariantLine(l);
  return {
    productId: l.productId,
    name: printed.name,
    parameterId: variant ? l.parameterId : null,
    parameterName: variant ? l.parameterName : null,
    quantity: l.quantity,
    unitPrice: ((variant ? l.variantPrice : null) ?? l.priceGross) + (printed.price ?? 0),
    vatRate: l.vatRate,
    printingText: printed.text,
    printingPrice: printed.price,
    preorderRelease: preorder ? l.preorderRelease : null,
    giftCard: l.giftCard,
  };
};

/**
 * What `place_order_locked` takes for these lines: each product with its pieces from stock and in
 * all (`pieces` and `wanted`, as counted for the limits), the variants' pieces summed.
 */
const lockedInput = (
  lines: CartLine[],
  isPreorder: (l: CartLine) => boolean,
  pieces: Map<number, number>,
  wanted: Map<number, number>,
) => {
  const products: LockedProduct[] = [...wanted].map(([id, all]) => {
    const l = lines.find((x) => x.productId === id)!;
    return { id, stock: pieces.get(id)!, pieces: all, version: l.version, bare: !l.hasOptions };
  });
  const variants = new Map<number, LockedVariant>();
  for (const l of lines.filter(isVariantLine)) {
    const v = variants.get(l.parameterId!) ?? {
      product: l.productId,
      id: l.parameterId!,
      qty: 0,
      pre: isPreorder(l),
      price: l.variantPrice,
    };
    v.qty += l.quantity;
    variants.set(l.parameterId!, v);
  }
  return { products, variants: [...variants.values()] };
};

/**
 * The general path: stock taken per product in id order (so two orders never wait on each other
 * crosswise), then per variant of that product, a line without one served from the variants in
 * their order; prices read from the locked rows. Any refusal throws and the transaction rolls back.
 */
const takeUnderLocks = async (
  tx: Tx,
  orgId: number,
  today: string,
  lines: CartLine[],
  pieces: Map<number, number>,
  wanted: Map<number, number>,
  isPreorder: (l: CartLine) => boolean,
): Promise<PlacedLine[]> => {
  // The product's total first (locks its row), then its options' stock: the total stays their sum.
  // A variant on pre-order takes from its cap instead (decision 144), so its pieces skip the total;
  // the product row is still locked first (quantity 0), keeping one order of locks.
  const prices = new Map<
    number,
    { name: string; priceGross: number; vatRate: VatRate; printing: PrintingSettings | null }
  >();
  const allocated: (AllocatedLine & Partial<EditionRange>)[] = [];
  for (const [productId, quantity] of [...pieces].sort((a, b) => a[0] - b[0])) {
    const taken = await repo.takeStock(tx, orgId, productId, quantity, wanted.get(productId)!);
    if (!taken) {
      const now = await repo.productState(tx, orgId, productId);
      const name = now?.name ?? lines.find((l) => l.productId === productId)!.productName;
      throw conflict(
        fillMessage(now?.active ? msg.orderNotEnoughStock : msg.orderProductGone, { produkt: name }),
      );
    }
    prices.set(productId, taken);
    const own = lines.flatMap((l, index) => (l.productId === productId ? [{ ...l, index }] : []));
    const productLines: AllocatedLine[] = [];
    for (const l of own.filter(isPreorder)) {
      const label = `${taken.name} - ${l.parameterName}`;
      const p = await takePreorder(tx, orgId, today, { ...l, parameterId: l.parameterId!, label });
      productLines.push({ ...l, variantPrice: p.priceGross, preorderRelease: p.release });
    }
    const fromStock = own.filter((l) => !isPreorder(l));
    if (fromStock.length) productLines.push(...(await takeOptionStock(tx, orgId, taken.name, fromStock)));
    allocated.push(
      ...(taken.numberedEdition ? numberEditionLines(productLines, taken.editionLast) : productLines),
    );
  }

  return allocated
    .sort((a, b) => a.index - b.index)
    .map((l) => {
      const p = prices.get(l.productId)!;
      // The printing's price from the locked product row's settings: a client's price is never read.
      const printed = printedLine(p.name, p.printing, lines[l.index]!);
      return {
        productId: l.productId,
        name: printed.name,
        parameterId: l.parameterName !== null ? l.parameterId : null,
        parameterName: l.parameterName,
        quantity: l.quantity,
        unitPrice: (l.variantPrice ?? p.priceGross) + (printed.price ?? 0),
        vatRate: p.vatRate,
        printingText: printed.text,
        printingPrice: printed.price,
        ...(l.editionFrom !== undefined && { editionFrom: l.editionFrom, editionTo: l.editionTo }),
        preorderRelease: l.preorderRelease ?? null,
        giftCard: lines[l.index]!.giftCard,
      };
    });
};
