import {
  type ApiClient,
  ApiClientError,
  type ApiTransport,
  createApiClient,
  endpointRoutes,
  isContentEndpoint,
  ORG_HEADER,
  ORIGIN_HEADER,
  type SiteSettings,
} from '@club/contract';
import { type AppLoadContext, data } from 'react-router';
import { env } from './env.server.ts';
import './load-context.ts';
import { siteOrigin } from './seo.ts';
import { createTtlCache } from './ttl-cache.ts';

/** In-process calls name the path and query alone. */
const IN_PROCESS_BASE = '';
const SETTINGS_TTL_MS = 5_000;

/** Site settings change rarely and every page needs them; a few seconds stale is fine. */
const settingsCache = createTtlCache<SiteSettings>({ ttlMs: SETTINGS_TTL_MS, maxEntries: 500 });

/** A club's settings changed (in any process: the hosting server hears it); every site loads them anew. */
export const dropSettingsCache = () => settingsCache.clear();

export type WebApi = {
  /** The contract's typed call, with the tenant headers of this request. */
  call: ApiClient['call'];
  /** Settings of the site this request is for (cached per site). */
  settings(): Promise<SiteSettings>;
  /** Key of this request's site in per-site caches: the club's alias when the server names it, else the host. */
  siteKey: string;
  /** The club's site origin for absolute URLs (`siteOrigin`). */
  origin: string;
};

const transport = (context: AppLoadContext): { baseUrl: string; fetch: ApiTransport } => {
  if (env.apiUrl) return { baseUrl: env.apiUrl, fetch };
  if (context.apiFetch) return { baseUrl: IN_PROCESS_BASE, fetch: context.apiFetch };
  return { baseUrl: env.devApiUrl, fetch };
};

/**
 * The API is unavailable for now (its database is away: it answers 503): the page says so with
 * the same status, rather than as an error of its own (500). Thrown as a route error response.
 */
const unavailableAsPage = (e: unknown): unknown =>
  e instanceof ApiClientError && e.status === 503 ? data(e.body, { status: 503 }) : e;

/** The API as loaders and actions see it, for one incoming request. */
export const getApi = (request: Request, context: AppLoadContext): WebApi => {
  const host = new URL(request.url).host;
  let alias: string | undefined;
  const client = createApiClient({
    routes: endpointRoutes,
    ...transport(context),
    headers: (ep) => (isContentEndpoint(ep) ? { [ORIGIN_HEADER]: host } : { [ORG_HEADER]: alias }),
  });
  const siteKey = context.site ? `club:${context.site.alias}` : `host:${host}`;
  const settings = () =>
    settingsCache.get(siteKey, () =>
      client.call('getSiteSettings', {}).catch((e: unknown) => {
        throw unavailableAsPage(e);
      }),
    );
  const call = (async (name: keyof typeof endpointRoutes, ...args: unknown[]) => {
    if (!isContentEndpoint(endpointRoutes[name])) alias ??= (await settings()).OrganizacjaAlias;
    return (client.call as (n: string, ...a: unknown[]) => Promise<unknown>)(name, ...args).catch(
      (e: unknown) => {
        throw unavailableAsPage(e);
      },
    );
  }) as ApiClient['call'];
  return { call, settings, siteKey, origin: siteOrigin(request, context) };
};

/** The hosting server hands each request a context object of its own: the key of its one `WebApi`. */
const perRequest = new WeakMap<AppLoadContext, WebApi>();

/**
 * This request's API, built on first use and shared by every loader of the request, so the
 * club's alias is looked up once per request rather than once per loader.
 */
export const requestApi = ({ request, context }: { request: Request; context: AppLoadContext }): WebApi => {
  let api = perRequest.get(context);
  if (!api) {
    api = getApi(request, context);
    perRequest.set(context, api);
  }
  return api;
};
