import { formatGrosze } from '@club/contract';
import type { MailMessage } from '../mail/message.ts';
import { type MailBlock, renderMail } from '../mail/templates.ts';

export type RefundMailLine = { name: string; parameter: string | null; quantity: number; amount: number };

/** To the buyer when the club gives money back: how much, for what, and which way it comes. */
export const refundMail = (o: {
  to: string;
  shopName: string;
  number: string;
  amount: number;
  lines: RefundMailLine[];
  shipping: number;
  /** Null: back through the payment (PayU); else the (masked) account of the bank transfer. */
  bankAccount: string | null;
  reason: string;
}): MailMessage => {
  const rows = o.lines.map((l) => [
    l.parameter ? `${l.name} - ${l.parameter}` : l.name,
    `${l.quantity} szt.`,
    formatGrosze(l.amount),
  ]);
  if (o.shipping > 0) rows.push(['Koszt dostawy', '', formatGrosze(o.shipping)]);
  rows.push(['Razem', '', formatGrosze(o.amount)]);
  const blocks: MailBlock[] = [
    {
      kind: 'p',
      text: `Sklep ${o.shopName} zwraca Ci ${formatGrosze(o.amount)} za zamówienie ${o.number}.`,
    },
    { kind: 'table', head: ['Za co', 'Ilość', 'Kwota'], align: ['left', 'right', 'right'], rows },
    {
      kind: 'p',
      text: o.bankAccount
        ? `Pieniądze wysyłamy przelewem na rachunek ${o.bankAccount}. Przelew dociera zwykle w ciągu 1–2 dni roboczych.`
        : 'Pieniądze wracają tą samą metodą, którą zapłaciłeś (PayU: na kartę lub rachunek płatności). Zwykle trwa to do kilku dni roboczych.',
    },
  ];
  if (o.reason) blocks.push({ kind: 'p', text: `Wiadomość od sklepu: ${o.reason}` });
  return renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Zwrot pieniędzy – zamówienie ${o.number}`,
    heading: `Zwrot pieniędzy – zamówienie ${o.number}`,
    blocks,
  });
};
