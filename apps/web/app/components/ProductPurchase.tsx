import { DIALOG_TO_CART_MS, msg, type Product, vatNote } from '@club/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../lib/browser-api.ts';
import { useCart } from '../lib/cart.tsx';
import {
  cartLineFromForm,
  chooseValue,
  chosenParameter,
  displayName,
  hasErrors,
  initialFormState,
  isOutOfStock,
  type OptionChoices,
  parameterMode,
  priceOf,
  stockOf,
  validateProductForm,
  valueAvailable,
} from '../lib/product-form.ts';
import { storage } from '../lib/storage.ts';
import { shopUi } from '../texts/shop.ts';
import { type AddedItem, AddedToCartDialog } from './AddedToCartDialog.tsx';
import { FormAlert } from './form/FormAlert.tsx';
import { serverMessage } from './form/server-error.ts';
import { useHydrated } from './form/useHydrated.ts';
import { MemberPrice } from './MemberPrice.tsx';
import { ParameterSelect } from './ParameterSelect.tsx';
import { PrintingFields, printingFromForm } from './PrintingFields.tsx';
import { QuantitySelector } from './QuantitySelector.tsx';
import { ShownPrice } from './ShownPrice.tsx';
import { SizeGuideDialog } from './SizeGuideDialog.tsx';

type Props = {
  product: Product;
  image: string;
  /** Told the values chosen for the named options (the page shows a colour's own photos). */
  onChoose?: (values: (string | null)[]) => void;
  /** Variants on pre-order: their label with the shipping date, made by the loader (decision 144). */
  preorders: Record<number, string>;
};

/**
 * Price, quantity, parameter and the add-to-cart button of the product page (spec 4 'Product
 * page' and 'Adding to cart'). Mount it with `key={product.Id}`: another product starts from a
 * fresh state (quantity 1, its stock, its parameter field, no validation shown).
 */
export function ProductPurchase({ product, image, onChoose, preorders }: Props) {
  const { refresh, rememberGuid } = useCart();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const id = useId();
  const quantityId = `${id}-quantity`;
  const parameterId = `${id}-parameter`;
  const outOfStock = isOutOfStock(stockOf(product));
  const mode = parameterMode(product);

  const [form, setForm] = useState(() => initialFormState(product));
  // Named options (Kolor, Rozmiar): a value of each picks the variant, whose Id is the form's parameter.
  const named = product.Opcje?.length ? product.Opcje : null;
  const [choices, setChoices] = useState<OptionChoices>(() => (named ?? []).map(() => null));
  const unchosen = named ? Math.max(0, choices.indexOf(null)) : 0;
  const { price, lowest, promotion } = priceOf(product, form.parameterId);
  // The chosen size's own stock once one is chosen (stock is kept per parameter); the total before.
  const stock = stockOf(product, form.parameterId);
  // The club's limit per order line, when it is below the stock, caps the quantity control too.
  const limited = product.MaksIlosc !== undefined && product.MaksIlosc < stock;
  const max = limited ? product.MaksIlosc! : stock;
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');
  const [printingErr, setPrintingErr] = useState('');
  const [added, setAdded] = useState<AddedItem | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const addRef = useRef<HTMLButtonElement>(null);
  const quantityRef = useRef<HTMLDivElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const toCartTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(toCartTimer.current), []);

  const errors = submitted ? validateProductForm(product, form, max) : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || outOfStock) return;
    setSubmitted(true);
    setServerError('');
    const found = validateProductForm(product, form, max);
    const printing = product.Nadruk
      ? printingFromForm(product.Nadruk, e.currentTarget as HTMLFormElement)
      : null;
    setPrintingErr(printing?.error ?? '');
    if (printing?.error) {
      (e.currentTarget as HTMLFormElement)
        .querySelector<HTMLInputElement>('[name="nadruk-nazwisko"]')
        ?.focus();
      return;
    }
    if (hasErrors(found)) {
      if (found.quantity) quantityRef.current?.querySelector('input')?.focus();
      else if (named) document.getElementById(`${parameterId}-${unchosen}`)?.focus();
      else selectRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const guid = await api.call('addToCart', {
        params: { guid: storage.cartGuid() },
        body: [{ ...cartLineFromForm(product, form), Nadruk: printing?.value ?? null }],
      });
      rememberGuid(guid.trim());
      await refresh();
      const quantity = form.quantity ?? 1;
      setAdded({
        name: displayName(product.Nazwa, chosenParameter(product, form.parameterId)),
        image,
        // What the cart charges for a piece: the promoted price while a promotion runs.
        price: promotion?.CenaPromocyjna ?? price,
        quantity,
      });
      setDialogOpen(true);
    } catch (err) {
      setServerError(serverMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const goToOrder = () => {
    setDialogOpen(false);
    clearTimeout(toCartTimer.current);
    toCartTimer.current = setTimeout(() => navigate('/koszyk'), DIALOG_TO_CART_MS);
  };

  const quantityDescribedBy = [
    `${quantityId}-stock`,
    limited ? `${quantityId}-limit` : '',
    errors.quantity ? `${quantityId}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <ShownPrice price={price} lowest={lowest} promotion={promotion} offers={product.Oferty} size="page">
          {/* A gift card is a prepayment, not a supply (decision 154): its price includes no VAT yet. */}
          {product.StawkaVat && !product.KartaPodarunkowa && (
            <p className="mt-1 text-sm text-gray-700">{vatNote(product.StawkaVat)}</p>
          )}
        </ShownPrice>
        <MemberPrice
          productId={product.Id}
          regularPrice={price}
          productPrice={product.CenaBrutto}
          publicPrice={promotion?.CenaPromocyjna ?? price}
        />
        <p className="mt-2 font-semibold empty:hidden">{preorders[form.parameterId!]}</p>
      </div>

      {/* Until the page is interactive, choices made would be lost to hydration: the fields wait. */}
      <fieldset disabled={!hydrated} className="min-w-0 space-y-5">
        <div ref={quantityRef}>
          <QuantitySelector
            id={quantityId}
            label={shopUi.quantity}
            value={form.quantity}
            stock={max}
            onChange={(quantity) => setForm((f) => ({ ...f, quantity }))}
            invalid={Boolean(errors.quantity)}
            describedBy={quantityDescribedBy}
          />
          {outOfStock ? (
            <p id={`${quantityId}-stock`} className="mt-2 font-semibold text-red-700">
              {msg.outOfStock}
            </p>
          ) : (
            <p id={`${quantityId}-stock`} className="mt-1 text-sm text-muted">
              {shopUi.inStock(stock)}
            </p>
          )}
          {limited && (
            <p id={`${quantityId}-limit`} className="text-sm text-muted">
              {shopUi.limitPieces(max)}
            </p>
          )}
          {errors.quantity && (
            <p id={`${quantityId}-error`} className="mt-1 text-sm font-medium text-red-700">
              {errors.quantity}
            </p>
          )}
        </div>

        {mode !== 'absent' &&
          named?.map((o, i) => (
            <ParameterSelect
              key={o.Nazwa}
              id={`${parameterId}-${i}`}
              label={o.Nazwa}
              mode={mode}
              // A value's position (from 1: a 0 would read as the empty placeholder's value when the
              // server renders the select) stands for it; one sold out with the other values chosen is marked.
              options={o.Wartosci.map((v, k) => ({
                Id: k + 1,
                Nazwa: v,
                Stan: valueAvailable(product, choices, i, v) ? 1 : 0,
              }))}
              value={choices[i] == null ? null : o.Wartosci.indexOf(choices[i]!) + 1}
              onChange={(k) => {
                const next = chooseValue(product, choices, i, k === null ? null : o.Wartosci[k - 1]!);
                setChoices(next.choices);
                onChoose?.(next.choices);
                setForm((f) => ({ ...f, parameterId: next.parameterId }));
              }}
              disabled={outOfStock}
              error={i === unchosen ? errors.parameter : undefined}
            />
          ))}
        {mode !== 'absent' && !named && (
          <ParameterSelect
            id={parameterId}
            selectRef={selectRef}
            mode={mode}
            options={product.Parametry}
            value={form.parameterId}
            onChange={(parameterId) => setForm((f) => ({ ...f, parameterId }))}
            disabled={outOfStock}
            error={errors.parameter}
          />
        )}
        {/* A category's size guide says nothing of a gift card, which travels by e-mail. */}
        {product.TabelaRozmiarow && !product.KartaPodarunkowa && (
          <SizeGuideDialog guide={product.TabelaRozmiarow} productName={product.Nazwa} />
        )}
        {product.KartaPodarunkowa && (
          <p
            className="rounded-md border border-gray-300 bg-gray-50 p-3 text-sm"
            data-testid="gift-card-note"
          >
            {shopUi.giftCardNote(product.KartaPodarunkowa.WaznoscMiesiecy)}
          </p>
        )}
        {product.Nadruk && <PrintingFields printing={product.Nadruk} price={price} error={printingErr} />}
      </fieldset>

      <FormAlert kind="error">{serverError}</FormAlert>

      <div>
        <button
          ref={addRef}
          type="submit"
          disabled={outOfStock || !hydrated}
          aria-disabled={busy || undefined}
          className="btn-accent w-full px-8 py-3 text-lg disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700 sm:w-auto"
        >
          <svg
            viewBox="0 0 24 24"
            width="22"
            height="22"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path
              d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="9" cy="20" r="1.4" />
            <circle cx="17" cy="20" r="1.4" />
          </svg>
          {busy ? shopUi.adding : shopUi.addToCart}
        </button>
        <p className="mt-3 flex items-center gap-2 text-sm text-muted">
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="shrink-0 text-primary"
          >
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
          {shopUi.securePayments}
        </p>
      </div>

      <AddedToCartDialog
        item={added}
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onGoToOrder={goToOrder}
        returnFocusRef={addRef}
      />
    </form>
  );
}
