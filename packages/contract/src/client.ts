import type { z } from 'zod';
import type { ApiError } from './common.ts';
import type { EndpointRoute } from './endpoint-routes.ts';
import type { Endpoint, EndpointName, Endpoints } from './endpoints.ts';
import { msg } from './messages.ts';

type Zin<T> = T extends z.ZodType ? z.input<T> : never;
/** Path parameters travel as text; numbers are accepted for convenience. */
type Params<P> = { [K in keyof P]: P[K] extends string | undefined ? P[K] | number : P[K] };
// Not distributive ([E] extends [...]): while tsc infers an endpoint name it tries the union of all
// endpoints, and three distributive conditionals would multiply into a union too complex (TS2590).
export type CallInput<E extends Endpoint> = ([E] extends [{ params: z.ZodType }]
  ? { params: Params<Zin<E['params']>> }
  : { params?: never }) &
  ([E] extends [{ query: z.ZodType }] ? { query?: Zin<E['query']> } : { query?: never }) &
  ([E] extends [{ body: z.ZodType }] ? { body: Zin<E['body']> } : { body?: never });
export type CallOutput<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : string;

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.Message);
  }
}

/** A call as the client sends it: `fetch` takes it, and so does the server's in-process transport. */
export type ApiRequestInit = {
  method: string;
  headers: Record<string, string>;
  body?: string;
  credentials?: 'include' | 'omit' | 'same-origin';
};
/** What the client reads of an answer (a `fetch` Response has more). */
export type ApiTransportResponse = { ok: boolean; status: number; text(): Promise<string> };
export type ApiTransport = (url: string, init: ApiRequestInit) => Promise<ApiTransportResponse>;

export type ClientOptions = {
  baseUrl: string;
  /**
   * Method and path of the endpoints this client calls: `shopEndpointRoutes` in a shopper's
   * browser (the panel's 108 routes stay out of the storefront's pages), `endpointRoutes` elsewhere.
   */
  routes: Record<string, EndpointRoute>;
  /** Headers for a call (tenant alias, bearer ticket, XSRF token...). */
  headers?: (endpoint: EndpointRoute) => Record<string, string | undefined>;
  /** `fetch` unless given. */
  fetch?: ApiTransport;
};

export const buildPath = (path: string, params?: Record<string, unknown>): string =>
  path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params?.[k] ?? '')));

/** Typed HTTP client over the contract's endpoint table; the web talks to the API only through it. */
export const createApiClient = (options: ClientOptions) => {
  const doFetch: ApiTransport = options.fetch ?? fetch;
  async function call<N extends EndpointName>(
    name: N,
    // NoInfer: N comes from the name alone; inferring it from the input too would make tsc weigh
    // every endpoint's input types at once, a union too complex to represent.
    ...args: NoInfer<
      Endpoints[N] extends { params: z.ZodType } | { body: z.ZodType }
        ? [CallInput<Endpoints[N]>]
        : [CallInput<Endpoints[N]>?]
    >
  ): Promise<CallOutput<Endpoints[N]>> {
    // Widened first: destructuring the input or indexing the literal table by a generic name
    // makes tsc expand every endpoint's types into one union, too complex to represent.
    const ep = options.routes[name];
    if (!ep) throw new Error(`${name}: not an endpoint of this client`);
    const inp = ((args as unknown[])[0] ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
    };
    let url = options.baseUrl.replace(/\/$/, '') + buildPath(ep.path, inp.params);
    const q = Object.entries(inp.query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
    if (q.length)
      url += `?${new URLSearchParams(q.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
    const headers: Record<string, string> = { accept: 'application/json, text/plain' };
    for (const [k, v] of Object.entries(options.headers?.(ep) ?? {})) if (v) headers[k] = v;
    let body: string | undefined;
    if (inp.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(inp.body);
    } else if (ep.method === 'POST') {
      headers['content-type'] = 'application/json';
      body = '{}';
    }
    const res = await doFetch(url, { method: ep.method, headers, body, credentials: 'include' });
    const text = await res.text();
    if (!res.ok) {
      let err: ApiError = { Message: msg.genericError };
      try {
        const parsed = JSON.parse(text) as ApiError;
        if (parsed && typeof parsed.Message === 'string') err = parsed;
      } catch {}
      throw new ApiClientError(res.status, err);
    }
    // 204 No Content (logout) has no body to parse.
    if (res.status === 204) return undefined as CallOutput<Endpoints[N]>;
    return (ep.text ? text : JSON.parse(text)) as CallOutput<Endpoints[N]>;
  }
  return { call };
};
export type ApiClient = ReturnType<typeof createApiClient>;
