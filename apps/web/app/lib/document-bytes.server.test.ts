import { describe, expect, it } from 'vitest';
import { closeDocument, documentBytes } from './document-bytes.server.ts';
import { STYLESHEET_SLOT } from './stylesheet-slot.ts';

const CSS = Buffer.from('a{color:#0b5d3b}');

describe('documentBytes', () => {
  it('puts the stylesheet in its slot and encodes the rest as UTF-8', () => {
    const html = `<html lang="pl"><head><style>${STYLESHEET_SLOT}</style></head><body>Żółta koszulka</body></html>`;
    expect(documentBytes(html, CSS).toString('utf8')).toBe(
      '<!DOCTYPE html><html lang="pl"><head><style>a{color:#0b5d3b}</style></head><body>Żółta koszulka</body></html>',
    );
  });

  it('fills only the first slot: what follows the head is left as it was written', () => {
    const html = `<head><style>${STYLESHEET_SLOT}</style></head><p>${STYLESHEET_SLOT}</p>`;
    expect(documentBytes(html, CSS).toString('utf8')).toBe(
      `<!DOCTYPE html><head><style>a{color:#0b5d3b}</style></head><p>${STYLESHEET_SLOT}</p>`,
    );
  });

  it('leaves a document without the slot as it is', () => {
    expect(documentBytes('<html><body>Błąd</body></html>', CSS).toString('utf8')).toBe(
      '<!DOCTYPE html><html><body>Błąd</body></html>',
    );
  });
});

describe('closeDocument', () => {
  it('moves what follows </html> to the end of <body>, as React DOM does', () => {
    expect(closeDocument('<html><body><p>a</p></body></html><!--$s--><script>b()</script><!--/$s-->')).toBe(
      '<html><body><p>a</p><!--$s--><script>b()</script><!--/$s--></body></html>',
    );
    expect(closeDocument('<html><body><p>a</p></body></html>')).toBe('<html><body><p>a</p></body></html>');
    expect(closeDocument('<p>no document</p>')).toBe('<p>no document</p>');
  });
});
