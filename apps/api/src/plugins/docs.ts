import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * What Swagger UI's page may load: its own scripts and styles (none inline), its logo as a data
 * URL, calls to this API only; no frames, plugins, forms or base elsewhere.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "base-uri 'none'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
].join('; ');

/**
 * OpenAPI generated from the contract's zod schemas, browsable at /api/docs, when `API_DOCS` is
 * on (outside production by default). Off, neither the page nor its JSON is served: nothing in
 * the shop reads them, and every club's domain would hand out a map of the panel's endpoints.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Sklep klubowy API',
        version: '1.0.0',
        description: 'API sklepu internetowego klubu sportowego.',
      },
      tags: [
        { name: 'konto', description: 'Konto klienta (andromeda/kontopanel)' },
        { name: 'sklep', description: 'Sklep (centauri/sklepyonline)' },
        { name: 'cms', description: 'Treści (cms)' },
      ],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Ticket z logowania' },
          panelCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'panel_session',
            description: 'Sesja panelu kierownika',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });
});
