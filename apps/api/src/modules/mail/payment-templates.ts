import type { MailMessage } from './message.ts';
import { renderMail, warsawDateTime } from './templates.ts';
import { withdrawalLinkBlocks } from './withdrawal.ts';

type PaymentMail = {
  to: string;
  shopName: string;
  number: string;
  total: string;
  withdrawUrl?: string | null;
};

/** To the buyer, when the payment provider says the order is paid. */
export const paymentReceivedMail = (o: PaymentMail): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Płatność za zamówienie ${o.number} przyjęta`,
    heading: `Płatność za zamówienie ${o.number} przyjęta`,
    blocks: [
      {
        kind: 'p',
        text: `Otrzymaliśmy Twoją płatność ${o.total} za zamówienie ${o.number} w sklepie ${o.shopName}. Zamówienie przekazujemy do realizacji.`,
      },
      {
        kind: 'note',
        text: 'O wysyłce poinformujemy Cię w osobnej wiadomości.',
      },
      ...withdrawalLinkBlocks(o.withdrawUrl),
    ],
  });

/**
 * To the buyer, when a payment was cancelled or failed. The link is the order's return URL: its
 * page offers "Ponów płatność" to anyone holding it, guests included, while the order is open.
 */
export const paymentFailedMail = (o: PaymentMail & { retryUrl: string; payBy: Date }): MailMessage =>
  renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Płatność za zamówienie ${o.number} nie powiodła się`,
    heading: `Płatność za zamówienie ${o.number} nie powiodła się`,
    blocks: [
      {
        kind: 'p',
        text: `Płatność ${o.total} za zamówienie ${o.number} w sklepie ${o.shopName} została anulowana lub odrzucona. Zamówienie czeka na płatność do ${warsawDateTime.format(o.payBy)}; potem zostanie anulowane.`,
      },
      { kind: 'action', label: 'Zapłać ponownie', url: o.retryUrl },
      {
        kind: 'note',
        text: 'Jeśli pieniądze zostały pobrane z Twojego konta, nie płać ponownie: skontaktuj się ze sklepem.',
      },
      ...withdrawalLinkBlocks(o.withdrawUrl),
    ],
  });
