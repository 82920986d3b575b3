import { ApiClientError } from '@club/contract';
import { redirect, useRouteLoaderData } from 'react-router';
import { api } from './api.ts';
import { currentPanelPath, loginPath } from './lib/next-path.ts';

export type PanelSession = Awaited<ReturnType<typeof fetchSession>>;

const fetchSession = () => api.call('panelMe');

/**
 * Where a signed-out manager goes; `powod` says why, so the login screen can tell them, and `next`
 * is the screen the browser shows (the one asked for on a first load), where the login comes back.
 */
export const loginRedirect = (reason?: 'wygasla' | 'wylogowano') =>
  redirect(loginPath(reason, currentPanelPath()));

/**
 * Runs a loader's API calls; a 401 (no session, or it expired) or a 403 (the account may not use
 * this club's panel) sends the manager to the login screen. Several loaders of one navigation may
 * redirect at once, so they all name the same place.
 */
export const guarded = async <T>(load: () => Promise<T>) => {
  try {
    return await load();
  } catch (e) {
    if (e instanceof ApiClientError && (e.status === 401 || e.status === 403)) throw loginRedirect();
    throw e;
  }
};

/** The signed-in account; the layout's loader (no session: straight to the login screen). */
export const sessionLoader = () => guarded(fetchSession);

export const useSession = () => useRouteLoaderData('panel') as PanelSession;
