import { STYLESHEET_SLOT } from './stylesheet-slot.ts';

const DOCTYPE = '<!DOCTYPE html>';

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
