import { groszeToZl, paymentMethodLabel, paymentStateLabel, statusLabel } from '@club/contract';
import { csvRow } from '../../lib/csv.ts';

const HEAD = [
  'Numer',
  'Data',
  'Status',
  'Klient',
  'E-mail',
  'Telefon',
  'Ulica',
  'Kod pocztowy',
  'Miasto',
  'Produkty (ilość × cena zł)',
  'Kwota (zł)',
  'Metoda płatności',
  'Status płatności',
  'Dostawa',
  'Informacje o dostawie',
];

/** Amounts with a decimal comma, as Polish spreadsheets read numbers. */
const amount = (grosze: number) => groszeToZl(grosze).toFixed(2).replace('.', ',');

/** Date and time in the shop's time zone, e.g. `2026-11-23 14:05`. */
const warsawTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export type CsvOrder = {
  number: string;
  createdAt: Date;
  status: number;
  name: string;
  email: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  /** `name (parameter) × quantity × unit price; …` (orders-repository.ts findCsvOrders). */
  lines: string | null;
  total: number;
  paymentMethod: number;
  paymentStatus: string;
  shippingName: string;
  deliveryInfo: string | null;
};

/** The whole file: a UTF-8 BOM (so Excel reads the Polish letters), a header row, CRLF line ends. */
export const ordersCsv = (rows: CsvOrder[]): string =>
  `\ufeff${[
    csvRow(HEAD),
    ...rows.map((o) =>
      csvRow([
        o.number,
        warsawTime.format(o.createdAt),
        statusLabel(o.status),
        o.name,
        o.email,
        o.phone,
        o.street,
        o.postcode,
        o.city,
        o.lines,
        amount(o.total),
        paymentMethodLabel[o.paymentMethod] ?? o.paymentMethod,
        paymentStateLabel[o.paymentStatus] ?? o.paymentStatus,
        o.shippingName,
        o.deliveryInfo,
      ]),
    ),
  ].join('\r\n')}\r\n`;
