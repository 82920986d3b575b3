import { renderToStringAsync } from 'preact-render-to-string';
import type { EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import appCssText from './app.css?inline';
import { contentSecurityPolicy, inlineScriptHashes } from './lib/csp.server.ts';
import { closeDocument, documentBytes } from './lib/document-bytes.server.ts';
import './render/fragment-cache.server.ts';
import './lib/preact-options.ts';
import './render/server-links.server.ts';

export const streamTimeout = 5_000;

/** The stylesheet every document carries inline (decision 69), encoded once. */
const STYLESHEET_BYTES = Buffer.from(appCssText);

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // The router's own 4xx (a POST without an action, a bad data URL) are the client's mistake; a
  // 503 is the API's database away for a moment, which the API has logged already.
  if (isRouteErrorResponse(error) && (error.status < 500 || error.status === 503)) return;
  console.error(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Preact renders the whole document at once: React Router's streamed loader data is written
  // as inline scripts in document order, where the browser runs them.
  const html = closeDocument(
    await renderToStringAsync(<ServerRouter context={routerContext} url={request.url} />),
  );
  // Vite's dev client injects scripts of its own; the policy applies to built pages.
  if (!import.meta.env.DEV)
    responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(html)));
  return new Response(documentBytes(html, STYLESHEET_BYTES), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
