import { type PromotionStatus, promotionStatusLabel } from '@club/contract';

const look: Record<PromotionStatus, string> = {
  active: 'border-primary bg-primary-light text-primary-dark',
  scheduled: 'border-gray-400 bg-white text-ink',
  paused: 'border-gray-500 bg-gray-200 text-ink',
  expired: 'border-gray-400 bg-gray-100 text-ink',
  ended: 'border-gray-400 bg-gray-100 text-ink',
};

/** A promotion's status in words (the colour only repeats what the word says). */
export const PromotionStatusTag = ({ status }: { status: PromotionStatus }) => (
  <span
    className={`inline-block rounded border px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${look[status]}`}
  >
    {promotionStatusLabel[status]}
  </span>
);
