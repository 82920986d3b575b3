import { msg, PaymentMethod, paymentMethodLabel } from '@club/contract';
import type { PaymentMethodModule } from './method.ts';

/**
 * Cash on delivery (20): only with a shipping option that allows it, and only while the club has
 * not switched it off (panel: payments). Above the club's threshold the order waits for the
 * buyer's confirmation from the e-mail.
 */
export const cashOnDeliveryMethod: PaymentMethodModule = {
  code: PaymentMethod.cashOnDelivery,
  label: paymentMethodLabel[PaymentMethod.cashOnDelivery]!,
  online: false,
  recordedAs: 'cod',
  allows: (shipping, club) => shipping.cashOnDelivery && club.cashOnDelivery,
  unavailable: msg.orderCashOnDeliveryUnavailable,
  hold: { above: (club) => club.codConfirmationAbove },
  confirmationNote: 'Zapłacisz przy odbiorze przesyłki. O wysyłce poinformujemy Cię osobno.',
};
