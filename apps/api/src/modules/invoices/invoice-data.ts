/**
 * An invoice as plain data: what the PDF shows and what a later KSeF (FA(3)) integration sends.
 * Amounts are integer grosze, dates `YYYY-MM-DD`; the shop's prices are gross, so lines carry the
 * unit gross price (FA(3)'s P_9B) and the totals are computed from gross (vat.ts).
 */

import type { VatRate } from '@club/contract';

// The rates a club's products can carry are the contract's ('0': the domestic zero rate, 'zw': exempt).
export { VAT_RATES, type VatRate } from '@club/contract';

/** FA(3)'s P_12 codes: its zero rate is split by kind, and a shop's domestic sale is '0 KR'. */
export const KSEF_VAT_RATE: Record<VatRate, string> = {
  '23': '23',
  '8': '8',
  '5': '5',
  '0': '0 KR',
  zw: 'zw',
};

/** FA(3)'s FormaPlatnosci codes for the ways a shop is paid ('voucher': bon, a gift card). */
export const KSEF_PAYMENT_FORM = { cash: 1, card: 2, voucher: 3, transfer: 6, mobile: 7 } as const;
export type PaymentForm = keyof typeof KSEF_PAYMENT_FORM;

export type InvoiceParty = {
  name: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166 code; FA(3) asks for it with every address. */
  countryCode: string;
  /** 10 digits without dashes; null for a consumer (FA(3)'s BrakID). */
  nip: string | null;
};

export type InvoiceSeller = InvoiceParty & { nip: string; bankAccount: string | null };

export type InvoiceLine = {
  name: string;
  /** Whole units: the shop sells no fractions. */
  quantity: number;
  /** 'szt.' for goods, 'usł.' for shipping. */
  unit: string;
  unitGross: number;
  vatRate: VatRate;
  /**
   * The order line it bills (its position in id order): a discounted line is billed at its price
   * after the discount, as one or two invoice lines (whole grosze); absent on shipping and on
   * invoices issued before discounts.
   */
  orderLine?: number;
};

export type InvoicePayment = {
  form: PaymentForm;
  /** What the buyer knows it as ('PayU', 'Za pobraniem'); the PDF prints it. */
  label: string;
  paid: boolean;
  paidOn: string | null;
  /** Unpaid: by when (FA(3)'s TerminPlatnosci). */
  dueOn: string | null;
  /**
   * Grosze a gift card paid of the invoice's total (the sale is invoiced in full when the card is
   * spent); the rest is paid by `form`. Absent: none. A correction carries none.
   */
  giftCard?: number;
};

type InvoiceBase = {
  /** FV/2026/000123 or FK/2026/000004 (numbering.ts). */
  number: string;
  issueDate: string;
  /** The day the goods were delivered or paid for, if not the issue date (FA(3)'s P_6). */
  saleDate: string;
  /** Place of issue (P_1M): the seller's city. */
  place: string;
  seller: InvoiceSeller;
  buyer: InvoiceParty;
  currency: 'PLN';
  payment: InvoicePayment;
};

export type VatInvoice = InvoiceBase & { kind: 'VAT'; lines: InvoiceLine[] };

/**
 * A correction (faktura korygująca, FA(3)'s KOR): the lines as they were and as they are now,
 * the way FA(3) lists them (StanPrzed); the difference per rate is computed (vat.ts).
 */
export type CorrectionInvoice = InvoiceBase & {
  kind: 'KOR';
  corrects: { number: string; issueDate: string };
  reason: string;
  before: InvoiceLine[];
  after: InvoiceLine[];
};

export type Invoice = VatInvoice | CorrectionInvoice;

/** Shipping is a line of its own, taxed at the rate the caller gives (the goods' main rate). */
export const shippingLine = (name: string, gross: number, vatRate: VatRate): InvoiceLine => ({
  name,
  quantity: 1,
  unit: 'usł.',
  unitGross: gross,
  vatRate,
});
