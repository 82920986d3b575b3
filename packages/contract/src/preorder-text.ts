/** Pre-order dates and texts without schemas: what a page's script may carry (decision 144). */
import { fillMessage } from './messages.ts';

// Here, not in `msg`: the storefront's pages carry `msg` in their script, these only where used.
const text = {
  label: 'Przedsprzedaż – wysyłka ok. {data}',
  shipping: 'Produkty z przedsprzedaży wyślemy, gdy dotrą do nas (ok. {data}).',
  mixed:
    'Zamówienie łączy produkty dostępne od ręki i z przedsprzedaży: wyślemy je w jednej paczce, gdy dotrą produkty z przedsprzedaży (ok. {data}).',
};

/** How the product page's select marks a size on pre-order. */
export const PREORDER_MARK = 'przedsprzedaż';

let warsawDay: Intl.DateTimeFormat | undefined;

/** Today's date in Poland (YYYY-MM-DD), where the clubs are: a pre-order ends when its day comes. */
export const warsawToday = (now: Date = new Date()) => {
  // Made once, on first use: making a formatter costs far more than formatting (a launch's orders
  // spent 1 % of their CPU making this one), and in the browser only pages that ask pay for it.
  warsawDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' });
  return warsawDay.format(now);
};

/** Whether a variant with this release date is sold as a pre-order today (decision 144). */
export const onPreorder = (release: string | null | undefined, today: string = warsawToday()) =>
  release != null && release > today;

/** 2026-12-15 -> 15.12.2026, as Polish texts write dates. */
export const polishDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
};

/** The label everywhere a pre-order line or variant is shown. */
export const preorderLabel = (release: string) => fillMessage(text.label, { data: polishDate(release) });

/**
 * How an order with pre-order lines ships, said before paying and in the e-mail: in one parcel
 * when the last pre-ordered piece arrives (decision 144). Null without pre-orders.
 */
export const preorderShippingNote = (releases: (string | null | undefined)[], mixed: boolean) => {
  const dates = releases.filter((r): r is string => r != null).sort();
  const last = dates.at(-1);
  if (!last) return null;
  return fillMessage(mixed ? text.mixed : text.shipping, { data: polishDate(last) });
};
