import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas, browsable at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
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
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
