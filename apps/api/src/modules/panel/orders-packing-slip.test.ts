import type { PanelOrderDetail } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { packingSlipHtml } from './orders-packing-slip.ts';

const line = (over: Partial<PanelOrderDetail['Pozycje'][number]>): PanelOrderDetail['Pozycje'][number] => ({
  Id: 1,
  IdWyrob: 1,
  Nazwa: 'Koszulka na 100-lecie',
  Parametr: null,
  Ilosc: 2,
  Cena: 379,
  Wartosc: 758,
  Rozmiary: [],
  ...over,
});

const order = (lines: PanelOrderDetail['Pozycje']) =>
  ({
    Numer: 'ZS/2026/000001',
    Data: '2026-11-29T06:00:00.000Z',
    StatusNazwa: 'Nowe',
    Adres: {
      Nazwa: 'Jan',
      UlicaINumer: 'Polna 1',
      KodPocztowy: '00-001',
      Miasto: 'Warszawa',
      Telefon: '1',
      Email: 'a@b.pl',
    },
    Dostawa: { Nazwa: 'Kurier', Koszt: 0, DodatkoweInformacje: null },
    Platnosc: { Metoda: 10, MetodaNazwa: 'PayU' },
    Kwota: 758,
    Pozycje: lines,
  }) as unknown as PanelOrderDetail;

describe('the packing slip', () => {
  it('names the numbered pieces to pack, and nothing for a line without numbers', () => {
    const html = packingSlipHtml(
      'Sklep',
      order([line({ NumeryEdycji: { Od: 5, Do: 6 } }), line({ Id: 2, Nazwa: 'Kubek' })]),
    );
    expect(html).toContain('Koszulka na 100-lecie<br><strong>egzemplarze nr 5–6</strong>');
    expect(html).toContain('<td>Kubek</td>');
  });
});
