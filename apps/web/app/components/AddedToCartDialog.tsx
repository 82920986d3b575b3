import { formatPrice } from '@club/contract';
import { type RefObject, useId, useRef } from 'react';
import { PRODUCT_PHOTO_SIZE } from '../lib/images.ts';
import { lineTotal } from '../lib/product-form.ts';
import { shopUi } from '../texts/shop.ts';
import { ModalDialog } from './ModalDialog.tsx';

export type AddedItem = { name: string; image: string; price: number; quantity: number };

type Props = {
  item: AddedItem | null;
  open: boolean;
  onClose(): void;
  onGoToOrder(): void;
  /** Gets the focus back when the dialog closes (the add-to-cart button). */
  returnFocusRef: RefObject<HTMLElement | null>;
};

/**
 * Spec 'Added-to-cart dialog': a modal <dialog> (the page behind is inert), focus kept inside,
 * Esc or 'Kontynuuj zakupy' closes it, 'Przejdź do realizacji zamówienia' closes it and the page
 * then navigates to /koszyk. Focus returns to the add-to-cart button.
 */
export function AddedToCartDialog({ item, open, onClose, onGoToOrder, returnFocusRef }: Props) {
  const continueRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const detailsId = useId();

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      titleId={titleId}
      describedBy={detailsId}
      firstFocus={continueRef}
      returnFocus={returnFocusRef}
    >
      {item && (
        <>
          <h2 id={titleId} className="flex items-start gap-2 pr-10 text-lg font-bold text-primary sm:text-xl">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="mt-0.5 shrink-0">
              <circle cx="12" cy="12" r="11" fill="currentColor" />
              <path
                d="M7 12.5l3.2 3.2L17 9"
                fill="none"
                stroke="#fff"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
            {shopUi.added}
          </h2>
          <div id={detailsId} className="mt-5 flex gap-4">
            <img
              src={item.image}
              alt=""
              width={PRODUCT_PHOTO_SIZE}
              height={PRODUCT_PHOTO_SIZE}
              className="size-24 shrink-0 rounded-md border border-gray-200 object-cover sm:size-28"
            />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words" data-testid="added-name">
                {item.name}
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted">{shopUi.unitPrice}</dt>
                <dd className="font-medium">{formatPrice(item.price)}</dd>
                <dt className="text-muted">{shopUi.quantity}</dt>
                <dd className="font-medium">{item.quantity}</dd>
                <dt className="font-semibold">{shopUi.total}</dt>
                <dd className="font-bold text-primary">
                  {formatPrice(lineTotal(item.price, item.quantity))}
                </dd>
              </dl>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              ref={continueRef}
              type="button"
              onClick={onClose}
              className="btn border border-primary bg-white text-primary hover:bg-primary-light"
            >
              {shopUi.continueShopping}
            </button>
            <button type="button" onClick={onGoToOrder} className="btn-primary">
              {shopUi.toOrder}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
