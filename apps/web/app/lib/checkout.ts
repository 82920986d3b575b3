import type { Cart } from '@club/contract';
import { useRouteLoaderData } from 'react-router';
import { api } from './browser-api.ts';
import { storage } from './storage.ts';

/**
 * The cart behind the stored koszyk_guid (browser only); null when this browser has none. With a
 * shipping option, priced by the server with it (its `Dostawa` and `DoZaplaty`).
 */
export const fetchCurrentCart = async (shippingOptionId?: number): Promise<Cart | null> => {
  const guid = storage.cartGuid();
  if (!guid) return null;
  return api.call('getCart', {
    params: { guid },
    ...(shippingOptionId && { query: { dostawa: String(shippingOptionId) } }),
  });
};

export const hasLines = (cart: Cart | null): cart is Cart => !!cart && cart.Pozycje.length > 0;

/** The tenant alias the root loader exposes (for product photo paths). */
export const useAlias = (): string =>
  (useRouteLoaderData('root') as { alias?: string } | undefined)?.alias ?? '';
