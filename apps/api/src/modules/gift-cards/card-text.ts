import { polishDate, warsawToday } from '@club/contract';

/**
 * What the gift card's PDF and its e-mail both tell the holder, written once so the two never
 * disagree. `storefrontUrl` is the club's shop, without a trailing slash or with one.
 */

const base = (storefrontUrl: string) => storefrontUrl.replace(/\/+$/, '');

/** Where the holder checks what is left on a card (the storefront's balance page). */
export const giftCardBalanceUrl = (storefrontUrl: string) => `${base(storefrontUrl)}/karta-podarunkowa`;

/** 29.11.2027: the last day in Poland the card is valid. */
export const giftCardValidUntil = (expiresAt: Date) => polishDate(warsawToday(expiresAt));

export const giftCardHowToUse = (storefrontUrl: string) =>
  `Wpisz kod w koszyku w polu „Karta podarunkowa” na ${base(storefrontUrl)}; saldo sprawdzisz na ${giftCardBalanceUrl(storefrontUrl)}.`;

export const GIFT_CARD_RULES =
  'Kartą zapłacisz za jedno lub kilka zamówień, aż wykorzystasz całą kwotę. Nie można nią zapłacić za inne karty podarunkowe.';

/** Whoever knows the code can spend it: the holder should keep it like cash. */
export const GIFT_CARD_CODE_NOTE = 'Kod działa jak gotówka: pokaż go tylko osobie, której dajesz kartę.';
