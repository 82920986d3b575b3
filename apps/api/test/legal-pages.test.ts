import { ContentPageSchema } from '@club/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelLogin } from './fixtures/panel.ts';
import { setSeller } from './fixtures/seller.ts';
import { createTestApp, type TestApp } from './harness.ts';

const C = '/api/cms';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const page = async (slug: string, org = 'demo') => {
  const res = await t.fetch(`${C}/paneletrescifrontend/get/${slug}/20`, { org });
  expect(res.status, slug).toBe(200);
  return ContentPageSchema.parse(await res.json());
};

describe('the demo club’s legal pages', () => {
  it('the regulamin has a withdrawal section naming the seller, the 14 days and the ticket exception', async () => {
    const p = await page('regulamin');
    expect(p.Tresc).toContain('<h2>§5 Prawo odstąpienia od umowy</h2>');
    for (const text of [
      'MKS Sokół Demo sp. z o.o., ul. Stadionowa 1, 00-001 Warszawa, NIP 1234563218',
      'w terminie 14 dni bez podania przyczyny',
      'wzoru formularza odstąpienia od umowy',
      'art. 38 ust. 1 pkt 12',
      'Zamawiam i płacę',
      'najniższą cenę produktu z 30 dni przed obniżką',
      '<a href="/polityka-prywatnosci">',
    ]) {
      expect(p.Tresc).toContain(text);
    }
  });

  it('the privacy policy names PayU and InPost as recipients', async () => {
    const p = await page('polityka-prywatnosci');
    expect(p.Tresc).toContain('<h2>Odbiorcy danych</h2>');
    expect(p.Tresc).toContain('PayU S.A.');
    expect(p.Tresc).toContain('InPost sp. z o.o.');
    expect(p.Tresc).toContain('Prezesa Urzędu Ochrony Danych Osobowych');
  });

  it('the accessibility statement exists for every club', async () => {
    const p = await page('deklaracja-dostepnosci');
    expect(p.Tytul).toBe('Deklaracja dostępności');
    expect(p.Tresc).toContain('WCAG 2.1');
    expect(p.MetaDescription).toContain('WCAG 2.1 AA');
    // A club without legal data gets its own name, never another club's.
    const rival = await page('deklaracja-dostepnosci', 'rywal');
    expect(rival.Tresc).toContain('FC Rywal');
    expect(rival.Tresc).not.toContain('Sokół');
    expect((await page('regulamin', 'rywal')).Tresc).not.toContain('1234563218');
  });
});

describe("the seller's data in one place", () => {
  it('what the owner saves as the seller reaches the terms, the contact page and the footer at once, escaped', async () => {
    const owner = await panelLogin(t, { org: 'rywal' });
    const before = await page('regulamin', 'rywal');
    // Without seller data the club's name stands in, with no stray commas.
    expect(before.Tresc).toContain('Sklep internetowy prowadzi FC Rywal (dalej: Sprzedawca)');
    const res = await owner.fetch('/api/panel/settings/seller', {
      method: 'PUT',
      json: {
        Nazwa: 'FC Rywal <b>S.A.</b>',
        UlicaINumer: 'ul. Boczna 7',
        KodPocztowy: '30-001',
        Miasto: 'Kraków',
        NIP: '5260250995',
        REGON: '',
        KRS: '',
        Email: 'sklep@fc-rywal.pl',
        Telefon: '12 345 67 89',
        NrKonta: '',
        Reklamacje: null,
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    try {
      const seller = 'FC Rywal &lt;b&gt;S.A.&lt;/b&gt;, ul. Boczna 7, 30-001 Kraków, NIP 5260250995';
      expect((await page('regulamin', 'rywal')).Tresc).toContain(`prowadzi ${seller} (dalej: Sprzedawca)`);
      expect((await page('regulamin', 'rywal')).Tresc).toContain('href="mailto:sklep@fc-rywal.pl"');
      expect((await page('tekst-stopka', 'rywal')).Tresc).toContain(`Sprzedawca: ${seller}.`);
      expect((await page('kontakt-dane', 'rywal')).Tresc).toContain('FC Rywal &lt;b&gt;S.A.&lt;/b&gt;');
      expect((await page('regulamin', 'rywal')).Tresc).not.toContain('{{');
    } finally {
      await setSeller(t, 'rywal', null);
    }
  });
});
