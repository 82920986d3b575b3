import { ApiClientError, formatPrice, type GiftCardBalance, giftCardStateLabel, msg } from '@club/contract';
import { useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { Field } from '../components/form/Field.tsx';
import { useHydrated } from '../components/form/useHydrated.ts';
import { Link } from '../components/Link.tsx';
import { SubPage } from '../components/SubPage.tsx';
import { requestApi } from '../lib/api.server.ts';
import { formatDate } from '../lib/dates.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { giftCardUi as t } from '../texts/gift-card.ts';
import type { Route } from './+types/gift-card-balance';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.balanceTitle);

type Outcome = { balance: GiftCardBalance; error?: undefined } | { error: string; balance?: undefined };

/**
 * The code goes to the API from the server, so the form works before (or without) the page's
 * scripts; the API counts the tries per club and address (the fan's, passed on in-process).
 */
export async function action({ request, context }: Route.ActionArgs): Promise<Outcome> {
  const form = await request.formData();
  const code = form.get('Kod');
  const { call } = requestApi({ request, context });
  try {
    return {
      balance: await call('getGiftCardBalance', { body: { Kod: typeof code === 'string' ? code : '' } }),
    };
  } catch (err) {
    if (err instanceof ApiClientError && err.status < 500) return { error: err.body.Message };
    return { error: msg.genericError };
  }
}

function BalanceResult({ card }: { card: GiftCardBalance }) {
  const rows: [string, string][] = [
    [t.state, giftCardStateLabel[card.Stan]],
    [t.balance, formatPrice(card.Saldo)],
    [t.amount, formatPrice(card.Kwota)],
    [t.validUntil, formatDate(card.WaznaDo)],
  ];
  return (
    <section
      aria-labelledby="gift-card-result"
      className="mt-6 rounded-lg border border-gray-200 bg-gray-50 p-4 sm:p-5"
      data-testid="gift-card-balance"
    >
      <h2 id="gift-card-result" className="text-lg font-bold">
        {t.resultTitle(card.Koncowka)}
      </h2>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className={label === t.balance ? 'font-bold text-primary' : 'font-semibold'}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** `/karta-podarunkowa`: the holder types the code from their e-mail and sees what is left on the card. */
export default function GiftCardBalancePage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const error = actionData?.error;
  // Each refusal sends the fan back to the field (a new object per answer, so twice the same error too).
  useEffect(() => {
    if (actionData?.error) input.current?.focus();
  }, [actionData]);

  return (
    <SubPage breadcrumbs={[{ label: t.balanceTitle }]} title={t.balanceTitle}>
      <div className="max-w-xl">
        <p className="text-muted">{t.balanceIntro}</p>
        <Form method="post" noValidate className="mt-6" aria-label={t.balanceTitle}>
          <Field label={t.codeLabel} hint={t.codeHint} error={error}>
            {(control) => (
              <input
                {...control}
                ref={input}
                name="Kod"
                required
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
                // Without scripts the answer is a new page: the field takes the focus back there
                // (with them, the effect above does; the browser's DOM would say autofocus="true").
                // biome-ignore lint/a11y/noAutofocus: only after a refused code, to correct it.
                autoFocus={!hydrated && !!error}
                defaultValue=""
                className={`${control.className} font-mono uppercase`}
              />
            )}
          </Field>
          {/* Under the field's hint and error, so a phone shows the refusal right under the code. */}
          <button type="submit" className="btn-primary mt-3 min-h-11 px-5" aria-busy={busy || undefined}>
            {busy ? t.checking : t.check}
          </button>
        </Form>
        <div role="status">{actionData?.balance && <BalanceResult card={actionData.balance} />}</div>
        <p className="mt-8">
          <Link
            to="/produkty"
            className="font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
          >
            {t.toShop}
          </Link>
        </p>
      </div>
    </SubPage>
  );
}
