import { DeliverySchema, msg, type ShippingOption } from '@club/contract';
import { describe, expect, it } from 'vitest';
import {
  allowedPayment,
  codAvailable,
  deliveryMethodText,
  emptyDelivery,
  initialDelivery,
  isExpired,
  lineTotalZl,
  needsLockerNumber,
  orderTotalZl,
  paymentAfterShippingChange,
  paymentMethodsFor,
  safeRedirectTarget,
  shippingCostZl,
  toShippingChoice,
  toStoredDelivery,
} from './delivery.ts';

const dpd: ShippingOption = { Id: 1, Tresc: 'Kurier DPD', Meta: 1599, PlatnoscPrzyOdbiorze: true };
const locker: ShippingOption = { Id: 2, Tresc: 'Paczkomat InPost', Meta: 1399, PlatnoscPrzyOdbiorze: false };
const options = [dpd, locker];
const address = {
  Nazwa: 'Jan Kowalski',
  UlicaINumer: 'ul. Kibiców 12/3',
  KodPocztowy: '00-950',
  Miasto: 'Warszawa',
  Telefon: '600 700 800',
  Email: 'jan@example.pl',
};

describe('locker shipping', () => {
  it('is recognised by its text, in any case and with spaces around', () => {
    expect(needsLockerNumber(locker)).toBe(true);
    expect(needsLockerNumber({ Tresc: '  PACZKOMAT inpost ' })).toBe(true);
    expect(needsLockerNumber(dpd)).toBe(false);
    expect(needsLockerNumber(undefined)).toBe(false);
    expect(needsLockerNumber({ Tresc: 'Paczkomat InPost 24/7' })).toBe(false);
  });

  it('makes the locker number required in the contract schema', () => {
    const base = { ...address, SposobDostawy: toShippingChoice(locker), Platnosc: 10 };
    const r = DeliverySchema.safeParse(base);
    expect(r.success).toBe(false);
    expect(r.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['DodatkoweInformacjeDostawa'], message: msg.required }),
    );
    expect(DeliverySchema.safeParse({ ...base, DodatkoweInformacjeDostawa: 'WAW01M' }).success).toBe(true);
  });
});

describe('payment', () => {
  it('offers cash on delivery only with an option that allows it', () => {
    expect(codAvailable(dpd)).toBe(true);
    expect(codAvailable(locker)).toBe(false);
    expect(codAvailable(undefined)).toBe(false);
    expect(paymentMethodsFor(dpd)).toEqual([10, 20]);
    expect(paymentMethodsFor(locker)).toEqual([10]);
    expect(paymentMethodsFor(null)).toEqual([10]);
  });

  it('resets to PayU on a shipping change and keeps only allowed methods', () => {
    expect(paymentAfterShippingChange()).toBe(10);
    expect(allowedPayment(20, dpd)).toBe(20);
    expect(allowedPayment(20, locker)).toBe(10);
    expect(allowedPayment(undefined, dpd)).toBe(10);
    expect(allowedPayment(99, dpd)).toBe(10);
  });
});

describe('money', () => {
  it('prices shipping as Meta/100 and adds it to the cart cost in grosze', () => {
    expect(shippingCostZl(dpd)).toBe(15.99);
    expect(shippingCostZl(undefined)).toBe(0);
    expect(orderTotalZl({ Koszt: 289.99 }, dpd)).toBe(305.98);
    expect(orderTotalZl({ Koszt: 0.1 }, { Meta: 20 })).toBe(0.3);
    expect(orderTotalZl({ Koszt: 100 }, undefined)).toBe(100);
  });

  it('multiplies a line without float noise', () => {
    expect(lineTotalZl({ CenaJednBrutto: 289.99, Ilosc: 3 })).toBe(869.97);
    expect(lineTotalZl({ CenaJednBrutto: 0.1, Ilosc: 3 })).toBe(0.3);
  });
});

describe('expiry', () => {
  it('treats missing, non-numeric and past Expire as expired', () => {
    const now = 1_000_000;
    expect(isExpired(null, now)).toBe(true);
    expect(isExpired({}, now)).toBe(true);
    expect(isExpired({ Expire: '2000000' }, now)).toBe(true);
    expect(isExpired({ Expire: now }, now)).toBe(true);
    expect(isExpired({ Expire: now - 1 }, now)).toBe(true);
    expect(isExpired({ Expire: now + 1 }, now)).toBe(false);
  });
});

describe('pre-fill', () => {
  it('prefers the stored data, re-reading the option from the current list', () => {
    const stored = {
      ...address,
      Nazwa: 'Zapisany',
      SposobDostawy: { Id: 1, Tresc: 'Stara nazwa', Meta: 1 },
      Platnosc: 20 as const,
    };
    const v = initialDelivery(stored, { ...address, Nazwa: 'Z konta' }, options);
    expect(v.Nazwa).toBe('Zapisany');
    expect(v.SposobDostawy).toEqual({ Id: 1, Tresc: 'Kurier DPD', Meta: 1599 });
    expect(v.Platnosc).toBe(20);
  });

  it('drops a stored option the shop no longer offers and a payment it does not allow', () => {
    const gone = initialDelivery({ ...address, SposobDostawy: { Id: 99 }, Platnosc: 20 }, null, options);
    expect(gone.SposobDostawy).toBeUndefined();
    expect(gone.Platnosc).toBe(10);
    const lockerCod = initialDelivery(
      { ...address, SposobDostawy: { Id: 2 }, Platnosc: 20, DodatkoweInformacjeDostawa: 'WAW01M' },
      null,
      options,
    );
    expect(lockerCod.Platnosc).toBe(10);
    expect(lockerCod.DodatkoweInformacjeDostawa).toBe('WAW01M');
  });

  it('falls back to the account address, then to an empty form', () => {
    expect(initialDelivery(null, address, options)).toMatchObject({ ...address, Platnosc: 10 });
    expect(initialDelivery(null, null, options)).toEqual(emptyDelivery());
  });
});

describe('stored data', () => {
  it('keeps the locker number only with locker shipping and never stores Expire', () => {
    const withLocker = toStoredDelivery({
      ...address,
      SposobDostawy: toShippingChoice(locker),
      Platnosc: 10,
      DodatkoweInformacjeDostawa: ' WAW01M ',
      Expire: 5,
    });
    expect(withLocker.DodatkoweInformacjeDostawa).toBe('WAW01M');
    expect(withLocker).not.toHaveProperty('Expire');
    const courier = toStoredDelivery({
      ...address,
      SposobDostawy: toShippingChoice(dpd),
      Platnosc: 20,
      DodatkoweInformacjeDostawa: 'WAW01M',
    });
    expect(courier).not.toHaveProperty('DodatkoweInformacjeDostawa');
  });

  it('shows the extra delivery info in brackets', () => {
    expect(
      deliveryMethodText({ SposobDostawy: toShippingChoice(locker), DodatkoweInformacjeDostawa: 'WAW01M' }),
    ).toBe('Paczkomat InPost (WAW01M)');
    expect(
      deliveryMethodText({ SposobDostawy: toShippingChoice(dpd), DodatkoweInformacjeDostawa: ' ' }),
    ).toBe('Kurier DPD');
  });
});

describe('redirect after placing the order', () => {
  it('accepts site paths and http(s) pages only', () => {
    expect(safeRedirectTarget('/potwierdenie-platnosci')).toBe('/potwierdenie-platnosci');
    expect(safeRedirectTarget(' https://secure.payu.com/pay/?orderId=1 ')).toBe(
      'https://secure.payu.com/pay/?orderId=1',
    );
    expect(safeRedirectTarget('"/platnosc/demo/abc"')).toBe('/platnosc/demo/abc');
    expect(safeRedirectTarget('javascript:alert(1)')).toBeNull();
    expect(safeRedirectTarget('//evil.example')).toBeNull();
    expect(safeRedirectTarget('')).toBeNull();
    expect(safeRedirectTarget('not a url')).toBeNull();
  });
});
