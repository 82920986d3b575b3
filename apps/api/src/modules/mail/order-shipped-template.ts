import { carrierName, trackingUrl } from '@club/contract';
import type { MailMessage } from './message.ts';
import { type MailBlock, renderMail } from './templates.ts';

/** To the buyer, when the panel gave their order's parcel number: 'Zamówienie wysłane' with the tracking link. */
export const orderShippedMail = (o: {
  to: string;
  shopName: string;
  number: string;
  carrier: string;
  trackingNumber: string;
}): MailMessage => {
  const link = trackingUrl(o.carrier, o.trackingNumber);
  const via = o.carrier === 'inny' ? '' : ` przez ${carrierName(o.carrier)}`;
  const blocks: MailBlock[] = [
    { kind: 'p', text: `Twoje zamówienie ${o.number} ze sklepu ${o.shopName} zostało wysłane${via}.` },
    { kind: 'p', text: `Numer przesyłki: ${o.trackingNumber}` },
  ];
  if (link) blocks.push({ kind: 'action', label: 'Śledź przesyłkę', url: link });
  blocks.push({
    kind: 'note',
    text: 'Historię swoich zamówień znajdziesz po zalogowaniu w sklepie, w zakładce „Historia zakupów”.',
  });
  return renderMail({
    to: o.to,
    shopName: o.shopName,
    subject: `Zamówienie ${o.number} wysłane`,
    heading: `Zamówienie wysłane`,
    blocks,
  });
};
