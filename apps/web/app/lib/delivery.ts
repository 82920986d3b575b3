import {
  type Address,
  blankAddress,
  type Cart,
  type CartLine,
  chargedShipping,
  type DeliveryData,
  freeShippingThreshold,
  GUEST_CHECKOUT_OPTION,
  isFreeShipping,
  isLockerOption,
  missingForFreeShipping,
  PaymentMethod,
  type PaymentMethodCode,
  paymentMethodCodes,
  type ShippingOption,
  type SiteSettings,
} from '@club/contract';

/**
 * Pure rules of the checkout (spec 4 'Checkout', 'Locker shipping'; section 9 prices).
 * No React, no storage: the routes and components call these, the unit tests pin them.
 */

/** The shipping choice as the form and the stored 'adres' keep it. */
export type ShippingChoice = DeliveryData['SposobDostawy'];

/** Spec: the option whose text is 'paczkomat inpost' (any case), or one the panel flags, needs a locker number. */
export const needsLockerNumber = (
  choice: { Tresc?: string; Paczkomat?: boolean } | null | undefined,
): boolean => isLockerOption(choice);

/** Cash on delivery (20) is offered only with a shipping option that allows it (DESIGN.md). */
export const codAvailable = (option: ShippingOption | null | undefined): boolean =>
  option?.PlatnoscPrzyOdbiorze === true;

/** A cart that buys a gift card (decision 154): such an order is paid online only. */
export const buysGiftCards = (cart: Pick<Cart, 'Pozycje'> | null | undefined): boolean =>
  !!cart?.Pozycje.some((l) => l.KartaPodarunkowa);

/**
 * The payment methods to offer: every code of the contract, in its order, but cash on delivery
 * only with an option that allows it and never for gift cards (the API's method registry checks
 * both again at placement).
 */
export const paymentMethodsFor = (
  option: ShippingOption | null | undefined,
  giftCards = false,
): PaymentMethodCode[] =>
  paymentMethodCodes.filter(
    (code) => code !== PaymentMethod.cashOnDelivery || (codAvailable(option) && !giftCards),
  );

/** Spec: any change of the shipping option resets the payment to PayU (10). */
export const paymentAfterShippingChange = (): PaymentMethodCode => PaymentMethod.payu;

/** A stored or pre-filled payment that the option no longer allows falls back to PayU. */
export const allowedPayment = (
  payment: number | null | undefined,
  option: ShippingOption | null | undefined,
  giftCards = false,
): PaymentMethodCode => {
  const methods = paymentMethodsFor(option, giftCards);
  return methods.find((m) => m === payment) ?? PaymentMethod.payu;
};

/** What the form keeps as SposobDostawy: id, text, price (grosze) and whether it is a parcel locker. */
export const toShippingChoice = (option: ShippingOption): NonNullable<ShippingChoice> => ({
  Id: option.Id,
  Tresc: option.Tresc,
  Meta: option.Meta,
  ...(option.Paczkomat !== undefined && { Paczkomat: option.Paczkomat }),
});

/** The cart's goods value in grosze (its gross cost, what the free-shipping threshold is compared with). */
const goodsGrosze = (cart: Pick<Cart, 'Koszt'>): number => Math.round(cart.Koszt * 100);

/** Whether the cart's goods reach the club's free-shipping threshold (grosze; null: none). */
export const freeShippingReached = (cart: Pick<Cart, 'Koszt'>, freeFrom: number | null): boolean =>
  isFreeShipping(goodsGrosze(cart), freeFrom);

/**
 * What the chosen shipping costs the buyer, in grosze: its Meta, or 0 once the goods reach the
 * club's free-shipping threshold (grosze, null: none) or a promotion makes delivery free (the
 * server names it, `DarmowaDostawa`). The server charges by the same rules.
 */
export const chargedShippingGrosze = (
  choice: { Meta?: number } | null | undefined,
  cart: Pick<Cart, 'Koszt' | 'DarmowaDostawa'>,
  freeFrom: number | null = null,
): number =>
  cart.DarmowaDostawa ? 0 : chargedShipping(Math.round(choice?.Meta ?? 0), goodsGrosze(cart), freeFrom);

/** Shipping price in zł (spec: Meta/100), 0 from the free-shipping threshold on; 0 when nothing is chosen yet. */
export const shippingCostZl = (
  choice: { Id?: number; Meta?: number } | null | undefined,
  cart: PricedCart = { Koszt: 0 },
  freeFrom: number | null = null,
): number => pricedFor(cart, choice)?.Dostawa?.Koszt ?? chargedShippingGrosze(choice, cart, freeFrom) / 100;

/** Line value: gross unit price times quantity, rounded to grosze (spec 9). */
export const lineTotalZl = (line: Pick<CartLine, 'CenaJednBrutto' | 'Ilosc'>): number =>
  Math.round(line.CenaJednBrutto * 100 * line.Ilosc) / 100;

/** The server's pricing of this very delivery (`getCart?dostawa=`), when the cart carries it. */
const pricedFor = (cart: Pick<Cart, 'Dostawa' | 'DoZaplaty'>, choice: { Id?: number } | null | undefined) =>
  cart.Dostawa && cart.DoZaplaty !== undefined && cart.Dostawa.Id === choice?.Id ? cart : null;

type PricedCart = Pick<Cart, 'Koszt' | 'KosztPoRabatach' | 'Dostawa' | 'DoZaplaty'>;

/**
 * 'Razem': the goods after their discounts plus shipping, counted in grosze so 0.1 + 0.2 stays
 * 0.30; the server's own figure when it priced the chosen delivery (a free-shipping code).
 */
export const orderTotalZl = (
  cart: PricedCart,
  choice: { Id?: number; Meta?: number } | null | undefined,
  freeFrom: number | null = null,
): number => {
  const priced = pricedFor(cart, choice);
  if (priced) return priced.DoZaplaty!;
  const goods = Math.round((cart.KosztPoRabatach ?? cart.Koszt) * 100);
  return (goods + chargedShippingGrosze(choice, cart, freeFrom)) / 100;
};

/**
 * The order's value before a gift card pays its part (decision 154): the goods after their
 * discounts plus the charged delivery, the server's when it priced this one.
 */
export const orderValueZl = (
  cart: PricedCart,
  choice: { Id?: number; Meta?: number } | null | undefined,
  freeFrom: number | null = null,
): number => {
  const goods = Math.round((cart.KosztPoRabatach ?? cart.Koszt) * 100);
  return (goods + Math.round(shippingCostZl(choice, cart, freeFrom) * 100)) / 100;
};

/** What is left to pay after the card, as the server priced this delivery; null: not priced yet. */
export const toPayAfterCardZl = (
  cart: Pick<Cart, 'Dostawa' | 'DoZaplaty' | 'KartaPodarunkowa'>,
  choice: { Id?: number } | null | undefined,
): number | null => (cart.KartaPodarunkowa && pricedFor(cart, choice)?.DoZaplaty) ?? null;

/** The club's free-shipping threshold in grosze, from the site options (null: delivery always paid). */
export const freeShippingFrom = (options: SiteSettings['Opcje']): number | null =>
  freeShippingThreshold(options);

/**
 * 'Dostawa od': the cheapest price (grosze) among the options that cost something. A free option
 * (pickup in the club shop) is no delivery price worth announcing; when every option is free the
 * answer is 0, with no options at all null.
 */
export const cheapestDelivery = (options: readonly Pick<ShippingOption, 'Meta'>[]): number | null => {
  if (!options.length) return null;
  const paid = options.map((o) => Math.round(o.Meta)).filter((m) => m > 0);
  return paid.length ? Math.min(...paid) : 0;
};

/** What the cart says about delivery: free, how much is missing to free, or just the price from. */
export type CartDelivery =
  /** `by`: the promotion that makes it free when the threshold does not. */
  | { kind: 'free'; threshold: number | null; by?: string }
  | { kind: 'missing'; from: number | null; missing: number; threshold: number }
  | { kind: 'from'; from: number | null };

/** `from`: cheapestDelivery of the shop's options; `freeFrom`: the club's threshold (grosze, null: none). */
export const cartDelivery = (
  cart: Pick<Cart, 'Koszt' | 'DarmowaDostawa'>,
  from: number | null,
  freeFrom: number | null,
): CartDelivery => {
  const goods = goodsGrosze(cart);
  if (isFreeShipping(goods, freeFrom) || from === 0) return { kind: 'free', threshold: freeFrom };
  if (cart.DarmowaDostawa) return { kind: 'free', threshold: null, by: cart.DarmowaDostawa };
  const missing = missingForFreeShipping(goods, freeFrom);
  return missing === null || freeFrom === null
    ? { kind: 'from', from }
    : { kind: 'missing', from, missing, threshold: freeFrom };
};

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
  ...blankAddress(),
  // The schema answers 'Wybierz sposób dostawy' while nothing is chosen.
  SposobDostawy: undefined as unknown as DeliveryFormValues['SposobDostawy'],
  Platnosc: PaymentMethod.payu,
  DodatkoweInformacjeDostawa: '',
  Faktura: null,
});

/** Who is logged in, as far as the delivery form is concerned (getloggedinuserinfo). */
export type AccountPerson = { Imie: string; Nazwisko: string; Email: string };

/** The account's own name and e-mail fill what its saved address leaves empty. */
const withPerson = (values: DeliveryFormValues, person: AccountPerson | null): DeliveryFormValues =>
  person
    ? {
        ...values,
        Nazwa: values.Nazwa || `${person.Imie} ${person.Nazwisko}`.trim(),
        Email: values.Email || person.Email,
      }
    : values;

/**
 * The form's starting values: the stored 'adres' (already expiry-checked by the caller) wins;
 * otherwise the account address, with the account's name and e-mail where it has none (a
 * logged-in customer starts filled in). The stored shipping option is pre-selected when the shop
 * still offers it, with today's text and price; the payment is kept only if that option allows it.
 */
export const initialDelivery = (
  stored: DeliveryData | null,
  account: Address | null,
  options: ShippingOption[],
  person: AccountPerson | null = null,
  giftCards = false,
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
      Platnosc: allowedPayment(stored.Platnosc, option, giftCards),
      DodatkoweInformacjeDostawa:
        option && needsLockerNumber(option) ? (stored.DodatkoweInformacjeDostawa ?? '') : '',
      Faktura: stored.Faktura ?? null,
    };
  }
  if (account) {
    return withPerson(
      {
        ...base,
        Nazwa: account.Nazwa,
        UlicaINumer: account.UlicaINumer,
        KodPocztowy: account.KodPocztowy,
        Miasto: account.Miasto,
        Telefon: account.Telefon,
        Email: account.Email,
      },
      person,
    );
  }
  return withPerson(base, person);
};

/** DESIGN.md: guests may order (no login on dostawa-i-platnosc) when the club's option is '1'. */
export const guestCheckoutAllowed = (options: SiteSettings['Opcje']): boolean =>
  options.some((o) => o.Klucz === GUEST_CHECKOUT_OPTION && o.Wartosc.trim() === '1');

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
