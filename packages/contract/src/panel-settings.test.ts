import { describe, expect, it } from 'vitest';
import {
  formatPlIban,
  isHostName,
  isValidKrs,
  isValidNip,
  isValidPlIban,
  isValidRegon,
  nipText,
} from './common.ts';
import { msg } from './messages.ts';
import { PanelPayuInputSchema } from './panel-payments.ts';
import {
  PanelDomainCreateSchema,
  PanelSellerInputSchema,
  PanelSettingsUpdateSchema,
} from './panel-settings.ts';
import { PanelShippingCreateSchema } from './panel-shipping.ts';
import { isLockerOption } from './shop.ts';

describe('NIP', () => {
  it('accepts a valid NIP with or without dashes and spaces', () => {
    expect(isValidNip('1234563218')).toBe(true);
    expect(isValidNip('123-456-32-18')).toBe(true);
    expect(isValidNip('123 456 32 18')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length, letters and a checksum of 10', () => {
    expect(isValidNip('1234563217')).toBe(false);
    expect(isValidNip('123456321')).toBe(false);
    expect(isValidNip('12345632180')).toBe(false);
    expect(isValidNip('PL1234563218')).toBe(false);
    // 0000000000... weighted sum of 1,0,0,0,0,0,0,0,4 = 6+28 = 34 mod 11 = 1; a sum giving 10 never validates.
    expect(isValidNip('1000000041')).toBe(true);
    expect(isValidNip('1000000010')).toBe(false);
  });
  it('as a refinement: Polish message, empty allowed', () => {
    expect(nipText().safeParse('').success).toBe(true);
    const bad = nipText().safeParse('1234563217');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(msg.invalidNip);
  });
});

describe('REGON, KRS, bank account, host names', () => {
  it('checks REGON of 9 and 14 digits', () => {
    expect(isValidRegon('123456785')).toBe(true);
    expect(isValidRegon('123456786')).toBe(false);
    expect(isValidRegon('12345678512347')).toBe(true);
    expect(isValidRegon('12345678512348')).toBe(false);
    expect(isValidRegon('1234567')).toBe(false);
  });
  it('KRS is 10 digits', () => {
    expect(isValidKrs('0000123456')).toBe(true);
    expect(isValidKrs('123456')).toBe(false);
  });
  it('checks a Polish account by IBAN mod 97, with or without PL and spaces', () => {
    expect(isValidPlIban('PL61 1090 1014 0000 0712 1981 2874')).toBe(true);
    expect(isValidPlIban('61109010140000071219812874')).toBe(true);
    expect(isValidPlIban('PL61 1090 1014 0000 0712 1981 2875')).toBe(false);
    expect(isValidPlIban('DE89370400440532013000')).toBe(false);
    expect(formatPlIban('61109010140000071219812874')).toBe('PL61 1090 1014 0000 0712 1981 2874');
  });
  it('host names: labels, at least two, no port, scheme, IP or underscore', () => {
    for (const ok of ['sklep.klub.pl', 'rywal.localhost', 'xn--sok-3qa.pl', 'a-b.c1.example'])
      expect(isHostName(ok), ok).toBe(true);
    for (const bad of [
      'localhost',
      'sklep.klub.pl:3000',
      'http://a.pl',
      'a.pl/x',
      '10.0.0.1',
      '-a.pl',
      'a_b.pl',
      'a..pl',
    ])
      expect(isHostName(bad), bad).toBe(false);
    expect(PanelDomainCreateSchema.parse({ Host: ' Sklep.Klub.PL. ' })).toEqual({ Host: 'sklep.klub.pl' });
    // Polish letters become punycode, as DNS and the Host header carry them.
    expect(PanelDomainCreateSchema.parse({ Host: 'Sokół.pl' })).toEqual({ Host: 'xn--sok-ina90b.pl' });
    expect(PanelDomainCreateSchema.safeParse({ Host: 'sokół.pl:80' }).success).toBe(false);
    expect(
      PanelDomainCreateSchema.safeParse({ Host: 'https://sklep.klub.pl' }).error?.issues[0]?.message,
    ).toBe(msg.domainInvalid);
  });
});

describe('parcel-locker options', () => {
  it('are flagged in the panel or named Paczkomat InPost', () => {
    expect(isLockerOption({ Tresc: 'Automat paczkowy', Paczkomat: true })).toBe(true);
    expect(isLockerOption({ Tresc: ' paczkomat INPOST ' })).toBe(true);
    expect(isLockerOption({ Tresc: 'Kurier', Paczkomat: false })).toBe(false);
    expect(isLockerOption(undefined)).toBe(false);
  });
});

describe('panel settings schemas', () => {
  it('requires the required contact fields to be shown, when both are given', () => {
    const r = PanelSettingsUpdateSchema.safeParse({ Pola: [10], PolaWymagane: [40] });
    expect(r.error?.issues[0]).toMatchObject({
      path: ['PolaWymagane'],
      message: msg.settingsRequiredNotEnabled,
    });
    expect(PanelSettingsUpdateSchema.parse({ Pola: [40, 10, 10] }).Pola).toEqual([10, 40]);
    expect(PanelSettingsUpdateSchema.safeParse({ Pola: [30] }).error?.issues[0]?.message).toBe(
      msg.settingsContactFieldInvalid,
    );
  });
  it('a change leaves the fields it does not name absent (the title alone keeps the description)', () => {
    expect(PanelSettingsUpdateSchema.parse({ Title: 'Nowy tytuł' })).toEqual({ Title: 'Nowy tytuł' });
    expect(PanelSettingsUpdateSchema.parse({ Description: '' })).toEqual({ Description: '' });
    expect(PanelSettingsUpdateSchema.parse({})).toEqual({});
    expect(PanelSettingsUpdateSchema.safeParse({ Title: null }).success).toBe(false);
  });
  it('takes an https map address or none', () => {
    expect(PanelSettingsUpdateSchema.safeParse({ Mapa: '' }).success).toBe(true);
    for (const bad of ['http://maps.example.pl', 'javascript:alert(1)', 'https://u:p@maps.example.pl'])
      expect(PanelSettingsUpdateSchema.safeParse({ Mapa: bad }).error?.issues[0]?.message).toBe(
        msg.settingsUrlInvalid,
      );
  });
  it('seller data: NIP required, postcode 00-000, optional REGON/KRS/account checked when given', () => {
    const base = {
      Nazwa: 'MKS Sokół',
      UlicaINumer: 'Polna 1',
      KodPocztowy: '00-001',
      Miasto: 'Warszawa',
      NIP: '123-456-32-18',
      Email: 'biuro@sokol.pl',
    };
    expect(PanelSellerInputSchema.parse(base)).toMatchObject({
      REGON: '',
      KRS: '',
      NrKonta: '',
      Reklamacje: null,
    });
    const fields = (v: object) =>
      Object.fromEntries(
        (PanelSellerInputSchema.safeParse({ ...base, ...v }).error?.issues ?? []).map((i) => [
          i.path.join('.'),
          i.message,
        ]),
      );
    expect(fields({ NIP: '' })).toEqual({ NIP: msg.required });
    expect(fields({ KodPocztowy: '00001' })).toEqual({ KodPocztowy: msg.invalidPostcode });
    expect(fields({ REGON: '123456786', NrKonta: 'PL00 1090' })).toEqual({
      REGON: msg.invalidRegon,
      NrKonta: msg.invalidBankAccount,
    });
  });
  it('shipping price in zł with two decimals; PayU keys by pattern', () => {
    expect(
      PanelShippingCreateSchema.safeParse({ Tresc: 'Kurier', Cena: 9.999 }).error?.issues[0]?.message,
    ).toBe(msg.shippingPriceInvalid);
    expect(PanelShippingCreateSchema.parse({ Tresc: 'Kurier', Cena: 15.99 })).toMatchObject({
      PlatnoscPrzyOdbiorze: false,
      Aktywna: true,
    });
    const payu = { PosId: '300746', ClientId: '300746', Sandbox: true };
    expect(PanelPayuInputSchema.parse({ ...payu, ClientSecret: '' }).ClientSecret).toBeUndefined();
    expect(PanelPayuInputSchema.safeParse({ ...payu, ClientSecret: 'a b' }).error?.issues[0]?.message).toBe(
      msg.payuKeyInvalid,
    );
    expect(PanelPayuInputSchema.safeParse({ ...payu, PosId: 'abc' }).error?.issues[0]?.message).toBe(
      msg.payuPosIdInvalid,
    );
  });
});
