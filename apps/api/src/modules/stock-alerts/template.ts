import type { MailMessage } from '../mail/message.ts';
import { renderMail } from '../mail/templates.ts';

/** The one back-in-stock e-mail: what came back, where to buy it, and how to withdraw (unused once sent). */
export const backInStockMail = (o: {
  to: string;
  shopName: string;
  productName: string;
  variantName: string | null;
  productUrl: string;
  unsubscribeUrl: string;
}): MailMessage => {
  const what = o.variantName ? `${o.productName} (${o.variantName})` : o.productName;
  const message = renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `${what} znów jest dostępny`,
    heading: 'Produkt wrócił do sprzedaży',
    blocks: [
      { kind: 'p', text: `${what} znów jest dostępny w sklepie ${o.shopName}.` },
      { kind: 'p', text: 'Sztuk może być niewiele: powiadomienie dostały też inne osoby, które czekały.' },
      { kind: 'action', label: 'Zobacz produkt', url: o.productUrl },
      {
        kind: 'note',
        text: 'Prosiłeś o tę jedną wiadomość w sklepie; więcej o tym produkcie nie napiszemy. Jeśli to nie Ty zapisałeś ten adres, zignoruj tę wiadomość.',
      },
      { kind: 'note', text: `Szczegóły powiadomienia i rezygnacja: ${o.unsubscribeUrl}` },
    ],
  });
  return {
    ...message,
    // One click in the mail program withdraws (RFC 8058); nothing more is sent anyway.
    headers: {
      'List-Unsubscribe': `<${o.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
};
