/**
 * The access token lives in localStorage (spec), so XSS is the threat that matters: scripts
 * only from this origin or with the response's nonce; no plugins, no foreign frames of us.
 * Styles stay inline-capable for style attributes (banner colours); frames allow https maps.
 */
export const contentSecurityPolicy = (nonce: string): string =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
