import { z } from 'zod';
import { msg } from './messages.ts';

/**
 * Carriers a club ships with, each with its public tracking page (`{n}`: the parcel number,
 * URL-encoded). 'inny' has none: the buyer gets the number alone.
 */
export const CARRIERS = {
  inpost: { name: 'InPost', url: 'https://inpost.pl/sledzenie-przesylek?number={n}' },
  dpd: { name: 'DPD', url: 'https://tracktrace.dpd.com.pl/parcelDetails?typ=1&p1={n}' },
  dhl: { name: 'DHL', url: 'https://www.dhl.com/pl-pl/home/sledzenie-przesylek.html?tracking-id={n}' },
  pocztapolska: { name: 'Poczta Polska', url: 'https://emonitoring.poczta-polska.pl/?numer={n}' },
  gls: { name: 'GLS', url: 'https://gls-group.com/PL/pl/sledzenie-paczek?match={n}' },
  orlen: { name: 'Orlen Paczka', url: 'https://www.orlenpaczka.pl/sledz-paczke/?numer={n}' },
  ups: { name: 'UPS', url: 'https://www.ups.com/track?loc=pl_PL&tracknum={n}' },
  fedex: { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={n}' },
  inny: { name: 'inny', url: null },
} as const satisfies Record<string, { name: string; url: string | null }>;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as [Carrier, ...Carrier[]];

/** Parcel numbers of every listed carrier: letters, digits and dashes, 6–40 of them. */
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{4,38}[A-Za-z0-9]$/;

/** The carrier's tracking page for this parcel; null for 'inny' or an unknown carrier. */
export const trackingUrl = (carrier: string, number: string): string | null => {
  const c = (CARRIERS as Record<string, { url: string | null }>)[carrier];
  return c?.url ? c.url.replace('{n}', encodeURIComponent(number)) : null;
};

export const carrierName = (carrier: string): string =>
  (CARRIERS as Record<string, { name: string }>)[carrier]?.name ?? carrier;

/** The panel's form: the carrier and the parcel number it gave. */
export const PanelOrderShipmentSchema = z.object({
  Przewoznik: z.enum(CARRIER_IDS, { error: msg.panelInvalidCarrier }),
  NumerPrzesylki: z
    .string({ error: msg.panelInvalidTrackingNumber })
    .trim()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(TRACKING_NUMBER, msg.panelInvalidTrackingNumber)),
});
export type PanelOrderShipment = z.output<typeof PanelOrderShipmentSchema>;

/** The parcel as the panel and the buyer's history show it; null until it is sent. */
export const OrderShipmentSchema = z
  .object({
    Przewoznik: z.string(),
    PrzewoznikNazwa: z.string(),
    NumerPrzesylki: z.string(),
    /** The carrier's tracking page; null for 'inny'. */
    Link: z.string().nullable(),
    Wyslano: z.string(),
  })
  .nullable();
export type OrderShipment = z.infer<typeof OrderShipmentSchema>;
