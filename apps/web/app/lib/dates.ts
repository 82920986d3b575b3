/** Order dates show in the club's time zone whatever the browser's. */
export const SHOP_TIME_ZONE = 'Europe/Warsaw';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: 'numeric',
});

/**
 * Spec: the order date in the pattern y-MM-d, e.g. '2026-11-5' (full year, 2-digit month,
 * day without padding), in Warsaw time. An unreadable value is shown as it came.
 */
export const formatOrderDate = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${Number(p.day)}`;
};

const timeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A moment as Polish readers write it, '27.11.2026, 14:05', in Warsaw time (a held order's
 * deadline). Built from parts so the server's render and the browser's agree.
 */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = Object.fromEntries(timeParts.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.day}.${p.month}.${p.year}, ${p.hour}:${p.minute}`;
};

/** A day as Polish readers write it, '27.11.2026', in Warsaw time (a gift card's last valid day). */
export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = Object.fromEntries(timeParts.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.day}.${p.month}.${p.year}`;
};
