import { statusLabel } from '@club/contract';

/** Badge colours per order status; every pair reaches at least 7:1 contrast. */
const colours: Record<number, string> = {
  10: 'border-sky-300 bg-sky-100 text-sky-900',
  20: 'border-amber-300 bg-amber-100 text-amber-900',
  30: 'border-indigo-300 bg-indigo-100 text-indigo-900',
  40: 'border-green-300 bg-green-100 text-green-900',
  50: 'border-orange-300 bg-orange-100 text-orange-900',
  60: 'border-red-300 bg-red-100 text-red-900',
};
const unknown = 'border-gray-300 bg-gray-100 text-gray-800';

export const statusBadgeClass = (code: number): string => colours[code] ?? unknown;

/** Spec: a coloured status badge (colour differs per status); the label carries the meaning too. */
export function StatusBadge({ status }: { status: number }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${statusBadgeClass(status)}`}
    >
      {statusLabel(status)}
    </span>
  );
}
