import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api } from './browser-api.ts';
import { storage } from './storage.ts';

export type CartState = {
  /** Pieces in the cart (getkoszykilosc); 0 until loaded after hydration. */
  count: number;
  refresh(): Promise<void>;
  /** Remembers the guid the server returned after an add (spec 4). */
  rememberGuid(guid: string): void;
};

const CartContext = createContext<CartState | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const refresh = useCallback(async () => {
    const guid = storage.cartGuid();
    if (!guid) {
      setCount(0);
      return;
    }
    try {
      setCount(await api.call('getCartCount', { params: { guid } }));
    } catch {
      setCount(0);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const value = useMemo<CartState>(
    () => ({
      count,
      refresh,
      rememberGuid: (guid) => {
        if (guid && guid !== storage.cartGuid()) storage.setCartGuid(guid);
      },
    }),
    [count, refresh],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export const useCart = (): CartState => {
  const c = useContext(CartContext);
  if (!c) throw new Error('useCart outside CartProvider');
  return c;
};
