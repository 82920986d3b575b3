import {
  discountLabel,
  formatGrosze,
  paymentMethodLabel,
  preorderLabel,
  preorderShippingNote,
  type Seller,
} from '@club/contract';
import { paymentConfirmationNote } from '../payments/registry.ts';
import type { MailMessage } from './message.ts';
import { type MailBlock, renderMail, warsawDateTime } from './templates.ts';
import { sellerBlocks, withdrawalBlocks, withdrawalFormBlocks, withdrawalLinkBlocks } from './withdrawal.ts';

/** What both order e-mails show. Money in grosze. */
export type OrderMail = {
  shopName: string;
  number: string;
  /** `preorderRelease`: a pre-order line's expected shipping date (decision 144). */
  lines: {
    name: string;
    quantity: number;
    unitPrice: number;
    preorderRelease?: string | null;
    giftCard?: boolean;
  }[];
  /** The promotions used: each its own line, as in the cart (absent: none). */
  promotions?: { name: string; code: string | null; itemsAmount: number; shippingAmount: number }[];
  shippingName: string;
  shippingCost: number;
  deliveryInfo: string | null;
  paymentMethod: number;
  total: number;
  /** What a gift card paid of the total (decision 154); absent or 0: none. */
  giftCardPaid?: number;
  address: { name: string; street: string; postcode: string; city: string; phone: string; email: string };
  /** The guest's signed 'Odstąp od umowy' link (lib/withdrawal-link.ts); absent in the shop's own notice. */
  withdrawUrl?: string | null;
};

/** Said in an order of gift cards: they come in their own e-mail, once paid. */
export const GIFT_CARD_ORDER_NOTE =
  'Karty podarunkowe wyślemy osobnym e-mailem (kod i PDF do wydruku), gdy tylko płatność zostanie zaksięgowana.';

/** How an order with pre-order lines ships (decision 144); nothing for an order from stock. */
const preorderBlocks = (o: OrderMail): MailBlock[] => {
  const mixed = o.lines.some((l) => !l.preorderRelease);
  const note = preorderShippingNote(
    o.lines.map((l) => l.preorderRelease),
    mixed,
  );
  return note ? [{ kind: 'p', text: note }] : [];
};

const discountRows = (o: OrderMail) =>
  (o.promotions ?? [])
    .filter((p) => p.itemsAmount > 0)
    .map((p) => [discountLabel(p), '', '', `−${formatGrosze(p.itemsAmount)}`]);

const freeShippingBy = (o: OrderMail) => {
  const free = (o.promotions ?? []).find((p) => p.shippingAmount > 0);
  return free ? ` (${free.code ? `kod ${free.code}` : free.name})` : '';
};

const orderBlocks = (o: OrderMail): MailBlock[] => [
  {
    kind: 'table',
    head: ['Produkt', 'Ilość', 'Cena', 'Wartość'],
    align: ['left', 'right', 'right', 'right'],
    rows: [
      ...o.lines.map((l) => [
        l.preorderRelease ? `${l.name} (${preorderLabel(l.preorderRelease)})` : l.name,
        `${l.quantity} szt.`,
        formatGrosze(l.unitPrice),
        formatGrosze(l.unitPrice * l.quantity),
      ]),
      ...discountRows(o),
      [`Wysyłka: ${o.shippingName}${freeShippingBy(o)}`, '', '', formatGrosze(o.shippingCost)],
      ['Razem', '', '', formatGrosze(o.total)],
      ...(o.giftCardPaid
        ? [
            ['Zapłacono kartą podarunkową', '', '', `−${formatGrosze(o.giftCardPaid)}`],
            ['Do zapłaty', '', '', formatGrosze(o.total - o.giftCardPaid)],
          ]
        : []),
    ],
  },
  ...preorderBlocks(o),
  ...(o.lines.some((l) => l.giftCard) ? [{ kind: 'p' as const, text: GIFT_CARD_ORDER_NOTE }] : []),
  {
    kind: 'p',
    text:
      `Sposób dostawy: ${o.shippingName}${o.deliveryInfo ? ` (${o.deliveryInfo})` : ''}. ` +
      `Płatność: ${paymentMethodLabel[o.paymentMethod] ?? o.paymentMethod}.`,
  },
  {
    kind: 'table',
    head: ['Adres dostawy', ''],
    rows: [
      ['Imię i nazwisko / firma', o.address.name],
      ['Ulica i nr', o.address.street],
      ['Kod pocztowy i miasto', `${o.address.postcode} ${o.address.city}`],
      ['Telefon', o.address.phone],
      ['E-mail', o.address.email],
    ],
  },
];

/**
 * The buyer's confirmation is the contract on a durable medium: besides the order it names the
 * seller and carries the withdrawal information and the model form (ustawa o prawach konsumenta).
 */
export type OrderConfirmation = OrderMail & {
  seller: Seller;
  /** Where the seller's data is not filled in yet: the club's shop address stands in. */
  shopEmail: string;
  /** Display names of the lines that are tickets for events on a set date (art. 38 ust. 1 pkt 12). */
  eventTickets: string[];
  /** Display names of the printed lines (personalised goods, art. 38 ust. 1 pkt 3); absent: none. */
  printedLines?: string[];
  /** A cash-on-delivery order held until the buyer confirms it: the link and its deadline. */
  confirmation?: { url: string; by: Date } | null;
};

/** What a held order's confirmation says first: confirm it by the deadline, or it is cancelled. */
const confirmationBlocks = (o: OrderConfirmation, c: { url: string; by: Date }): MailBlock[] => [
  {
    kind: 'p',
    text: `Przyjęliśmy zamówienie ${o.number} w sklepie ${o.shopName}. Zanim sklep je zrealizuje, potwierdź je, klikając przycisk poniżej, do ${warsawDateTime.format(c.by)}. Bez potwierdzenia zamówienie zostanie anulowane, a produkty wrócą do sklepu.`,
  },
  { kind: 'action', label: 'Potwierdzam zamówienie', url: c.url },
  {
    kind: 'p',
    text: 'Jeśli to nie Ty złożyłeś to zamówienie, zignoruj tę wiadomość: bez potwierdzenia nie zostanie zrealizowane.',
  },
];

/** To the buyer (the order's address), right after the order was placed. */
export const orderConfirmationMail = (o: OrderConfirmation): MailMessage =>
  renderMail({
    to: o.address.email,
    shopName: o.shopName,
    subject: o.confirmation ? `Potwierdź zamówienie ${o.number}` : `Potwierdzenie zamówienia ${o.number}`,
    heading: o.confirmation ? `Potwierdź zamówienie ${o.number}` : `Dziękujemy za zamówienie ${o.number}`,
    blocks: [
      ...(o.confirmation
        ? confirmationBlocks(o, o.confirmation)
        : [
            {
              kind: 'p',
              text: `Przyjęliśmy Twoje zamówienie w sklepie ${o.shopName}. Oto jego podsumowanie.`,
            } as const,
          ]),
      ...orderBlocks(o),
      {
        kind: 'note',
        text: paymentConfirmationNote(o.paymentMethod),
      },
      { kind: 'p', text: 'Ceny zawierają VAT.' },
      ...sellerBlocks(o.seller, o.shopName, o.shopEmail),
      ...withdrawalBlocks(o.seller, o.shopName, o.shopEmail, o.eventTickets, o.printedLines),
      ...withdrawalFormBlocks(o.seller, o.shopName, o.shopEmail, o.number),
      ...withdrawalLinkBlocks(o.withdrawUrl),
      {
        kind: 'note',
        text: 'Zachowaj tę wiadomość: jest potwierdzeniem zawarcia umowy na trwałym nośniku.',
      },
    ],
  });

/** To the club's shop address, so the staff see the new order at once; answers go to the buyer. */
export const shopOrderNotificationMail = (o: OrderMail & { to: string }): MailMessage =>
  renderMail({
    to: o.to,
    replyTo: o.address.email,
    shopName: o.shopName,
    subject: `Nowe zamówienie ${o.number}`,
    heading: `Nowe zamówienie ${o.number}`,
    blocks: [
      { kind: 'p', text: `W sklepie złożono nowe zamówienie na kwotę ${formatGrosze(o.total)}.` },
      ...orderBlocks(o),
    ],
  });

/** To the buyer, when an online order was not paid in time and the shop cancelled it. */
export const orderExpiredMail = (o: { to: string; shopName: string; number: string }): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Zamówienie ${o.number} zostało anulowane`,
    heading: `Zamówienie ${o.number} zostało anulowane`,
    blocks: [
      {
        kind: 'p',
        text: `Nie otrzymaliśmy płatności za zamówienie ${o.number} w wyznaczonym czasie, więc zostało ono anulowane, a zarezerwowane produkty wróciły do sklepu ${o.shopName}.`,
      },
      {
        kind: 'p',
        text: 'Jeśli nadal chcesz je kupić, dodaj produkty ponownie do koszyka i złóż nowe zamówienie.',
      },
      {
        kind: 'note',
        text: 'Jeśli płatność została jednak pobrana, skontaktuj się ze sklepem: zwrócimy pieniądze.',
      },
    ],
  });
