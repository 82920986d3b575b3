import type { ApiTransport } from '@club/contract';

/**
 * What the hosting server hands to loaders. The Fastify mount (apps/api/src/web.ts) passes
 * `apiFetch`, an in-process transport into the same API instance (it takes the path alone), so
 * SSR pays no loopback socket.
 * Without it (e.g. `react-router dev`) loaders use real HTTP, see env.server.ts.
 */
declare module 'react-router' {
  interface AppLoadContext {
    apiFetch?: ApiTransport;
    /**
     * The club this request is for, as the hosting server resolved it from the Host: its alias
     * (a cache key that junk Host values cannot multiply) and its storefront address.
     */
    site?: { alias: string; url: string };
  }
}
