import { msg, PaymentMethod, paymentMethodLabel } from '@club/contract';
import type { PaymentMethodModule } from './method.ts';

/** Online payment (10): every shipping option, through the club's provider (PayU, or the demo one). */
export const payuMethod: PaymentMethodModule = {
  code: PaymentMethod.payu,
  label: paymentMethodLabel[PaymentMethod.payu]!,
  online: true,
  allows: () => true,
  unavailable: msg.onlinePaymentUnavailable,
  hold: null,
  confirmationNote: 'Zamówienie przekażemy do realizacji, gdy otrzymamy potwierdzenie płatności.',
};
