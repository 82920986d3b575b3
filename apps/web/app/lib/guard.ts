import type { UserInfo } from '@club/contract';
import { replace } from 'react-router';
import { sessionUser } from './session-user.ts';
import { storage } from './storage.ts';

/**
 * Spec: the login guard, for the client loaders of guarded pages. Without a valid ticket it
 * stores the requested URL as the redirect target and sends the user to /logowanie (in place of
 * the guarded page in the history).
 */
export const requireUser = async (request: Request): Promise<UserInfo> => {
  const user = await sessionUser();
  if (user) return user;
  const url = new URL(request.url);
  storage.setRedirectTarget(url.pathname + url.search);
  throw replace('/logowanie');
};
