import { describe, expect, it } from 'vitest';
import { amountInWords } from './words.ts';

describe('amountInWords', () => {
  it('writes złote in words with the right form and grosze as a fraction', () => {
    expect(amountInWords(0)).toBe('zero złotych 00/100');
    expect(amountInWords(5)).toBe('zero złotych 05/100');
    expect(amountInWords(100)).toBe('jeden złoty 00/100');
    expect(amountInWords(200)).toBe('dwa złote 00/100');
    expect(amountInWords(500)).toBe('pięć złotych 00/100');
    expect(amountInWords(1200)).toBe('dwanaście złotych 00/100');
    expect(amountInWords(2200)).toBe('dwadzieścia dwa złote 00/100');
    expect(amountInWords(11400)).toBe('sto czternaście złotych 00/100');
    expect(amountInWords(86595)).toBe('osiemset sześćdziesiąt pięć złotych 95/100');
    expect(amountInWords(100000)).toBe('tysiąc złotych 00/100');
    expect(amountInWords(123456)).toBe('tysiąc dwieście trzydzieści cztery złote 56/100');
    expect(amountInWords(2_000_000)).toBe('dwadzieścia tysięcy złotych 00/100');
    expect(amountInWords(22_300_001)).toBe('dwieście dwadzieścia trzy tysiące złotych 01/100');
    expect(amountInWords(500_000_000)).toBe('pięć milionów złotych 00/100');
    expect(amountInWords(100_100_100)).toBe('milion tysiąc jeden złotych 00/100');
    expect(amountInWords(1_215_000_000)).toBe('dwanaście milionów sto pięćdziesiąt tysięcy złotych 00/100');
  });

  it('refuses what is not a whole, non-negative number of grosze', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
