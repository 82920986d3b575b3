import { fillMessage, msg } from '@club/contract';

/** A cart line with the stock its product and variant had when the cart was read (no lock). */
export type LineWithStock = {
  productId: number;
  productName: string;
  parameterId: number | null;
  parameterName: string | null;
  quantity: number;
  productStock: number;
  variantStock: number | null;
  /** Taken from a pre-order cap, not from stock. */
  preorder: boolean;
};

/**
 * The refusal a sold-out cart gets before any lock is taken, or null. On a launch most buyers
 * come after the last piece: they hear it at once instead of queueing for the product's row
 * behind the buyers who still get one. It is the refusal the locked check would give at the
 * moment the stock was read (committed); a stock that is about to fall just lets the order go on
 * to the locked check.
 */
export const soldOutBeforeLocking = (lines: readonly LineWithStock[]): string | null => {
  const perProduct = new Map<number, number>();
  const perVariant = new Map<number, number>();
  for (const l of lines) {
    if (l.preorder) continue;
    perProduct.set(l.productId, (perProduct.get(l.productId) ?? 0) + l.quantity);
    if (l.parameterId !== null)
      perVariant.set(l.parameterId, (perVariant.get(l.parameterId) ?? 0) + l.quantity);
  }
  for (const l of lines) {
    if (l.preorder) continue;
    if (perProduct.get(l.productId)! > l.productStock)
      return fillMessage(msg.orderNotEnoughStock, { produkt: l.productName });
    if (l.parameterId !== null && l.variantStock !== null && perVariant.get(l.parameterId)! > l.variantStock)
      return fillMessage(msg.orderNotEnoughStock, { produkt: `${l.productName} - ${l.parameterName}` });
  }
  return null;
};
