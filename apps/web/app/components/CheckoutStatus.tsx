import type { ReactNode } from 'react';
import { checkoutUi } from '../texts/checkout.ts';
import { FormAlert } from './form/FormAlert.tsx';
import { Link } from './Link.tsx';
import { LoadingBlock } from './LoadingBlock.tsx';

/** The frame of a checkout step: its heading over the step's content. */
export function CheckoutPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container-page py-8 sm:py-10">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}

/** What a checkout page shows until the browser-side data is there: a placeholder of the page's height, or an error. */
export function CheckoutStatus({ error }: { error?: string }) {
  if (error) return <FormAlert kind="error">{error}</FormAlert>;
  return <LoadingBlock minHeight="min-h-[32rem]" />;
}

/** An empty cart cannot be ordered: a note and the way back to the products. */
export function EmptyCartNote() {
  return (
    <div className="rounded-lg border border-gray-200 bg-gray-50 p-6 text-center">
      <p className="text-lg">{checkoutUi.emptyCart}</p>
      <Link to="/produkty" className="btn-primary mt-4">
        {checkoutUi.browseProducts}
      </Link>
    </div>
  );
}
