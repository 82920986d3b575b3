import { type CallOutput, type Endpoint, type EndpointName, endpoints } from '@club/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: E extends { params: z.ZodType } ? Out<E['params']> : Record<string, never>;
  query: E extends { query: z.ZodType } ? Out<E['query']> : Record<string, never>;
  body: E extends { body: z.ZodType } ? Out<E['body']> : undefined;
};
export type EndpointHandler<N extends EndpointName> = (
  request: EndpointRequest<(typeof endpoints)[N]>,
  reply: FastifyReply,
) => Promise<CallOutput<(typeof endpoints)[N]>>;

export type RateLimit = { max: number; timeWindow: number };

/**
 * Registers one endpoint of the contract: method, path, validation and OpenAPI docs all come
 * from the contract's table, so the server cannot drift from what the web client calls.
 */
export const route = <N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: EndpointHandler<N>,
  opts: { rateLimit?: RateLimit; url?: string } = {},
) => {
  const ep: Endpoint = endpoints[name];
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
      ...(ep.response !== 'text' && { response: { 200: ep.response } }),
      ...(ep.auth && { security: [{ bearer: [] }] }),
    },
    config: opts.rateLimit ? { rateLimit: opts.rateLimit } : {},
    preHandler: ep.auth
      ? async (request) => {
          await request.requireUser();
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
