import { createHash } from 'node:crypto';
import { formatGrosze } from '@club/contract';
import { escapeHtml } from '../../lib/escape-html.ts';

const CSS = `*{box-sizing:border-box}
body{margin:0;background:#f5f7fa;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:32rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.shop{margin:0 0 .25rem;font-size:.875rem;text-transform:uppercase;letter-spacing:.05em;color:#52606d}
h1{margin:0 0 1.5rem;font-size:1.5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#52606d}dd{margin:0;font-weight:600}
.amount{font-size:1.25rem}
.note{margin:0 0 1.5rem;padding:.75rem 1rem;background:#fff8e1;border-left:4px solid #b7791f;font-size:.9375rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
form{margin:0}
button,a.button{display:inline-block;padding:.75rem 1.25rem;border-radius:6px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.pay{background:#0b5394;color:#fff;border:2px solid #0b5394}
.cancel{background:#fff;color:#9b1c1c;border:2px solid #9b1c1c}
button:focus-visible,a:focus-visible{outline:3px solid #1f2933;outline-offset:3px}
a{color:#0b5394}`;

/** The page's only inline style is allowed by its hash; nothing else may load or run. */
const STYLE_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

export const demoPageCsp = (storefrontOrigin: string) =>
  [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    // The buttons post here and are then redirected to the storefront's thank-you page.
    `form-action 'self' ${storefrontOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const layout = (title: string, shopName: string, body: string) =>
  `<!doctype html><html lang="pl"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
  `<title>${escapeHtml(title)} – ${escapeHtml(shopName)}</title><style>${CSS}</style></head>` +
  `<body><main><p class="shop">${escapeHtml(shopName)}</p>${body}</main></body></html>`;

export const demoPaymentPage = (o: { shopName: string; number: string; total: number; token: string }) =>
  layout(
    'Płatność demonstracyjna',
    o.shopName,
    `<h1>Płatność demonstracyjna</h1>` +
      `<dl><dt>Zamówienie</dt><dd>${escapeHtml(o.number)}</dd>` +
      `<dt>Kwota do zapłaty</dt><dd class="amount">${escapeHtml(formatGrosze(o.total))}</dd></dl>` +
      `<p class="note"><strong>To jest płatność demonstracyjna.</strong> Sklep nie ma skonfigurowanej bramki PayU, ` +
      `więc żadne pieniądze nie zostaną pobrane. Wybierz, jak ma się zakończyć płatność.</p>` +
      `<div class="actions">` +
      `<form method="post" action="/platnosc-demo/${encodeURIComponent(o.token)}/approve"><button type="submit" class="pay">Zapłać (symulacja)</button></form>` +
      `<form method="post" action="/platnosc-demo/${encodeURIComponent(o.token)}/cancel"><button type="submit" class="cancel">Anuluj płatność</button></form>` +
      `</div>`,
  );

/** A payment that is over (paid or cancelled) or a link that names none. */
export const demoMessagePage = (o: { shopName: string; heading: string; text: string; link?: string }) =>
  layout(
    o.heading,
    o.shopName,
    `<h1>${escapeHtml(o.heading)}</h1><p>${escapeHtml(o.text)}</p>` +
      (o.link ? `<p><a href="${escapeHtml(o.link)}">Wróć do sklepu</a></p>` : ''),
  );
