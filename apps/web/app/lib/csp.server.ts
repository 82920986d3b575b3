import { createHash } from 'node:crypto';

/**
 * The access token lives in localStorage (spec), so XSS is the threat that matters: scripts
 * only from this origin or inline scripts named by their hash; no plugins, no foreign frames of
 * us. Hashes rather than a nonce per response: a page is then the same bytes for everyone, so a
 * cached page is served as stored (docs/decisions/116). Styles stay inline-capable for style
 * attributes (banner colours); frames allow https maps.
 */
export const contentSecurityPolicy = (scriptHashes: readonly string[]): string =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');

/** A `<script>` element and its text; the renderer escapes `<` in attributes and text, and the scripts' own text never holds `</script`. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const TYPE = /(?:^|\s)type\s*=\s*["']?([^"'\s>]*)/i;
/** Whether the browser runs the script: no type, a JavaScript type or a module; JSON-LD and other data blocks it does not. */
const runs = (attributes: string): boolean => {
  const type = attributes.match(TYPE)?.[1]?.toLowerCase();
  return type === undefined || ['', 'module', 'text/javascript', 'application/javascript'].includes(type);
};

/**
 * The CSP sources (`sha256-…`) of the document's inline scripts, each once, in document order:
 * the hash of a script's text as UTF-8, which is what the browser hashes.
 */
export const inlineScriptHashes = (html: string): string[] => {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (/(?:^|\s)src\s*=/i.test(attributes) || !runs(attributes)) continue;
    hashes.add(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  }
  return [...hashes];
};
