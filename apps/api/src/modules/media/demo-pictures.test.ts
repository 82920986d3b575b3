import { describe, expect, it } from 'vitest';
import { kindDrawing, productKind } from './demo-pictures.ts';

describe('demo product pictures', () => {
  it('tells the kind of product from its Polish name', () => {
    expect(productKind('Szalik zimowy dziany')).toBe('scarf');
    expect(productKind('Kubek z herbem')).toBe('mug');
    expect(productKind('Bilet: mecz ligowy – trybuna główna')).toBe('ticket');
    expect(productKind('Karnet rundy wiosennej')).toBe('ticket');
    expect(productKind('Karta podarunkowa 1 299,99 zł')).toBe('card');
    expect(productKind('Flaga klubowa 150x90')).toBe('flag');
    expect(productKind('Piłka meczowa replika')).toBe('ball');
    expect(productKind('Koszulka meczowa 2025/26 (wyprzedaż)')).toBe('shirt');
    expect(productKind('Bluza z kapturem')).toBe('shirt');
    expect(productKind('Coś zupełnie innego')).toBe('crest');
  });

  it('draws each kind differently, in the colours given', () => {
    const kinds = ['shirt', 'scarf', 'mug', 'ball', 'flag', 'ticket'] as const;
    const drawings = kinds.map((k) => kindDrawing(k, '#0b6b3a', '#f5c518'));
    expect(new Set(drawings).size).toBe(kinds.length);
    for (const d of drawings) expect(d).toMatch(/#0b6b3a|#f5c518/);
  });
});
