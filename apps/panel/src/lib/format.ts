import { formatPrice } from '@club/contract';

export { formatPrice };

const dateTime = new Intl.DateTimeFormat('pl-PL', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Warsaw',
});

/** `23.11.2026, 06:15` in the club's time zone, whatever the manager's computer says. */
export const formatDateTime = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
};
