import type { UserInfo } from '@club/contract';
import { api } from './browser-api.ts';
import { storage } from './storage.ts';

let asked: { token: string; user: Promise<UserInfo | null> } | null = null;

/**
 * The user behind the stored ticket (browser only), asked once per ticket and shared by the
 * session provider and the client loaders of guarded pages; null without a ticket. Spec 4: a
 * failed user-info request removes the ticket, without a message. `fresh` asks again (after a
 * login, or when the account's e-mail changed).
 */
export const sessionUser = (fresh = false): Promise<UserInfo | null> => {
  const token = storage.token();
  if (!token) return Promise.resolve(null);
  if (fresh || asked?.token !== token) {
    asked = {
      token,
      user: api.call('getLoggedInUserInfo').catch(() => {
        if (storage.token() === token) storage.clearToken();
        return null;
      }),
    };
  }
  return asked.user;
};
