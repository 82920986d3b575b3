import {
  ApiErrorSchema,
  type CallOutput,
  type Endpoint,
  type EndpointName,
  endpoints,
  msg,
} from '@club/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, HttpError } from './http-error.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: E extends { params: z.ZodType } ? Out<E['params']> : Record<string, never>;
  query: E extends { query: z.ZodType } ? Out<E['query']> : Record<string, never>;
  body: E extends { body: z.ZodType } ? Out<E['body']> : undefined;
};
export type EndpointHandler<N extends EndpointName> = (
  request: EndpointRequest<(typeof endpoints)[N]>,
  reply: FastifyReply,
  // A handler that answers by itself (204, a file) returns the reply, as Fastify asks of async handlers.
) => Promise<CallOutput<(typeof endpoints)[N]> | FastifyReply>;

export type RateLimit = { max: number; timeWindow: number };

/**
 * Where the first U+0000 sits in a parsed request part (values and keys), e.g. `Adres.Miasto`;
 * null if none. PostgreSQL refuses U+0000 in text, so it must never get past the route. Walks
 * with its own stack: a deeply nested body cannot overflow the call stack.
 */
export const findNul = (root: unknown): string | null => {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || '_';
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath.replaceAll('\u0000', '');
        stack.push([child, childPath]);
      }
    }
  }
  return null;
};

/** Refuses U+0000 anywhere in the path parameters, query or body, before validation and handler. */
const refuseNul = async (request: FastifyRequest) => {
  for (const part of [request.params, request.query, request.body]) {
    const field = findNul(part);
    if (field !== null) throw badRequest(msg.invalidCharacters, { [field]: msg.invalidCharacters });
  }
};

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
const accountLimiters = new WeakMap<FastifyInstance, Map<RateLimit, Limiter>>();
/** One counter per budget and account, shared by every route that names the same budget. */
const accountLimiter = (app: FastifyInstance, limit: RateLimit): Limiter => {
  let byLimit = accountLimiters.get(app);
  if (!byLimit) {
    byLimit = new Map();
    accountLimiters.set(app, byLimit);
  }
  let limiter = byLimit.get(limit);
  if (!limiter) {
    limiter = app.createRateLimit({
      ...limit,
      keyGenerator: async (request) => `account:${(await request.requireUser()).id}`,
    });
    byLimit.set(limit, limiter);
  }
  return limiter;
};

/**
 * The error answers an endpoint can give, all `{ Message }`: what its kind brings (input to
 * validate, a login, a state change with its anti-forgery token, a limit) and its own `errors`.
 * Every endpoint names a club (404 when unknown) and needs the database (503 while it is away).
 */
export const errorStatuses = (ep: Endpoint, limited: boolean): number[] => {
  const statuses = new Set<number>([404, 503, ...(ep.errors ?? [])]);
  if (ep.params || ep.query || ep.body) statuses.add(400);
  if (ep.auth || ep.panel) statuses.add(401);
  if (ep.panel || ep.method !== 'GET') statuses.add(403);
  if (ep.body) statuses.add(413);
  if (limited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
};

const errorResponses = (ep: Endpoint, limited: boolean) =>
  Object.fromEntries(errorStatuses(ep, limited).map((status) => [status, ApiErrorSchema]));

/**
 * Registers one endpoint of the contract: method, path, validation and OpenAPI docs all come
 * from the contract's table, so the server cannot drift from what the web client calls.
 */
export const route = <N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: EndpointHandler<N>,
  opts: {
    rateLimit?: RateLimit;
    /** A second budget per logged-in account (the first, `rateLimit`, counts per club and address). */
    accountRateLimit?: RateLimit;
    url?: string;
  } = {},
) => {
  const ep: Endpoint = endpoints[name];
  const accountLimit = opts.accountRateLimit && accountLimiter(app, opts.accountRateLimit);
  app.route({
    method: ep.method,
    url: opts.url ?? ep.path,
    schema: {
      operationId: opts.url ? `${name}_alt` : name,
      hide: Boolean(opts.url),
      tags: [ep.tag],
      summary: ep.summary,
      ...(ep.params && { params: ep.params }),
      ...(ep.query && { querystring: ep.query }),
      ...(ep.body && { body: ep.body }),
      response: {
        ...(ep.response !== 'text' && { 200: ep.response }),
        ...errorResponses(ep, Boolean(opts.rateLimit || opts.accountRateLimit)),
      },
      // Public endpoints say so: an empty list, not a missing one.
      security: ep.panel ? [{ panelCookie: [] }] : ep.auth ? [{ bearer: [] }] : [],
    },
    config: opts.rateLimit ? { rateLimit: opts.rateLimit } : {},
    preValidation: refuseNul,
    preHandler: ep.panel
      ? async (request) => {
          await (ep.panel === 'owner' ? request.panelOwner() : request.panelUser());
        }
      : ep.auth
        ? async (request) => {
            await request.requireUser();
            const counted = accountLimit && (await accountLimit(request));
            if (counted && !counted.isAllowed && counted.isExceeded) {
              throw new HttpError(429, msg.tooManyRequests);
            }
          }
        : undefined,
    handler: async (request, reply) => {
      const result = await handler(request as never, reply);
      // A handler may answer a text endpoint with something else (the logos send image bytes).
      if (ep.response === 'text' && !reply.hasHeader('content-type')) reply.type('text/plain; charset=utf-8');
      return result;
    },
  });
};
