import { ADDRESS_TTL_MS, type DeliveryData, StorageKeys } from '@club/contract';

/** localStorage as the spec keeps it (`koszyk_guid`, `access_token`, `adres`); a no-op on the server. */
const ls = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};
const REDIRECT_KEY = 'redirect_url';

export type StoredAddress = DeliveryData & { Expire: number };

export const storage = {
  token: () => ls()?.getItem(StorageKeys.accessToken) ?? null,
  setToken: (ticket: string) => ls()?.setItem(StorageKeys.accessToken, ticket),
  clearToken: () => ls()?.removeItem(StorageKeys.accessToken),

  cartGuid: () => ls()?.getItem(StorageKeys.cartGuid) ?? '',
  setCartGuid: (guid: string) => ls()?.setItem(StorageKeys.cartGuid, guid),
  clearCartGuid: () => ls()?.removeItem(StorageKeys.cartGuid),

  /** Saved delivery data, or null when absent, unreadable or past its 2-hour expiry. */
  address: (now = Date.now()): StoredAddress | null => {
    const raw = ls()?.getItem(StorageKeys.address);
    if (!raw) return null;
    try {
      const a = JSON.parse(raw) as StoredAddress;
      if (typeof a.Expire !== 'number' || a.Expire <= now) {
        ls()?.removeItem(StorageKeys.address);
        return null;
      }
      return a;
    } catch {
      ls()?.removeItem(StorageKeys.address);
      return null;
    }
  },
  setAddress: (data: DeliveryData, now = Date.now()) =>
    ls()?.setItem(StorageKeys.address, JSON.stringify({ ...data, Expire: now + ADDRESS_TTL_MS })),
  clearAddress: () => ls()?.removeItem(StorageKeys.address),

  /** Where the login guard came from; login returns there. */
  redirectTarget: () => ls()?.getItem(REDIRECT_KEY) ?? null,
  setRedirectTarget: (url: string) => ls()?.setItem(REDIRECT_KEY, url),
  takeRedirectTarget: (): string | null => {
    const url = ls()?.getItem(REDIRECT_KEY) ?? null;
    ls()?.removeItem(REDIRECT_KEY);
    // Only same-site paths: never an open redirect.
    return url && url.startsWith('/') && !url.startsWith('//') ? url : null;
  },
};
