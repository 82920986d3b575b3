/** An amount in Polish words for the invoice's "Słownie" line: `sto dwadzieścia trzy złote 45/100`. */

const UNITS = ['', 'jeden', 'dwa', 'trzy', 'cztery', 'pięć', 'sześć', 'siedem', 'osiem', 'dziewięć'];
const TEENS = [
  'dziesięć',
  'jedenaście',
  'dwanaście',
  'trzynaście',
  'czternaście',
  'piętnaście',
  'szesnaście',
  'siedemnaście',
  'osiemnaście',
  'dziewiętnaście',
];
const TENS = [
  '',
  '',
  'dwadzieścia',
  'trzydzieści',
  'czterdzieści',
  'pięćdziesiąt',
  'sześćdziesiąt',
  'siedemdziesiąt',
  'osiemdziesiąt',
  'dziewięćdziesiąt',
];
const HUNDREDS = [
  '',
  'sto',
  'dwieście',
  'trzysta',
  'czterysta',
  'pięćset',
  'sześćset',
  'siedemset',
  'osiemset',
  'dziewięćset',
];

/** Polish counts take three forms: 1 złoty, 2–4 (not 12–14) złote, the rest złotych. */
const form = (n: number, [one, few, many]: readonly [string, string, string]): string => {
  if (n === 1) return one;
  const last = n % 10;
  const lastTwo = n % 100;
  return last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14) ? few : many;
};

const below1000 = (n: number): string[] => {
  const words = [HUNDREDS[Math.floor(n / 100)]!];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!);
  else words.push(TENS[Math.floor(rest / 10)]!, UNITS[rest % 10]!);
  return words.filter((w) => w !== '');
};

const GROUPS: readonly (readonly [string, string, string])[] = [
  ['miliard', 'miliardy', 'miliardów'],
  ['milion', 'miliony', 'milionów'],
  ['tysiąc', 'tysiące', 'tysięcy'],
];

/** Whole złote in words; grosze as a fraction, as invoices write them. */
export const amountInWords = (grosze: number): string => {
  if (!Number.isSafeInteger(grosze) || grosze < 0) throw new RangeError(`amount ${grosze}`);
  const zl = Math.floor(grosze / 100);
  const words: string[] = [];
  let rest = zl;
  GROUPS.forEach((names, i) => {
    const size = 1000 ** (GROUPS.length - i);
    const count = Math.floor(rest / size);
    rest %= size;
    // "tysiąc", not "jeden tysiąc".
    if (count === 1) words.push(names[0]);
    else if (count > 1) words.push(...below1000(count), form(count, names));
  });
  words.push(...below1000(rest));
  if (zl === 0) words.push('zero');
  words.push(form(zl, ['złoty', 'złote', 'złotych']));
  return `${words.join(' ')} ${String(grosze % 100).padStart(2, '0')}/100`;
};
