import { FREE_SHIPPING_OPTION } from './panel-settings.ts';

/**
 * The club's free-shipping threshold (site option `darmowa-dostawa-od`, grosze as digits, the
 * panel writes it): one reading for the order API, the storefront and the panel. Anything else
 * (absent, empty, garbage) is no threshold: delivery is always paid.
 */
export const freeShippingThreshold = (
  options: readonly { Klucz: string; Wartosc: string }[],
): number | null => {
  const value = options.find((o) => o.Klucz === FREE_SHIPPING_OPTION)?.Wartosc.trim();
  return value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : null;
};

/** Delivery is free when the goods' gross value (grosze) reaches the threshold ('od': from, inclusive). */
export const isFreeShipping = (goodsGrosze: number, threshold: number | null): boolean =>
  threshold !== null && Math.round(goodsGrosze) >= threshold;

/** What delivery costs the buyer (grosze): the option's price, or 0 from the threshold on. */
export const chargedShipping = (price: number, goodsGrosze: number, threshold: number | null): number =>
  isFreeShipping(goodsGrosze, threshold) ? 0 : price;

/** Grosze still missing to free delivery; null without a threshold, 0 once reached. */
export const missingForFreeShipping = (goodsGrosze: number, threshold: number | null): number | null =>
  threshold === null ? null : Math.max(0, threshold - Math.round(goodsGrosze));
