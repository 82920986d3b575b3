import {
  createApiClient,
  isContentEndpoint,
  ORG_HEADER,
  ORG_HEADER_ALT,
  ORIGIN_HEADER,
  shopEndpointRoutes,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@club/contract';
import { storage } from './storage.ts';

/**
 * The club's alias, from the one place the document names it: <body data-club>, rendered by the
 * root from the site settings. Read on each call, so client loaders can call before hydration ends.
 */
const tenantAlias = (): string => document.body.dataset.club ?? '';

const readCookie = (name: string): string | undefined => {
  if (typeof document === 'undefined') return undefined;
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
};

/**
 * The API from the browser, with the spec's headers (section 7): X-Origin on content calls,
 * `organizacja` on shop and account calls (registration also X-Organizacja), the Bearer ticket,
 * and X-XSRF-TOKEN from the XSRF-TOKEN cookie on state-changing calls.
 */
export const api = createApiClient({
  routes: shopEndpointRoutes,
  baseUrl: '',
  headers: (ep) => {
    const token = storage.token();
    return {
      ...(isContentEndpoint(ep)
        ? { [ORIGIN_HEADER]: window.location.host }
        : { [ORG_HEADER]: tenantAlias() }),
      ...(ep.path.endsWith('/register') && { [ORG_HEADER_ALT]: tenantAlias() }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...(ep.method !== 'GET' && { [XSRF_HEADER]: readCookie(XSRF_COOKIE) }),
    };
  },
});
