import { STYLESHEET_SLOT } from './stylesheet-slot.ts';

const DOCTYPE = '<!DOCTYPE html>';
const END = '</body></html>';

/**
 * The document with what the renderer wrote after `</html>` moved to the end of `<body>`, where
 * React DOM's streaming renderer puts it too: React Router's streamed loader data follows its
 * router, outside the layout, and nothing may follow `</html>`.
 */
export const closeDocument = (html: string): string => {
  const at = html.lastIndexOf(END);
  if (at < 0 || at + END.length === html.length) return html;
  return html.slice(0, at) + html.slice(at + END.length) + END;
};

/**
 * The rendered document as bytes, with the stylesheet where the layout left its slot. Only the
 * first slot counts: the `<style>` comes in `<head>`, before anything a club or a shopper wrote.
 * Bytes, not the string: a string body is first copied whole to make it well-formed UTF-16.
 */
export const documentBytes = (html: string, stylesheet: Buffer): Buffer<ArrayBuffer> => {
  const at = html.indexOf(STYLESHEET_SLOT);
  if (at < 0) return Buffer.from(DOCTYPE + html);
  // A new buffer, never shared memory: what a Response body may be.
  return Buffer.concat([
    Buffer.from(DOCTYPE + html.slice(0, at)),
    stylesheet,
    Buffer.from(html.slice(at + STYLESHEET_SLOT.length)),
  ]) as Buffer<ArrayBuffer>;
};
