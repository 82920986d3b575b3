import { LRUCache } from 'lru-cache';
import sanitize from 'sanitize-html';

const REL_TOKENS = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored']);
const DIMENSION_RE = /^\d{1,4}%?$/;

/**
 * Allow-list for CMS pages and product descriptions. The storefront injects this HTML as is
 * (and keeps the access token in localStorage), so anything able to run script, load from
 * odd schemes or restyle the page is dropped rather than escaped.
 */
const options: sanitize.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'b',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'blockquote',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'div',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // `//host/x` leaves the shop's origin like an absolute URL; the CMS has no reason to use it.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const rel = new Set(
        (attribs.rel ?? '')
          .toLowerCase()
          .split(/\s+/)
          .filter((t) => REL_TOKENS.has(t)),
      );
      // A new window must not get `window.opener` back to the shop (reverse tabnabbing).
      if (attribs.target === '_blank') {
        rel.add('noopener');
        rel.add('noreferrer');
      }
      const { rel: _rel, target, ...rest } = attribs;
      // Named frames and `_parent`/`_top` have no use in shop content.
      if (target === '_blank' || target === '_self') rest.target = target;
      return { tagName, attribs: rel.size ? { ...rest, rel: [...rel].join(' ') } : rest };
    },
    img: (tagName, attribs) => {
      const out = { ...attribs };
      for (const dim of ['width', 'height'] as const) {
        if (out[dim] !== undefined && !DIMENSION_RE.test(out[dim].trim())) delete out[dim];
      }
      return { tagName, attribs: out };
    },
  },
  // An <img> whose src was refused is useless; drop it instead of leaving a broken image.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

// Sanitising is a pure function of its input and costs a full HTML parse, so hot reads
// (product pages) reuse earlier results; keyed by the HTML itself, nothing goes stale. Bounded
// by the characters held (input and output), and idle entries go after a while.
const MEMO_MAX_CHARS = 8 * 1024 * 1024;
const MEMO_MAX_INPUT = 64 * 1024;
const memo = new LRUCache<string, string>({
  max: 2_000,
  maxSize: MEMO_MAX_CHARS,
  sizeCalculation: (out, input) => input.length + out.length + 1,
  ttl: 30 * 60_000,
  updateAgeOnGet: true,
});

/** How much the memo holds now (for tests). */
export const sanitizeMemoSize = () => ({ entries: memo.size, chars: memo.calculatedSize });

export const sanitizeHtml = (html: string): string => {
  const input = html ?? '';
  const hit = memo.get(input);
  if (hit !== undefined) return hit;
  const out = sanitize(input, options);
  if (input.length <= MEMO_MAX_INPUT) memo.set(input, out);
  return out;
};
