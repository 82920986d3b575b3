import { describe, expect, it } from 'vitest';
import { exchangeSentMail, withdrawalReceivedMail } from './mail.ts';

describe('size exchange e-mails', () => {
  it('the acknowledgement names the size asked for and what happens if it sells out', () => {
    const m = withdrawalReceivedMail({
      to: 'kibic@example.pl',
      shopName: 'MKS',
      number: 'ZS/2026/000001',
      receivedAt: new Date('2026-11-29T10:00:00Z'),
      lines: [
        { name: 'Koszulka', parameter: 'M', quantity: 1, exchangeTo: 'L' },
        { name: 'Szalik', parameter: null, quantity: 1 },
      ],
      reason: '',
    });
    expect(m.text).toContain('Koszulka - M (wymiana na rozmiar L)');
    expect(m.text).not.toContain('Szalik (wymiana');
    expect(m.text).toContain('Jeśli rozmiar zostanie w tym czasie wyprzedany, zwrócimy pieniądze.');
    const plain = withdrawalReceivedMail({
      to: 'kibic@example.pl',
      shopName: 'MKS',
      number: 'ZS/2026/000001',
      receivedAt: new Date(),
      lines: [{ name: 'Szalik', parameter: null, quantity: 1 }],
      reason: '',
    });
    expect(plain.text).not.toContain('wymian');
  });

  it('the exchange e-mail names both orders, the sizes, and nothing to pay', () => {
    const m = exchangeSentMail({
      to: 'kibic@example.pl',
      shopName: 'MKS',
      number: 'ZS/2026/000001',
      newNumber: 'ZS/2026/000009',
      lines: [{ name: 'Koszulka', from: 'M', to: 'L', quantity: 1 }],
    });
    expect(m.subject).toBe('Wymiana rozmiaru wysłana – zamówienie ZS/2026/000009');
    expect(m.text).toContain('zwrot z zamówienia ZS/2026/000001');
    expect(m.text).toContain('M → L');
    expect(m.text).toContain('Do zapłaty: 0,00 zł');
    expect(m.html).toContain('ZS/2026/000009');
  });
});
