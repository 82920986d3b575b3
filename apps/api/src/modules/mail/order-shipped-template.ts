import { carrierName, trackingUrl } from '@club/contract';
import type { MailMessage } from './message.ts';
import { type MailBlock, renderMail } from './templates.ts';
import { withdrawalLinkBlocks } from './withdrawal.ts';

/** To the buyer, when the panel gave their order's parcel number: 'Zamówienie wysłane' with the tracking link. */
export const orderShippedMail = (o: {
  to: string;
  shopName: string;
  number: string;
  carrier: string;
  trackingNumber: string;
  /** The guest's 'Odstąp od umowy' link, as in every order e-mail. */
  withdrawUrl?: string | null;
}): MailMessage => {
  const link = trackingUrl(o.carrier, o.trackingNumber);
  const via = o.carrier === 'inny' ? '' : ` przez ${carrierName(o.carrier)}`;
  const blocks: MailBlock[] = [
    { kind: 'p', text: `Twoje zamówienie ${o.number} ze sklepu ${o.shopName} zostało wysłane${via}.` },
    { kind: 'p', text: `Numer przesyłki: ${o.trackingNumber}` },
  ];
  if (link) blocks.push({ kind: 'action', label: 'Śledź przesyłkę', url: link });
  blocks.push(...withdrawalLinkBlocks(o.withdrawUrl));
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
