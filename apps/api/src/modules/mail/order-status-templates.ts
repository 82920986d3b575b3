import { OrderStatus, statusLabel } from '@club/contract';
import type { MailMessage } from './message.ts';
import { type MailBlock, renderMail } from './templates.ts';
import { withdrawalLinkBlocks } from './withdrawal.ts';

/** What the buyer reads for each status the panel can set. */
const explanation: Record<number, string> = {
  [OrderStatus.toFulfil]: 'Zamówienie zostało przyjęte do realizacji. Poinformujemy Cię o kolejnych krokach.',
  [OrderStatus.inProgress]: 'Kompletujemy i pakujemy Twoje zamówienie.',
  [OrderStatus.done]: 'Zamówienie zostało zrealizowane i przekazane do wysyłki. Dziękujemy za zakupy!',
  [OrderStatus.onHold]:
    'Realizacja zamówienia została wstrzymana. Jeśli będziemy potrzebować informacji od Ciebie, skontaktujemy się.',
  [OrderStatus.cancelled]:
    'Zamówienie zostało anulowane. Jeśli zostało opłacone, zwrócimy pieniądze tą samą metodą płatności.',
  [OrderStatus.new]: 'Zamówienie oczekuje na przyjęcie przez sklep.',
};

/** To the buyer, when the shop changed their order's status in the panel. */
export const orderStatusMail = (o: {
  to: string;
  shopName: string;
  number: string;
  status: number;
  note?: string;
  /** The guest's 'Odstąp od umowy' link; none for a cancelled order. */
  withdrawUrl?: string | null;
}): MailMessage => {
  const name = statusLabel(o.status);
  const blocks: MailBlock[] = [
    { kind: 'p', text: `Status Twojego zamówienia ${o.number} w sklepie ${o.shopName} to teraz: ${name}.` },
    { kind: 'p', text: explanation[o.status] ?? '' },
  ];
  if (o.note) blocks.push({ kind: 'p', text: `Wiadomość od sklepu: ${o.note}` });
  if (o.status !== OrderStatus.cancelled) blocks.push(...withdrawalLinkBlocks(o.withdrawUrl));
  blocks.push({
    kind: 'note',
    text: 'Historię swoich zamówień znajdziesz po zalogowaniu w sklepie, w zakładce „Historia zakupów”.',
  });
  return renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Zamówienie ${o.number}: ${name}`,
    heading: `Zamówienie ${o.number}: ${name}`,
    blocks,
  });
};
