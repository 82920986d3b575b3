import { carrierName, type OrderShipment, trackingUrl } from '@club/contract';

/** An order's parcel as the panel and the buyer's history show it; null until the panel sent it. */
export const shipmentView = (o: {
  trackingCarrier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
}): OrderShipment =>
  o.trackingCarrier && o.trackingNumber && o.shippedAt
    ? {
        Przewoznik: o.trackingCarrier,
        PrzewoznikNazwa: carrierName(o.trackingCarrier),
        NumerPrzesylki: o.trackingNumber,
        Link: trackingUrl(o.trackingCarrier, o.trackingNumber),
        Wyslano: o.shippedAt.toISOString(),
      }
    : null;
