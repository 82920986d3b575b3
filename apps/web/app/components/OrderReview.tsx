import { type DeliveryData, formatGrosze, PaymentMethod, paymentMethodLabel } from '@club/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { deliveryMethodText } from '../lib/delivery.ts';
import { ui } from '../texts.ts';

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
 * brackets ('Paczkomat InPost (WAW01M)'), and the payment method (10 PayU, 20 'Płatność przy odbiorze').
 */
export function OrderReview({ data }: { data: DeliveryData }) {
  return (
    <div className="grid gap-4">
      <Block title={ui.checkout.summaryAddress}>
        <address className="not-italic leading-relaxed" data-testid="summary-address">
          {data.Nazwa}
          <br />
          {data.UlicaINumer}
          <br />
          {data.KodPocztowy} {data.Miasto}
          <br />
          {ui.checkout.phone}: {data.Telefon}
          <br />
          {ui.checkout.email}: {data.Email}
        </address>
      </Block>
      <Block title={ui.checkout.summaryShipping}>
        <p className="flex flex-wrap justify-between gap-x-4" data-testid="summary-method">
          <span>{deliveryMethodText(data)}</span>
          <span className="font-semibold">{formatGrosze(data.SposobDostawy?.Meta ?? 0)}</span>
        </p>
      </Block>
      <Block title={ui.checkout.summaryPayment}>
        <p data-testid="summary-payment">{paymentMethodLabel[data.Platnosc ?? PaymentMethod.payu]}</p>
      </Block>
      <p>
        <Link
          to="/dostawa-i-platnosc"
          className="font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
        >
          {ui.checkout.changeData}
        </Link>
      </p>
    </div>
  );
}
