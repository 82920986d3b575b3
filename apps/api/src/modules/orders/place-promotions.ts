import { codeMessage, fillMessage, msg, type PricedCart } from '@club/contract';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../lib/http-error.ts';
import { customerGroupsOf } from '../promotions/membership.ts';
import {
  appliedAmounts,
  HARD_REFUSALS,
  priceWithPromotions,
  THRESHOLD_PROMOTION_ID,
} from '../promotions/pricing.ts';
import { buyerUses } from '../promotions/repository.ts';
import { type Buyer, lockBuyer } from './customer-limit.ts';
import type { LockedPromotion } from './place-locked.ts';
import type { NewOrderPromotion } from './place-repository.ts';

type Line = {
  productId: number;
  parameterId: number | null;
  unitPrice: number;
  printingPrice?: number | null;
  quantity: number;
  giftCard?: boolean;
};

export type OrderPricing = {
  priced: PricedCart;
  /** The stored promotions used, for `order_promotions`. */
  used: NewOrderPromotion[];
  /** Their uses, taken by `take_promotion_uses` with the stock. */
  uses: LockedPromotion[];
};

/**
 * Prices the order's lines with the promotions as the cart showed them (decision 152): the same
 * engine, on the prices just read. A code the buyer can no longer use (expired, paused, used up
 * meanwhile) refuses the order rather than placing it without the discount they were shown; a code
 * the cart showed as not applying (its minimum, its products, a better promotion) is left out, as
 * shown. A per-customer limit is checked under the buyer's lock.
 */
export const priceOrder = async (
  tx: Tx,
  orgId: number,
  lines: readonly Line[],
  opts: {
    code: string | null;
    categoryOf: (productId: number) => number | null;
    shippingPrice: number;
    freeShippingFrom: number | null;
    buyer: Buyer;
  },
): Promise<OrderPricing> => {
  // Only the logged-in account's groups: an e-mail typed at checkout proves no mailbox.
  const groups = await customerGroupsOf(tx, orgId, opts.buyer.userId);
  const { priced, stored } = await priceWithPromotions(
    tx,
    orgId,
    lines.map((l, i) => ({
      key: i,
      productId: l.productId,
      variantId: l.parameterId,
      categoryId: opts.categoryOf(l.productId),
      unitPrice: l.unitPrice - (l.printingPrice ?? 0),
      printingPrice: l.printingPrice ?? 0,
      quantity: l.quantity,
      giftCard: l.giftCard ?? false,
    })),
    {
      code: opts.code,
      shippingPrice: opts.shippingPrice,
      freeShippingFrom: opts.freeShippingFrom,
      customerGroupIds: groups.map((g) => g.id),
    },
  );
  const status = priced.code;
  if (status && !status.applied && HARD_REFUSALS.includes(status.reason))
    throw conflict(fillMessage(msg.orderPromotionCodeRefused, { powod: codeMessage(status)! }));

  const used = appliedAmounts(priced)
    .filter((a) => a.id !== THRESHOLD_PROMOTION_ID)
    .map((a) => {
      const row = stored.get(a.id)!;
      return {
        promotionId: a.id,
        codeId: row.codeId,
        code: row.code,
        name: a.name,
        itemsAmount: a.items,
        shippingAmount: a.shipping,
        row,
      };
    });
  const limited = used.filter((u) => u.row.customerLimit !== null);
  if (limited.length) {
    await lockBuyer(tx, orgId, opts.buyer);
    const counts = await buyerUses(
      tx,
      orgId,
      limited.map((u) => u.promotionId),
      opts.buyer,
    );
    for (const u of limited)
      if ((counts.get(u.promotionId) ?? 0) >= u.row.customerLimit!)
        throw conflict(
          u.code !== null
            ? fillMessage(msg.orderPromotionCodeRefused, { powod: msg.promoCustomerLimitReached })
            : fillMessage(msg.orderPromotionEnded, { nazwa: u.name }),
        );
  }
  return {
    priced,
    used: used.map(({ row: _row, ...u }) => u),
    uses: used.map((u) => ({ id: u.promotionId, code: u.codeId, version: u.row.version })),
  };
};
