import { type DeliveryData, formatGrosze, PaymentMethod, paymentMethodLabel } from '@club/contract';
import type { ReactNode } from 'react';
import { deliveryMethodText } from '../lib/delivery.ts';
import { checkoutUi } from '../texts/checkout.ts';
import { giftCardUi } from '../texts/gift-card.ts';
import { Link } from './Link.tsx';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 p-4 sm:p-5">
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="mt-2 break-words">{children}</div>
    </section>
  );
}

/**
 * Spec 'Order summary': the address, the delivery method with its price and the extra info in
 * brackets ('Paczkomat InPost (WAW01M)'; `shippingCost` in grosze: what is charged, 0 above the
 * free-shipping threshold), the payment method (10 PayU, 20 'Płatność przy odbiorze'),
 * and the company invoice data when the buyer asked for one.
 */
export function OrderReview({
  data,
  shippingCost,
  paidByCard = false,
}: {
  data: DeliveryData;
  shippingCost?: number;
  /** A gift card pays the whole order (decision 154): no method is used. */
  paidByCard?: boolean;
}) {
  return (
    <div className="grid gap-4">
      <Block title={checkoutUi.summaryAddress}>
        <address className="not-italic leading-relaxed" data-testid="summary-address">
          {data.Nazwa}
          <br />
          {data.UlicaINumer}
          <br />
          {data.KodPocztowy} {data.Miasto}
          <br />
          {checkoutUi.phone}: {data.Telefon}
          <br />
          {checkoutUi.email}: {data.Email}
        </address>
      </Block>
      <Block title={checkoutUi.summaryShipping}>
        <p className="flex flex-wrap justify-between gap-x-4" data-testid="summary-method">
          <span>{deliveryMethodText(data)}</span>
          <span className="text-right">
            <span className="whitespace-nowrap font-semibold">
              {formatGrosze(shippingCost ?? data.SposobDostawy?.Meta ?? 0)}
            </span>{' '}
            {/* Free above the club's threshold: the usual price struck through, as in the delivery step. */}
            {shippingCost !== undefined && shippingCost < (data.SposobDostawy?.Meta ?? 0) && (
              <span className="ml-1 whitespace-nowrap text-sm text-muted">
                <span className="sr-only">{checkoutUi.regularPrice} </span>
                <s>{formatGrosze(data.SposobDostawy?.Meta ?? 0)}</s>
              </span>
            )}
          </span>
        </p>
      </Block>
      <Block title={checkoutUi.summaryPayment}>
        <p data-testid="summary-payment">
          {paidByCard ? giftCardUi.paidByCard : paymentMethodLabel[data.Platnosc ?? PaymentMethod.payu]}
        </p>
      </Block>
      {data.Faktura && (
        <Block title={checkoutUi.summaryInvoice}>
          <p data-testid="summary-invoice">
            {data.Faktura.Nazwa}
            <br />
            {checkoutUi.invoiceNip}: {data.Faktura.NIP}
          </p>
        </Block>
      )}
      <p>
        <Link
          to="/dostawa-i-platnosc"
          className="font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
        >
          {checkoutUi.changeData}
        </Link>
      </p>
    </div>
  );
}
