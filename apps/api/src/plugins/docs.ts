import { ApiErrorSchema, type EndpointName, endpoints, MenuItemSchema } from '@club/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

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

/** What each error status means; every error answer is the one `ApiError` schema, `{ Message }`. */
const ERROR_MEANINGS: Record<string, string> = {
  400: 'Błędne dane (w Fields komunikat dla każdego pola)',
  401: 'Brak zalogowania lub sesja wygasła',
  403: 'Brak uprawnień lub brak zgodnego tokenu X-XSRF-TOKEN',
  404: 'Nie znaleziono (także nieznany klub)',
  409: 'Konflikt ze stanem danych',
  410: 'Link wygasł',
  413: 'Za duże żądanie lub plik',
  415: 'Nieobsługiwany rodzaj pliku lub żądania',
  429: 'Za dużo żądań; spróbuj później',
  502: 'Usługa płatności nie odpowiedziała',
  503: 'Chwilowa przerwa (baza danych, przeciążenie); ponów po Retry-After',
};

/**
 * Schemas the document names as components: the error body every error answer shares, and the
 * recursive menu item (inline it has no end). A registry of the docs' own, not zod's global one:
 * the storefront's bundle loads the contract a second time into the same zod.
 */
const named = z.registry<{ id: string }>();
named.add(ApiErrorSchema, { id: 'ApiError' });
named.add(MenuItemSchema, { id: 'MenuItem' });
const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry: named });
const jsonSchemaTransformObject = createJsonSchemaTransformObject({ schemaRegistry: named });

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The contract's zod schemas as OpenAPI, plus what a reader needs: each error answer's meaning,
 * the success of endpoints that answer text or a file, and paths without the trailing slash some
 * of the spec's paths have (the router ignores it).
 */
const transform = (input: TransformInput) => {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as { operationId?: string; response?: Record<string, object> } | undefined;
  const responses = schema?.response;
  if (responses) {
    for (const status of Object.keys(responses)) {
      const meaning = ERROR_MEANINGS[status];
      if (meaning) responses[status] = { ...responses[status], description: meaning };
    }
    if (endpoints[schema.operationId as EndpointName]?.response === 'text') {
      responses[200] = { type: 'null', description: 'Tekst lub plik, nie JSON (patrz opis operacji)' };
    }
  }
  return { ...out, url: out.url.length > 1 ? out.url.replace(/\/$/, '') : out.url };
};

/** The named schemas as components; zod gives each an input and an output form: keep those referred to. */
const transformObject = (input: Parameters<typeof jsonSchemaTransformObject>[0]) => {
  const document = jsonSchemaTransformObject(input);
  // Only OpenAPI 3 is generated here ('openapi' above), which has components.
  const schemas: Record<string, unknown> = ('components' in document && document.components?.schemas) || {};
  const used = new Set<string>();
  let pending = [JSON.stringify({ ...document, components: {} })];
  while (pending.length) {
    const found = [...pending.join('').matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    pending = found.filter((name) => !used.has(name)).map((name) => JSON.stringify(schemas[name] ?? null));
    for (const name of found) used.add(name);
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
};

/**
 * OpenAPI generated from the contract's zod schemas, browsable at /api/docs, when `API_DOCS` is
 * on (outside production by default). Off, neither the page nor its JSON is served: nothing in
 * the shop reads them, and every club's domain would hand out a map of the panel's endpoints.
 */
const docsHooks = async (app: FastifyInstance) => {
  if (!app.config.apiDocs) return;
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      // Each club's own address serves its API.
      servers: [{ url: '/', description: 'Adres sklepu klubu' }],
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
    transform,
    // Named schemas (the error body, the recursive menu item) as components the paths refer to.
    transformObject,
    // Only the contract's endpoints (all tagged): not the pages' catch-all routes, health or media.
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });
};

export const docsPlugin = fp(docsHooks, { name: 'docs', dependencies: [] });
