import { type GiftCardState, giftCardStateLabel } from '@club/contract';

const look: Record<GiftCardState, string> = {
  aktywna: 'border-primary bg-primary-light text-primary-dark',
  wykorzystana: 'border-gray-400 bg-gray-100 text-ink',
  wygasla: 'border-gray-400 bg-gray-100 text-ink',
  zablokowana: 'border-danger bg-white text-danger',
};

/** A gift card's state in words (the colour only repeats what the word says). */
export const GiftCardStateTag = ({ state }: { state: GiftCardState }) => (
  <span
    className={`inline-block rounded border px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${look[state]}`}
  >
    {giftCardStateLabel[state]}
  </span>
);

/** `••••-PQRS`: short enough for a table cell and a line of the order; the whole mask on the card's screen. */
export const shortMask = (end: string) => `••••-${end}`;
