import {
  ApiClientError,
  type CallInput,
  type CallOutput,
  createApiClient,
  type EndpointName,
  type Endpoints,
  endpointRoutes,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@club/contract';

export const readCookie = (name: string): string | undefined => {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
};

/**
 * The API from the panel: the session is the API's HttpOnly cookie (sent with every same-origin
 * call), and each state-changing call echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN. Nothing is
 * kept in localStorage. The club is the one whose domain the panel is opened on (Host).
 */
const client = createApiClient({
  routes: endpointRoutes,
  baseUrl: '',
  headers: (ep) => (ep.method === 'GET' ? {} : { [XSRF_HEADER]: readCookie(XSRF_COOKIE) }),
});

/**
 * The contract client's `call`, typed by the endpoint's name alone: with the whole table's rest-
 * argument conditional, tsc expands every endpoint's input into one union ("too complex to
 * represent", TS2590) at each call site that passes an input.
 */
export const api = {
  call: <N extends EndpointName>(name: N, input?: NoInfer<CallInput<Endpoints[N]>>) =>
    (client.call as (name: EndpointName, input?: unknown) => Promise<unknown>)(name, input) as Promise<
      CallOutput<Endpoints[N]>
    >,
};

export const isUnauthorised = (e: unknown): boolean => e instanceof ApiClientError && e.status === 401;

/** The API's Polish { Message }, or a general one for anything else (network down...). */
export const errorMessage = (e: unknown, fallback: string): string =>
  e instanceof ApiClientError && e.body.Message ? e.body.Message : fallback;
