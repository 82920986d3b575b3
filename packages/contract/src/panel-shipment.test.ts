import { describe, expect, it } from 'vitest';
import { CARRIER_IDS, CARRIERS, PanelOrderShipmentSchema, trackingUrl } from './panel-shipment.ts';

describe('tracking links', () => {
  it('fills every carrier’s template with the encoded number; none for “inny”', () => {
    expect(trackingUrl('dpd', '0000123456789A')).toBe(
      'https://tracktrace.dpd.com.pl/parcelDetails?typ=1&p1=0000123456789A',
    );
    expect(trackingUrl('pocztapolska', 'RR123456789PL')).toBe(
      'https://emonitoring.poczta-polska.pl/?numer=RR123456789PL',
    );
    expect(trackingUrl('inny', 'X12345')).toBeNull();
    expect(trackingUrl('nieznany', 'X12345')).toBeNull();
    expect(trackingUrl('ups', 'a&b=c')).toBe('https://www.ups.com/track?loc=pl_PL&tracknum=a%26b%3Dc');
    for (const id of CARRIER_IDS) {
      const url = trackingUrl(id, 'ABC123456');
      if (CARRIERS[id].url) expect(url).toMatch(/^https:\/\/[^{}]+ABC123456/);
    }
    expect(CARRIER_IDS.map((c) => CARRIERS[c].name)).toEqual([
      'InPost',
      'DPD',
      'DHL',
      'Poczta Polska',
      'GLS',
      'Orlen Paczka',
      'UPS',
      'FedEx',
      'inny',
    ]);
  });

  it('takes a number typed with spaces, refuses other characters and lengths', () => {
    expect(PanelOrderShipmentSchema.parse({ Przewoznik: 'gls', NumerPrzesylki: ' rr 1234 5678 ' })).toEqual({
      Przewoznik: 'gls',
      NumerPrzesylki: 'RR12345678',
    });
    for (const n of ['12345', 'A'.repeat(41), 'ABC-12345-', 'ABC_123456', 'ABC12345"', ''])
      expect(PanelOrderShipmentSchema.safeParse({ Przewoznik: 'gls', NumerPrzesylki: n }).success).toBe(
        false,
      );
    expect(
      PanelOrderShipmentSchema.safeParse({ Przewoznik: 'poczta', NumerPrzesylki: 'ABC123456' }).success,
    ).toBe(false);
  });
});
