import { type Cart, type DeliveryData, DeliverySchema, type ShippingOption } from '@club/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, type FieldErrors } from 'react-hook-form';
import { fetchCurrentCart } from '../lib/checkout.ts';
import {
  buysGiftCards,
  type DeliveryFormValues,
  needsLockerNumber,
  paymentAfterShippingChange,
  paymentMethodsFor,
  toPayAfterCardZl,
  toShippingChoice,
} from '../lib/delivery.ts';
import { checkoutUi } from '../texts/checkout.ts';
import { giftCardUi } from '../texts/gift-card.ts';
import { SubmitButton } from './form/SubmitButton.tsx';
import { TextField } from './form/TextField.tsx';
import { type TextFieldSpec, TextFields } from './form/TextFields.tsx';
import { useZodForm } from './form/useZodForm.ts';
import { PaymentOptions } from './PaymentOptions.tsx';
import { ProductsSummary } from './ProductsSummary.tsx';
import { ShippingOptions } from './ShippingOptions.tsx';

/**
 * With a discount code or a gift card kept in the cart, the cart priced by the server with the
 * chosen delivery (a free-shipping code shows there, and what the card leaves to pay); otherwise,
 * and until it answers, the cart as read.
 */
const useCartPricedWith = (cart: Cart, shippingId: number | undefined): Cart => {
  const [priced, setPriced] = useState<Cart | null>(null);
  const hasCode = !!cart.KodRabatowy || !!cart.KartaPodarunkowa;
  useEffect(() => {
    if (!hasCode || !shippingId) return;
    let live = true;
    fetchCurrentCart(shippingId).then(
      (next) => live && next && setPriced(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [hasCode, shippingId]);
  return priced && priced.Dostawa?.Id === shippingId ? priced : cart;
};

export const INPOST_FINDER_URL = 'https://inpost.pl/znajdz-paczkomat';

type Props = {
  options: ShippingOption[];
  initial: DeliveryFormValues;
  cart: Cart;
  alias: string;
  /** The club's free-shipping threshold (grosze; null: none): from it on, delivery costs 0. */
  freeShippingFrom?: number | null;
  onSubmit(values: DeliveryData): void;
};

/** 'Wybierz sposób dostawy' sits on SposobDostawy itself when nothing is chosen, on its Id otherwise. */
const shippingError = (errors: FieldErrors<DeliveryFormValues>): string | undefined => {
  const e = errors.SposobDostawy as ({ message?: string } & { Id?: { message?: string } }) | undefined;
  return e?.message ?? e?.Id?.message;
};

type Spec = TextFieldSpec<DeliveryFormValues>;
const c = checkoutUi;
const ADDRESS = (
  [
    { name: 'Nazwa', label: c.name, autoComplete: 'name', className: 'sm:col-span-2' },
    { name: 'UlicaINumer', label: c.street, autoComplete: 'address-line1', className: 'sm:col-span-2' },
    { name: 'KodPocztowy', label: c.postcode, autoComplete: 'postal-code' },
    { name: 'Miasto', label: c.city, autoComplete: 'address-level2' },
    { name: 'Telefon', label: c.phone, autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
    { name: 'Email', label: c.email, autoComplete: 'email', type: 'email', hint: c.emailHint },
  ] satisfies Spec[]
).map((f): Spec => ({ ...f, required: true }));
const INVOICE: Spec[] = [
  {
    name: 'Faktura.Nazwa',
    label: c.invoiceCompany,
    required: true,
    autoComplete: 'organization',
    className: 'sm:col-span-2',
  },
  {
    name: 'Faktura.NIP',
    label: c.invoiceNip,
    required: true,
    autoComplete: 'off',
    inputMode: 'numeric',
    hint: c.invoiceNipHint,
  },
];

/** The payment when a gift card pays the whole order (decision 154). */
export function PaidByCardNote() {
  return (
    <div className="rounded-md border border-primary bg-primary-light px-3 py-3" data-testid="paid-by-card">
      <p className="font-semibold">{giftCardUi.paidByCard}</p>
      <p className="text-sm text-muted">{giftCardUi.paidByCardNote}</p>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-gray-200 p-4 sm:p-5">
      <legend className="px-1">
        <h2 className="text-lg font-bold sm:text-xl">{title}</h2>
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * Spec 'Delivery and payment': address, shipping option, payment and the summary box.
 * Locker shipping adds a required locker number; any change of shipping resets payment to PayU.
 * Errors appear after the first submit attempt (contract DeliverySchema).
 */
export function DeliveryForm({ options, initial, cart, alias, freeShippingFrom = null, onSubmit }: Props) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const {
    control,
    register,
    handleSubmit,
    setValue,
    trigger,
    watch,
    formState: { errors, isSubmitted },
  } = useZodForm(DeliverySchema, initial);
  const shipping = watch('SposobDostawy');
  // 'Chcę fakturę na firmę': without it the order carries no invoice data at all (Faktura null).
  const [invoice, setInvoice] = useState(() => !!initial.Faktura);
  const toggleInvoice = (on: boolean) => {
    setInvoice(on);
    setValue('Faktura', on ? { Nazwa: '', NIP: '' } : null, { shouldValidate: isSubmitted && on });
  };
  const chosen = options.find((o) => o.Id === shipping?.Id);
  const locker = needsLockerNumber(shipping);
  const priced = useCartPricedWith(cart, shipping?.Id);
  const paidByCard = toPayAfterCardZl(priced, shipping) === 0;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((v) => onSubmit(v))}
      className="grid gap-6 lg:grid-cols-3 lg:gap-8"
    >
      <div className="grid min-w-0 gap-6 lg:col-span-2">
        <Section title={checkoutUi.addressSection}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextFields register={register} errors={errors} fields={ADDRESS} />
          </div>
          <div className="mt-4 border-t border-gray-200 pt-4">
            <label className="flex cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                checked={invoice}
                onChange={(e) => toggleInvoice(e.target.checked)}
                aria-controls={invoice ? id('invoice') : undefined}
                className="size-5 shrink-0 rounded accent-primary"
              />
              <span className="font-medium">{checkoutUi.invoiceWanted}</span>
            </label>
            {invoice && (
              <div id={id('invoice')} className="mt-4 grid gap-4 sm:grid-cols-2">
                <TextFields register={register} errors={errors} fields={INVOICE} />
              </div>
            )}
          </div>
        </Section>

        <Section title={checkoutUi.shippingSection}>
          {cart.TylkoKartyPodarunkowe && (
            <p className="mb-3 text-sm" data-testid="gift-card-delivery">
              {giftCardUi.deliveryNote}
            </p>
          )}
          <Controller
            control={control}
            name="SposobDostawy"
            render={({ field }) => (
              <ShippingOptions
                name={id('shipping')}
                options={options}
                cart={cart}
                freeShippingFrom={freeShippingFrom}
                value={field.value?.Id}
                inputRef={field.ref}
                onBlur={field.onBlur}
                error={shippingError(errors)}
                errorId={id('shipping-error')}
                onChange={(o) => {
                  field.onChange(toShippingChoice(o));
                  // Spec: any change of the shipping option resets payment to PayU.
                  setValue('Platnosc', paymentAfterShippingChange());
                  if (isSubmitted) void trigger('DodatkoweInformacjeDostawa');
                }}
              />
            )}
          />
          {locker && (
            <TextField
              className="mt-4"
              label={checkoutUi.lockerNumber}
              name="DodatkoweInformacjeDostawa"
              register={register}
              required
              autoComplete="off"
              error={errors.DodatkoweInformacjeDostawa}
              hint={
                <>
                  {checkoutUi.lockerHint}{' '}
                  <a
                    href={INPOST_FINDER_URL}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
                  >
                    {checkoutUi.lockerFinder}
                    <span className="sr-only"> {checkoutUi.newTab}</span>
                    <span aria-hidden="true"> ↗</span>
                  </a>
                </>
              }
            />
          )}
        </Section>

        <Section title={checkoutUi.paymentSection}>
          {paidByCard ? (
            // Nothing left to pay: the form still sends PayU, and the server records the card's payment.
            <PaidByCardNote />
          ) : (
            <Controller
              control={control}
              name="Platnosc"
              render={({ field }) => (
                <PaymentOptions
                  name={id('payment')}
                  methods={paymentMethodsFor(chosen, buysGiftCards(cart))}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </Section>
      </div>

      <div className="min-w-0">
        <div className="grid gap-4 lg:sticky lg:top-4">
          <ProductsSummary
            cart={priced}
            alias={alias}
            shipping={shipping}
            freeShippingFrom={freeShippingFrom}
          />
          <SubmitButton className="w-full py-3 text-lg">{checkoutUi.toSummary}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
