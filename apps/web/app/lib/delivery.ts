import {
  type Address,
  type Cart,
  type CartLine,
  type DeliveryData,
  isLockerShipping,
  PaymentMethod,
  type PaymentMethodCode,
  type ShippingOption,
} from '@club/contract';

/**
 * Pure rules of the checkout (spec 4 'Checkout', 'Locker shipping'; section 9 prices).
 * No React, no storage: the routes and components call these, the unit tests pin them.
 */

/** The shipping choice as the form and the stored 'adres' keep it. */
export type ShippingChoice = DeliveryData['SposobDostawy'];

/** Spec: the option whose text is 'paczkomat inpost' (any case) needs a locker number. */
export const needsLockerNumber = (choice: { Tresc?: string } | null | undefined): boolean =>
  isLockerShipping(choice?.Tresc);

/** Cash on delivery (20) is offered only with a shipping option that allows it (DESIGN.md). */
export const codAvailable = (option: ShippingOption | null | undefined): boolean =>
  option?.PlatnoscPrzyOdbiorze === true;

/** The payment methods to offer: PayU always, cash on delivery when the option allows it. */
export const paymentMethodsFor = (option: ShippingOption | null | undefined): PaymentMethodCode[] =>
  codAvailable(option) ? [PaymentMethod.payu, PaymentMethod.cashOnDelivery] : [PaymentMethod.payu];

/** Spec: any change of the shipping option resets the payment to PayU (10). */
export const paymentAfterShippingChange = (): PaymentMethodCode => PaymentMethod.payu;

/** A stored or pre-filled payment that the option no longer allows falls back to PayU. */
export const allowedPayment = (
  payment: number | null | undefined,
  option: ShippingOption | null | undefined,
): PaymentMethodCode => {
  const methods = paymentMethodsFor(option);
  return methods.find((m) => m === payment) ?? PaymentMethod.payu;
};

/** What the form keeps as SposobDostawy: id, text and price (grosze) of the option. */
export const toShippingChoice = (option: ShippingOption): NonNullable<ShippingChoice> => ({
  Id: option.Id,
  Tresc: option.Tresc,
  Meta: option.Meta,
});

/** Shipping price in zł (spec: Meta/100); 0 when nothing is chosen yet. */
export const shippingCostZl = (choice: { Meta?: number } | null | undefined): number =>
  Math.round(choice?.Meta ?? 0) / 100;

/** Line value: gross unit price times quantity, rounded to grosze (spec 9). */
export const lineTotalZl = (line: Pick<CartLine, 'CenaJednBrutto' | 'Ilosc'>): number =>
  Math.round(line.CenaJednBrutto * 100 * line.Ilosc) / 100;

/** 'Razem': the cart's cost plus shipping, counted in grosze so 0.1 + 0.2 stays 0.30. */
export const orderTotalZl = (
  cart: Pick<Cart, 'Koszt'>,
  choice: { Meta?: number } | null | undefined,
): number => (Math.round(cart.Koszt * 100) + Math.round(choice?.Meta ?? 0)) / 100;

/** Spec: stored delivery data expires 2 hours after saving. */
export const isExpired = (stored: { Expire?: unknown } | null | undefined, now = Date.now()): boolean =>
  !stored || typeof stored.Expire !== 'number' || stored.Expire <= now;

/** Delivery method as the summary shows it: 'Paczkomat InPost (WAW01M)'. */
export const deliveryMethodText = (
  data: Pick<DeliveryData, 'SposobDostawy' | 'DodatkoweInformacjeDostawa'>,
) => {
  const name = data.SposobDostawy?.Tresc ?? '';
  const extra = data.DodatkoweInformacjeDostawa?.trim();
  return extra ? `${name} (${extra})` : name;
};

export type DeliveryFormValues = DeliveryData;

export const emptyDelivery = (): DeliveryFormValues => ({
  Nazwa: '',
  UlicaINumer: '',
  KodPocztowy: '',
  Miasto: '',
  Telefon: '',
  Email: '',
  // The schema answers 'Wybierz sposób dostawy' while nothing is chosen.
  SposobDostawy: undefined as unknown as DeliveryFormValues['SposobDostawy'],
  Platnosc: PaymentMethod.payu,
  DodatkoweInformacjeDostawa: '',
});

/**
 * The form's starting values: the stored 'adres' (already expiry-checked by the caller) wins;
 * otherwise the account address. The stored shipping option is pre-selected when the shop still
 * offers it, with today's text and price; the payment is kept only if that option allows it.
 */
export const initialDelivery = (
  stored: DeliveryData | null,
  account: Address | null,
  options: ShippingOption[],
): DeliveryFormValues => {
  const base = emptyDelivery();
  if (stored) {
    const option = options.find((o) => o.Id === stored.SposobDostawy?.Id);
    return {
      ...base,
      Nazwa: stored.Nazwa ?? '',
      UlicaINumer: stored.UlicaINumer ?? '',
      KodPocztowy: stored.KodPocztowy ?? '',
      Miasto: stored.Miasto ?? '',
      Telefon: stored.Telefon ?? '',
      Email: stored.Email ?? '',
      SposobDostawy: option ? toShippingChoice(option) : base.SposobDostawy,
      Platnosc: allowedPayment(stored.Platnosc, option),
      DodatkoweInformacjeDostawa:
        option && needsLockerNumber(option) ? (stored.DodatkoweInformacjeDostawa ?? '') : '',
    };
  }
  if (account) {
    return {
      ...base,
      Nazwa: account.Nazwa,
      UlicaINumer: account.UlicaINumer,
      KodPocztowy: account.KodPocztowy,
      Miasto: account.Miasto,
      Telefon: account.Telefon,
      Email: account.Email,
    };
  }
  return base;
};

/** What gets stored and sent: the locker number only travels with locker shipping. */
export const toStoredDelivery = (values: DeliveryFormValues): DeliveryData => {
  const { Expire: _expire, DodatkoweInformacjeDostawa, ...rest } = values;
  const extra = DodatkoweInformacjeDostawa?.trim();
  return needsLockerNumber(values.SposobDostawy) && extra
    ? { ...rest, DodatkoweInformacjeDostawa: extra }
    : rest;
};

/**
 * The text zlozZamowienie returns is where the browser goes next: a same-site path
 * (/potwierdenie-platnosci) or an http(s) payment page. Anything else (javascript:, garbage) is refused.
 */
export const safeRedirectTarget = (text: string): string | null => {
  const value = text.trim().replace(/^"|"$/g, '');
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};
