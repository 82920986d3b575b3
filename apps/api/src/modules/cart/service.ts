import {
  type Cart,
  type CartLineInputSchema,
  codeMessage,
  groszeToZl,
  msg,
  normaliseCode,
  type PricedCart,
} from '@club/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { photoRef } from '../catalogue/photos.ts';
import { checkQuantities, lineMaximum, type QuantityLimits } from '../catalogue/quantity-limits.ts';
import { cardPayment } from '../gift-cards/payment.ts';
import { type CardRow, findCard, findCardByCode } from '../gift-cards/repository.ts';
import { cardState, refusalOf } from '../gift-cards/state.ts';
import { findShippingOption } from '../orders/place-repository.ts';
import {
  isPrinted,
  type LinePrintingRow,
  linePrintingPrice,
  linePrintingView,
  resolvePrinting,
  samePrinting,
} from '../printing/lines.ts';
import { appliedAmounts, HARD_REFUSALS, priceWithPromotions } from '../promotions/pricing.ts';
import * as repo from './repository.ts';

type LineInput = z.output<typeof CartLineInputSchema>;
type Line = LinePrintingRow & {
  id?: number;
  productId: number;
  parameterId: number | null;
  quantity: number;
  /** The quantity before this batch (0 for a new line): a quantity may always come down. */
  was: number;
  dirty: boolean;
};
/** The club whose cart it is, with its quantity limits (the organisation row). */
export type CartClub = { id: number } & QuantityLimits;

/**
 * Applies a batch of cart lines (`Id: 0` adds and merges, `Id > 0` sets a quantity) in one
 * transaction: any invalid line rejects the whole batch and nothing changes. An unknown,
 * foreign or already ordered guid gets a fresh cart. Returns the guid of the cart changed.
 */
export const applyLines = (
  db: Db,
  club: CartClub,
  userId: number | null,
  guid: string | undefined,
  input: LineInput[],
) =>
  db.transaction(async (tx) => {
    const orgId = club.id;
    const found = guid ? await repo.lockOpenCart(tx, orgId, guid) : undefined;
    const cart = found ?? (await repo.createCart(tx, orgId, userId));
    const existing = await repo.findLines(tx, orgId, cart.id);
    const productIds = [...new Set(input.map((l) => l.IdWyrob))];
    // The lines already in the cart count towards the order's limit too.
    const known = [...new Set([...productIds, ...existing.map((l) => l.productId)])];
    const sellable = new Map((await repo.findSellableProducts(tx, orgId, known)).map((p) => [p.id, p]));
    const options = new Map<number, Set<number>>();
    const parameterStock = new Map<number, number>();
    // A variant on pre-order sells its cap's pieces left (its `stock` here), outside the product's total.
    const preorders = new Set<number>();
    for (const p of await repo.findParameters(tx, orgId, productIds)) {
      options.set(p.productId, (options.get(p.productId) ?? new Set()).add(p.id));
      parameterStock.set(p.id, p.stock);
      if (p.preorder) preorders.add(p.id);
    }

    const lines: Line[] = existing.map((l) => ({ ...l, was: l.quantity, dirty: false }));
    const totalOf = (productId: number) =>
      lines
        .filter((l) => l.productId === productId && !(l.parameterId !== null && preorders.has(l.parameterId)))
        .reduce((s, l) => s + l.quantity, 0);
    const before = new Map(productIds.map((id) => [id, totalOf(id)]));
    // Lines of one variant with different printing share its stock.
    const ofParameter = (parameterId: number) =>
      lines.filter((l) => l.parameterId === parameterId).reduce((s, l) => s + l.quantity, 0);
    const parametersBefore = new Map([...parameterStock.keys()].map((id) => [id, ofParameter(id)]));

    for (const item of input) {
      if (item.Id > 0) {
        const line = lines.find((l) => l.id === item.Id);
        if (!line || line.productId !== item.IdWyrob) throw notFound(msg.cartLineNotFound);
        if (!sellable.has(line.productId)) throw notFound(msg.productNotFound);
        line.quantity = item.Ilosc;
        line.dirty = true;
        continue;
      }
      const product = sellable.get(item.IdWyrob);
      if (!product) throw notFound(msg.productNotFound);
      const allowed = options.get(product.id);
      let parameterId: number | null = null;
      // A product without options takes none, whatever the client sent.
      if (allowed?.size) {
        if (item.Parametr) {
          if (!allowed.has(item.Parametr.Id)) throw badRequest(msg.parameterInvalid);
          parameterId = item.Parametr.Id;
        } else if (product.requiresParameter) {
          throw badRequest(msg.chooseParameter);
        }
      }
      const printing = await resolvePrinting(tx, orgId, product.printing, item.Nadruk);
      const same = lines.find(
        (l) => l.productId === product.id && l.parameterId === parameterId && samePrinting(l, printing),
      );
      if (same) {
        same.quantity += item.Ilosc;
        same.dirty = true;
      } else {
        lines.push({
          productId: product.id,
          parameterId,
          ...printing,
          quantity: item.Ilosc,
          was: 0,
          dirty: true,
        });
      }
    }

    // Stock is kept per option (the product's stock is their sum): a line with an option stays
    // within that option's stock, and all lines of a product within the total. Lowering a quantity
    // is always allowed, so a cart above stock after a stock change can be brought back under it.
    for (const [parameterId, was] of parametersBefore) {
      const stock = parameterStock.get(parameterId) ?? 0;
      const now = ofParameter(parameterId);
      if (now > stock && now > was) throw badRequest(stock === 0 ? msg.outOfStock : msg.quantityAboveStock);
    }
    for (const [productId, was] of before) {
      const stock = sellable.get(productId)?.stock ?? 0;
      const now = totalOf(productId);
      if (now > stock && now > was) throw badRequest(stock === 0 ? msg.outOfStock : msg.quantityAboveStock);
    }
    // The club's limits per line and per order (a product may have its own per line); lines of
    // products no longer on sale are not shown and cannot be ordered, so they do not count.
    const onSale = lines.filter((l) => sellable.has(l.productId));
    checkQuantities(
      onSale.map((l) => {
        const p = sellable.get(l.productId)!;
        return { name: p.name, quantity: l.quantity, was: l.was, productLimit: p.lineLimit };
      }),
      club,
      onSale.reduce((s, l) => s + l.was, 0),
    );

    for (const l of lines)
      if (l.dirty && l.id !== undefined) await repo.setLineQuantity(tx, l.id, l.quantity);
    const added = lines.filter((l) => l.id === undefined);
    if (added.length) {
      await repo.insertLines(
        tx,
        added.map((l) => ({
          organisationId: orgId,
          cartId: cart.id,
          productId: l.productId,
          parameterId: l.parameterId,
          quantity: l.quantity,
          printingName: l.printingName,
          printingNumber: l.printingNumber,
          printingPlayerId: l.printingPlayerId,
        })),
      );
    }
    // A guest cart becomes the user's once they add to it logged in.
    await repo.touchCart(tx, cart.id, found && userId && !found.userId ? userId : undefined);
    return cart.guid;
  });

/** Whether `guid` names an open cart of the club (adding to it creates no cart). */
export const isOpenCart = (db: Db, orgId: number, guid: string) => repo.isOpenCart(db, orgId, guid);

/**
 * How the cart is read: with `shippingOptionId`, priced with that delivery (the summary); with
 * `customerGroupIds`, the logged-in buyer's groups (member prices), none for a guest.
 */
export type CartReading = {
  shippingOptionId?: number | undefined;
  customerGroupIds?: readonly number[];
};

export const readCart = async (
  db: Db,
  club: CartClub,
  guid: string,
  reading: CartReading = {},
): Promise<Cart> => {
  const rows = guid ? await repo.readLines(db, club.id, guid) : [];
  let total = 0;
  const pieces = rows.reduce((s, r) => s + r.quantity, 0);
  const printingPrices = rows.map((r) => linePrintingPrice(r.printing, r) ?? 0);
  const Pozycje = rows.map((r, i) => {
    // The printing's price is the product's settings' now, as the shirt's is (decision 143).
    const printingPrice = printingPrices[i]!;
    const unit = r.priceGross + printingPrice;
    total += unit * r.quantity;
    const Parametr =
      r.parameterId != null && r.parameterName != null ? { Id: r.parameterId, Nazwa: r.parameterName } : null;
    const Zdjecie = photoRef(r.photoId, r.photoName);
    const Nadruk = linePrintingView(r, printingPrice);
    const name = Parametr ? `${r.productName} - ${Parametr.Nazwa}` : r.productName;
    return {
      Id: r.id,
      Ilosc: r.quantity,
      CenaJednBrutto: groszeToZl(unit),
      Produkt: Nadruk ? `${name}, nadruk „${Nadruk.Tekst}”` : name,
      Parametr,
      ...(isPrinted(r) && { Nadruk }),
      Wyrob: {
        Id: r.productId,
        Nazwa: r.productName,
        CenaBrutto: groszeToZl(r.priceGross),
        Zdjecie,
        Stan: r.stock,
      },
      MaksIlosc: lineMaximum(r.stock, r.lineLimit, pieces - r.quantity, club),
      ...(Parametr && r.preorderRelease ? { Przedsprzedaz: { DataWysylki: r.preorderRelease } } : {}),
      ...(r.giftCard && { KartaPodarunkowa: true as const }),
    };
  });
  const cart: Cart = { Guid: guid, Koszt: groszeToZl(total), Pozycje };
  if (!rows.length) return cart;
  const code = rows[0]!.promotionCode;
  const cardId = rows[0]!.giftCardId;
  const [shipping, card] = await Promise.all([
    reading.shippingOptionId ? findShippingOption(db, club.id, reading.shippingOptionId) : undefined,
    cardId ? findCard(db, club.id, cardId) : undefined,
  ]);
  const { priced, freeDelivery } = await priceWithPromotions(
    db,
    club.id,
    rows.map((r, i) => ({
      key: r.id,
      productId: r.productId,
      variantId: r.parameterId,
      categoryId: r.categoryId,
      unitPrice: r.priceGross,
      printingPrice: printingPrices[i]!,
      quantity: r.quantity,
      giftCard: r.giftCard,
    })),
    { code, shippingPrice: shipping?.price ?? 0, customerGroupIds: reading.customerGroupIds },
  );
  const cards = rows.filter((r) => r.giftCard).length;
  const free = freeDelivery();
  return withGiftCard(
    withDiscounts({ ...cart, ...(free && { DarmowaDostawa: free }) }, priced, shipping),
    priced,
    card,
    {
      withShipping: shipping !== undefined,
      buysGiftCards: cards > 0,
      onlyGiftCards: cards === rows.length,
    },
  );
};

/**
 * The card kept in the cart, and what it pays: of the total with the delivery once one is chosen,
 * else of the items (the order pays the delivery with it too). The cart's other answers stay as they were.
 */
const withGiftCard = (
  cart: Cart,
  priced: PricedCart,
  card: CardRow | undefined,
  facts: { withShipping: boolean; buysGiftCards: boolean; onlyGiftCards: boolean },
): Cart => {
  const only = facts.onlyGiftCards ? { TylkoKartyPodarunkowe: true } : {};
  if (!card) return { ...cart, ...only };
  const due = facts.withShipping ? priced.total : priced.itemsAfter;
  const pays = cardPayment(card, due, facts.buysGiftCards);
  return {
    ...cart,
    ...only,
    KartaPodarunkowa: {
      Koncowka: card.codeEnd,
      Saldo: groszeToZl(card.balance),
      WaznaDo: card.expiresAt.toISOString(),
      Kwota: groszeToZl(pays.amount),
      Komunikat: pays.refusal,
    },
    ...(facts.withShipping && { DoZaplaty: groszeToZl(priced.total - pays.amount) }),
  };
};

/** The cart read after a code or card was kept in it (or taken out); no open cart: 404. */
const keptThenRead = async (
  kept: Promise<boolean>,
  db: Db,
  club: CartClub,
  guid: string,
  reading: CartReading,
): Promise<Cart> => {
  if (!(await kept)) throw notFound(msg.orderCartNotFound);
  return readCart(db, club, guid, reading);
};

/**
 * Keeps the typed gift card in the cart. A code that names no card of this club, or a card that
 * can pay nothing any more (expired, used up, blocked), is refused with its Polish message.
 */
export const setGiftCard = async (
  db: Db,
  club: CartClub,
  guid: string,
  typed: string,
  reading: CartReading = {},
): Promise<Cart> => {
  if (!(await repo.countPieces(db, club.id, guid))) throw badRequest(msg.orderCartEmpty);
  const card = await findCardByCode(db, club.id, typed);
  if (!card) throw badRequest(msg.giftCardUnknown, { Kod: msg.giftCardUnknown });
  const refusal = refusalOf(cardState(card));
  if (refusal) throw badRequest(refusal, { Kod: refusal });
  return keptThenRead(repo.setCartGiftCard(db, club.id, guid, card.id), db, club, guid, reading);
};

export const removeGiftCard = async (
  db: Db,
  club: CartClub,
  guid: string,
  reading: CartReading = {},
): Promise<Cart> => {
  return keptThenRead(repo.setCartGiftCard(db, club.id, guid, null), db, club, guid, reading);
};

/** The engine's answer on the spec's cart: discount lines, the code's state, the delivery. */
const withDiscounts = (
  cart: Cart,
  priced: PricedCart,
  shipping: { id: number; price: number } | undefined,
): Cart => {
  const applied = appliedAmounts(priced);
  const freeShipping = applied.find((a) => a.shipping > 0);
  return {
    ...cart,
    Pozycje: cart.Pozycje.map((l, i) => {
      const discount = priced.lines[i]!.discount;
      return discount > 0 ? { ...l, Rabat: groszeToZl(discount) } : l;
    }),
    // A cart without discounts and code answers the spec's shape only, as before promotions.
    ...(priced.itemsDiscount > 0 && {
      Rabaty: applied
        .filter((a) => a.items > 0)
        .map((a) => ({ Nazwa: a.name, Kod: a.code, Kwota: groszeToZl(a.items) })),
      KosztPoRabatach: groszeToZl(priced.itemsAfter),
    }),
    ...(priced.code && {
      KodRabatowy: {
        Kod: priced.code.code,
        Zastosowany: priced.code.applied,
        Komunikat: codeMessage(priced.code),
      },
    }),
    ...(shipping && {
      Dostawa: {
        Id: shipping.id,
        Cena: groszeToZl(shipping.price),
        Koszt: groszeToZl(priced.shipping),
        Promocja: freeShipping?.name ?? null,
      },
      DoZaplaty: groszeToZl(priced.total),
    }),
  };
};

/**
 * Keeps the typed code in the cart and answers the cart priced with it. A code that cannot apply
 * whatever the cart holds (unknown, expired, paused, used up, not started) is refused with its
 * Polish message and not kept; one that waits for the cart (its minimum, its products) is kept.
 */
export const setCode = async (
  db: Db,
  club: CartClub,
  guid: string,
  typed: string,
  reading: CartReading = {},
): Promise<Cart> => {
  const code = normaliseCode(typed);
  // Only whether the cart has lines: the cart is read, priced, once the code is kept.
  if (!(await repo.countPieces(db, club.id, guid))) throw badRequest(msg.orderCartEmpty);
  const { priced } = await priceWithPromotions(db, club.id, [], {
    code,
    shippingPrice: 0,
    freeShippingFrom: null,
    customerGroupIds: reading.customerGroupIds,
  });
  const status = priced.code;
  if (status && !status.applied && HARD_REFUSALS.includes(status.reason)) {
    const message = codeMessage(status)!;
    throw badRequest(message, { Kod: message });
  }
  return keptThenRead(repo.setCartCode(db, club.id, guid, code), db, club, guid, reading);
};

export const removeCode = async (
  db: Db,
  club: CartClub,
  guid: string,
  reading: CartReading = {},
): Promise<Cart> => {
  return keptThenRead(repo.setCartCode(db, club.id, guid, null), db, club, guid, reading);
};

export const countPieces = (db: Db, orgId: number, guid: string) =>
  guid ? repo.countPieces(db, orgId, guid) : Promise.resolve(0);

export const removeLine = async (
  db: Db,
  club: CartClub,
  guid: string,
  lineId: number,
  reading: CartReading = {},
): Promise<Cart> => {
  if (!(await repo.deleteLine(db, club.id, guid, lineId))) throw notFound(msg.cartLineNotFound);
  return readCart(db, club, guid, reading);
};
