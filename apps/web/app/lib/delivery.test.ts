import { DeliverySchema, msg, type ShippingOption } from '@club/contract';
import { describe, expect, it } from 'vitest';
import {
  allowedPayment,
  buysGiftCards,
  cartDelivery,
  chargedShippingGrosze,
  cheapestDelivery,
  codAvailable,
  deliveryMethodText,
  emptyDelivery,
  freeShippingFrom,
  freeShippingReached,
  guestCheckoutAllowed,
  initialDelivery,
  isExpired,
  lineTotalZl,
  needsLockerNumber,
  orderTotalZl,
  orderValueZl,
  paymentAfterShippingChange,
  paymentMethodsFor,
  safeRedirectTarget,
  shippingCostZl,
  toPayAfterCardZl,
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

  it('or by the flag the panel sets, which the chosen option carries (panel: shipping, T2)', () => {
    const orlen = {
      Id: 9,
      Tresc: 'Automat paczkowy Orlen',
      Meta: 999,
      PlatnoscPrzyOdbiorze: false,
      Paczkomat: true,
    };
    expect(toShippingChoice(orlen)).toEqual({
      Id: 9,
      Tresc: 'Automat paczkowy Orlen',
      Meta: 999,
      Paczkomat: true,
    });
    expect(needsLockerNumber(toShippingChoice(orlen))).toBe(true);
    expect(needsLockerNumber(toShippingChoice({ ...orlen, Paczkomat: false }))).toBe(false);
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

describe('a logged-in customer starts filled in', () => {
  const person = { Imie: 'Ola', Nazwisko: 'Nowa', Email: 'ola@example.pl' };
  it('without a saved address: the account name and e-mail', () => {
    const v = initialDelivery(null, null, options, person);
    expect(v).toMatchObject({ Nazwa: 'Ola Nowa', Email: 'ola@example.pl', UlicaINumer: '' });
  });
  it('the saved address wins; the account fills only its empty name and e-mail', () => {
    expect(initialDelivery(null, address, options, person)).toMatchObject(address);
    const partial = initialDelivery(null, { ...address, Nazwa: '', Email: '' }, options, person);
    expect(partial).toMatchObject({ Nazwa: 'Ola Nowa', Email: 'ola@example.pl', Miasto: 'Warszawa' });
  });
  it('a guest starts empty; stored delivery data keeps its invoice', () => {
    expect(initialDelivery(null, null, options)).toEqual(emptyDelivery());
    const invoice = { Nazwa: 'Kibice sp. z o.o.', NIP: '1234563218' };
    expect(
      initialDelivery({ ...address, SposobDostawy: { Id: 1 }, Faktura: invoice }, null, options).Faktura,
    ).toEqual(invoice);
  });
});

describe('guest checkout option', () => {
  const opt = (Wartosc: string) => [{ Klucz: 'zakupy-bez-logowania', Wartosc, Typ: 20 }];
  it("is on only for '1'", () => {
    expect(guestCheckoutAllowed(opt('1'))).toBe(true);
    expect(guestCheckoutAllowed(opt(' 1 '))).toBe(true);
    expect(guestCheckoutAllowed(opt('0'))).toBe(false);
    expect(guestCheckoutAllowed([])).toBe(false);
  });
});

describe('free shipping', () => {
  const threshold = (Wartosc: string) => [
    { Klucz: 'zakupy-bez-logowania', Wartosc: '1', Typ: 20 },
    { Klucz: 'darmowa-dostawa-od', Wartosc, Typ: 10 },
  ];

  it('reads the threshold in grosze from the site options; none or garbage is no threshold', () => {
    expect(freeShippingFrom(threshold('70000'))).toBe(70_000);
    expect(freeShippingFrom(threshold(''))).toBeNull();
    expect(freeShippingFrom(threshold('700,00'))).toBeNull();
    expect(freeShippingFrom([])).toBeNull();
  });

  it('charges 0 from the threshold on (goods value, gross, inclusive), the price below it', () => {
    expect(freeShippingReached({ Koszt: 699.99 }, 70_000)).toBe(false);
    expect(freeShippingReached({ Koszt: 700 }, 70_000)).toBe(true);
    expect(freeShippingReached({ Koszt: 5000 }, null)).toBe(false);
    expect(chargedShippingGrosze(dpd, { Koszt: 699.99 }, 70_000)).toBe(1599);
    expect(chargedShippingGrosze(dpd, { Koszt: 700 }, 70_000)).toBe(0);
    expect(chargedShippingGrosze(undefined, { Koszt: 10 }, 70_000)).toBe(0);
    expect(shippingCostZl(dpd, { Koszt: 749.95 }, 70_000)).toBe(0);
    expect(shippingCostZl(dpd, { Koszt: 599.96 }, 70_000)).toBe(15.99);
    expect(orderTotalZl({ Koszt: 749.95 }, dpd, 70_000)).toBe(749.95);
    expect(orderTotalZl({ Koszt: 599.96 }, dpd, 70_000)).toBe(615.95);
    // 0.1 + 0.2 in grosze: 30 grosze, not 0.30000000000000004 zł.
    expect(freeShippingReached({ Koszt: 0.1 + 0.2 }, 30)).toBe(true);
  });

  it('counts the goods after their discounts, the threshold before them; the server decides a priced delivery', () => {
    // 10 % off 700 zł: 630 zł of goods, shipping still free (the threshold is on the price before).
    const discounted = { Koszt: 700, KosztPoRabatach: 630 };
    expect(orderTotalZl(discounted, dpd, 70_000)).toBe(630);
    expect(orderTotalZl(discounted, dpd, null)).toBe(645.99);
    // The cart priced with this delivery (a free-shipping code): its figures win…
    const priced = {
      ...discounted,
      Dostawa: { Id: 7, Cena: 15.99, Koszt: 0, Promocja: 'DOSTAWA0' },
      DoZaplaty: 630,
    };
    expect(orderTotalZl(priced, { ...dpd, Id: 7 }, null)).toBe(630);
    expect(shippingCostZl({ ...dpd, Id: 7 }, priced, null)).toBe(0);
    // …but only for the delivery it was priced with.
    expect(orderTotalZl(priced, { ...dpd, Id: 8 }, null)).toBe(645.99);
    expect(shippingCostZl({ ...dpd, Id: 8 }, priced, null)).toBe(15.99);
  });

  it("'Dostawa od' is the cheapest paid option; free pickup is not a delivery price; none: null", () => {
    const pickup = { Meta: 0 };
    expect(cheapestDelivery([dpd, locker, pickup, { Meta: 1299 }])).toBe(1299);
    expect(cheapestDelivery([pickup])).toBe(0);
    expect(cheapestDelivery([])).toBeNull();
  });

  it('tells the cart: the price from, what is missing to free delivery, or free', () => {
    expect(cartDelivery({ Koszt: 120 }, 1299, null)).toEqual({ kind: 'from', from: 1299 });
    expect(cartDelivery({ Koszt: 599.96 }, 1299, 70_000)).toEqual({
      kind: 'missing',
      from: 1299,
      missing: 10_004,
      threshold: 70_000,
    });
    expect(cartDelivery({ Koszt: 700 }, 1299, 70_000)).toEqual({ kind: 'free', threshold: 70_000 });
    // Every option free: free delivery, threshold or not.
    expect(cartDelivery({ Koszt: 10 }, 0, null)).toEqual({ kind: 'free', threshold: null });
    expect(cartDelivery({ Koszt: 10 }, null, null)).toEqual({ kind: 'from', from: null });
  });

  it('a promotion the server names makes every option free, below the threshold too', () => {
    const cart = { Koszt: 120, DarmowaDostawa: 'Dostawa gratis z kodem' };
    expect(chargedShippingGrosze({ Meta: 1599 }, cart, 70_000)).toBe(0);
    expect(cartDelivery(cart, 1299, 70_000)).toEqual({
      kind: 'free',
      threshold: null,
      by: 'Dostawa gratis z kodem',
    });
    // The threshold reached says so by its own rule.
    expect(cartDelivery({ ...cart, Koszt: 700 }, 1299, 70_000)).toEqual({ kind: 'free', threshold: 70_000 });
  });
});

describe('gift cards (decision 154)', () => {
  const card = { Koncowka: 'PQRS', Saldo: 100, WaznaDo: '2027-11-29T12:00:00Z', Kwota: 80, Komunikat: null };
  const goods = { Wyrob: { Id: 1 }, KartaPodarunkowa: undefined };
  const giftLine = { Wyrob: { Id: 2 }, KartaPodarunkowa: true as const };

  it('never offers cash on delivery for a cart that buys a gift card', () => {
    expect(buysGiftCards({ Pozycje: [goods, giftLine] } as never)).toBe(true);
    expect(buysGiftCards({ Pozycje: [goods] } as never)).toBe(false);
    expect(buysGiftCards(null)).toBe(false);
    expect(paymentMethodsFor(dpd, true)).toEqual([10]);
    expect(allowedPayment(20, dpd, true)).toBe(10);
    const stored = { ...address, SposobDostawy: { Id: dpd.Id }, Platnosc: 20 as const };
    expect(initialDelivery(stored, null, options, null, true).Platnosc).toBe(10);
    expect(initialDelivery(stored, null, options).Platnosc).toBe(20);
  });

  it("shows the order's value before the card and the server's rest after it", () => {
    const priced = {
      Koszt: 100,
      KosztPoRabatach: 90,
      Dostawa: { Id: dpd.Id, Cena: 15.99, Koszt: 15.99, Promocja: null },
      DoZaplaty: 25.99,
      KartaPodarunkowa: card,
    };
    expect(orderValueZl(priced, dpd)).toBe(105.99);
    expect(toPayAfterCardZl(priced, dpd)).toBe(25.99);
    expect(toPayAfterCardZl({ ...priced, DoZaplaty: 0 }, dpd)).toBe(0);
    // Another delivery than the one priced, or no card: nothing the browser may claim.
    expect(toPayAfterCardZl(priced, locker)).toBeNull();
    expect(toPayAfterCardZl({ ...priced, KartaPodarunkowa: undefined }, dpd)).toBeNull();
  });
});
