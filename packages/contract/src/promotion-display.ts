/**
 * What the catalogue shows of automatic promotions (decision 151): an announced price reduction
 * is the price one piece costs in the cart, worked out by the cart's own engine (`priceCart`), so
 * the shelf and the cart cannot disagree; other automatic promotions get a short badge only.
 */
import { fillMessage, msg } from './messages.ts';
import { formatGrosze } from './money.ts';
import {
  type AppliedPromotion,
  type PricingLine,
  type Promotion,
  type PromotionScope,
  priceCart,
} from './promotions.ts';

/** A piece as the catalogue knows it: what the cart's line would be, without quantity and printing. */
export type ShownPiece = Pick<PricingLine, 'productId' | 'variantId' | 'categoryIds'>;

/**
 * An automatic promotion for everyone, without a minimum, that takes a percent or an amount off
 * each piece in scope: one piece bought alone costs less, so the catalogue shows it as a price cut.
 * An amount off the whole cart is split over the lines and a percent with a minimum needs more in
 * the cart: neither is the price of one piece.
 */
export const isAnnouncedReduction = (p: Promotion): boolean => !p.customerGroupIds?.length && isPieceCut(p);

/** An automatic percent or per-piece amount without a minimum: it lowers the price of one piece. */
const isPieceCut = (p: Promotion): boolean =>
  p.code === null &&
  p.minimum === 0 &&
  (p.kind === 'percent' || (p.kind === 'amount' && p.scope.type !== 'cart'));

/** A member price (decision 153): a piece cut limited to customer groups, shown to their logged-in members only. */
export const isMemberPriceCut = (p: Promotion): boolean => !!p.customerGroupIds?.length && isPieceCut(p);

/**
 * The badge of an automatic promotion that is not a price cut of one piece ("3 w cenie 2"), or
 * null: codes are the buyer's own (never advertised), and a whole-cart offer belongs to no product.
 */
export const promotionBadge = (p: Promotion): string | null => {
  if (p.code !== null || p.customerGroupIds?.length || isAnnouncedReduction(p)) return null;
  if (p.kind === 'bundle') return msg.promoBadgeBundle;
  if (p.scope.type === 'cart') return null;
  const from = { kwota: formatGrosze(p.minimum) };
  switch (p.kind) {
    case 'buyXGetY':
      return fillMessage(msg.promoBadgeBuyGet, { razem: String(p.buy + p.get), placisz: String(p.buy) });
    case 'freeShipping':
      return p.minimum > 0 ? fillMessage(msg.promoBadgeFreeShippingFrom, from) : msg.promoFreeShipping;
    case 'percent':
      return fillMessage(msg.promoBadgeOffFrom, {
        ...from,
        rabat: `${String(p.percent).replace('.', ',')}%`,
      });
    case 'amount':
      return fillMessage(msg.promoBadgeOffFrom, { ...from, rabat: formatGrosze(p.amount) });
  }
};

// As the engine matches a line (its own `inScope` is not exported).
const matches = (s: PromotionScope, piece: ShownPiece): boolean =>
  s.type === 'cart' ||
  (s.type === 'categories' && piece.categoryIds.some((c) => s.ids.includes(c))) ||
  (s.type === 'products' && s.ids.includes(piece.productId)) ||
  (s.type === 'variants' && piece.variantId !== null && s.ids.includes(piece.variantId));

const inScope = (p: Promotion, piece: ShownPiece): boolean =>
  (p.kind === 'bundle' ? p.components : [p.scope]).some((s) => matches(s, piece));

/** The promotions whose scope takes the piece in (a quick filter before pricing anything). */
export const promotionsFor = (promotions: readonly Promotion[], piece: ShownPiece): Promotion[] =>
  promotions.filter((p) => inScope(p, piece));

export type ShownReduction = {
  /** What one piece costs with the promotions, in grosze. */
  price: number;
  /** Those that took something off, the largest first (its name goes on the badge). */
  applied: AppliedPromotion[];
};

/**
 * One piece priced by `priceCart` alone in a cart with `reductions` (announced reductions only):
 * the very price the cart charges for it. null when none takes anything off.
 */
export const reducedUnitPrice = (
  piece: ShownPiece,
  unitPrice: number,
  reductions: readonly Promotion[],
  now: Date,
): ShownReduction | null => {
  const usable = reductions.filter((p) => isAnnouncedReduction(p) && inScope(p, piece));
  if (!usable.length || unitPrice <= 0) return null;
  const priced = priceCart(
    { lines: [{ key: 0, ...piece, unitPrice, printingPrice: 0, quantity: 1 }], shippingPrice: 0 },
    usable,
    null,
    now,
  );
  const line = priced.lines[0]!;
  if (line.discount <= 0) return null;
  return { price: line.after, applied: [...priced.applied].sort((a, b) => b.amount - a.amount) };
};

export type MemberUnitPrice = {
  /** What one piece costs the member in the cart, the public reductions included, in grosze. */
  price: number;
  /** The member price's promotion that took the most off. */
  promotionId: number;
};

/**
 * One piece priced by `priceCart` for a buyer of `groupIds`, with the public reductions and the
 * member price cuts of those groups: the cart's own price for them. null when no member price
 * takes anything off (the public price, shown on the page already, is then theirs).
 */
export const memberUnitPrice = (
  piece: ShownPiece,
  unitPrice: number,
  promotions: readonly Promotion[],
  groupIds: readonly number[],
  now: Date,
): MemberUnitPrice | null => {
  if (!groupIds.length || unitPrice <= 0) return null;
  const usable = promotions.filter(
    (p) => (isAnnouncedReduction(p) || isMemberPriceCut(p)) && inScope(p, piece),
  );
  if (!usable.some(isMemberPriceCut)) return null;
  const priced = priceCart(
    {
      lines: [{ key: 0, ...piece, unitPrice, printingPrice: 0, quantity: 1 }],
      shippingPrice: 0,
      customerGroupIds: groupIds,
    },
    usable,
    null,
    now,
  );
  const member = priced.applied
    .filter((a) => usable.find((p) => p.id === a.id)?.customerGroupIds?.length)
    .sort((a, b) => b.amount - a.amount)[0];
  if (!member) return null;
  return { price: priced.lines[0]!.after, promotionId: member.id };
};
