import type { WithdrawalOffer, WithdrawalReceipt, WithdrawalRequest } from '@club/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { withdrawalUi } from '../../texts/withdrawal.ts';
import { SubmitButton } from '../form/SubmitButton.tsx';
import { serverMessage } from '../form/server-error.ts';
import { OutcomeHeading } from '../OutcomeCard.tsx';

const t = withdrawalUi;
const warsaw = new Intl.DateTimeFormat('pl-PL', {
  timeZone: 'Europe/Warsaw',
  dateStyle: 'long',
  timeStyle: 'short',
});
const lineName = (l: { Nazwa: string; Parametr: string | null }) =>
  l.Parametr ? `${l.Nazwa} - ${l.Parametr}` : l.Nazwa;
const withExchange = (size: string | null | undefined) => (size ? ` (${t.exchangeNote(size)})` : '');

/**
 * The withdrawal function (Directive 2023/2673): step 1 picks lines and pieces (exempt lines shown
 * disabled with the law's reason), step 2 confirms with the clearly labelled button, then the
 * acknowledgement with the time of receipt (also e-mailed by the server).
 */
export function WithdrawalFlow({
  offer,
  submit,
}: {
  offer: WithdrawalOffer;
  submit: (body: WithdrawalRequest) => Promise<WithdrawalReceipt>;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const [counts, setCounts] = useState<Record<number, number>>({});
  /** The size (parameter id) asked for instead of the money, per line; absent: a refund. */
  const [sizes, setSizes] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonId = useId();
  const chosen = offer.Pozycje.filter((l) => (counts[l.Id] ?? 0) > 0);
  const sizeName = (l: WithdrawalOffer['Pozycje'][number]) =>
    l.Rozmiary.find((r) => r.Id === sizes[l.Id])?.Nazwa;

  const focusTop = () => requestAnimationFrame(() => headingRef.current?.focus());
  const next = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen.length) return setError(t.noneChosen);
    setError(null);
    setStep(2);
    focusTop();
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      setReceipt(
        await submit({
          Pozycje: chosen.map((l) => ({
            Id: l.Id,
            Ilosc: counts[l.Id]!,
            WymianaNa: sizeName(l) ? sizes[l.Id]! : null,
          })),
          Powod: reason.trim(),
        }),
      );
      focusTop();
    } catch (err) {
      setError(serverMessage(err));
    } finally {
      setPending(false);
    }
  };

  if (receipt)
    return (
      <div className="text-center">
        <OutcomeHeading ok title={t.doneTitle} />
        <p role="status" className="mt-3 text-muted">
          {t.doneText(warsaw.format(new Date(receipt.Otrzymano)))}
        </p>
        <ul className="mt-4 space-y-1 text-left">
          {receipt.Pozycje.map((l) => (
            <li key={lineName(l)}>
              {lineName(l)}: {t.pieces(l.Ilosc)}
              {withExchange(l.WymianaNa)}
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <div className="text-left">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-ink">
        {t.title}
      </h1>
      <p className="mt-3 text-muted">{t.intro(offer.NrZamowienia, offer.Sklep)}</p>
      <p className="mt-1 text-sm text-muted">
        {offer.Do ? t.until(warsaw.format(new Date(offer.Do))) : t.untilDelivery}
      </p>
      {!offer.Otwarte && (
        <p role="alert" className="mt-4 text-red-800">
          {t.closed}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 text-red-800">
          {error}
        </p>
      )}
      {step === 1 ? (
        <form onSubmit={next} noValidate className="mt-6 space-y-4">
          <h2 className="text-lg font-semibold text-ink">{t.step1}</h2>
          <ul className="space-y-3">
            {offer.Pozycje.map((l) => {
              const id = `withdraw-line-${l.Id}`;
              const disabled = !offer.Otwarte || l.Dostepne === 0;
              return (
                <li key={l.Id} className="rounded-lg border border-gray-200 p-3">
                  <label htmlFor={id} className="block font-medium text-ink">
                    <span className="sr-only">{t.quantity('')}</span>
                    {lineName(l)}
                  </label>
                  <p className="text-sm text-muted" id={`${id}-info`}>
                    {t.ordered(l.Ilosc)}
                    {l.Dostepne > 0 && `, ${t.available(l.Dostepne)}`}
                    {l.Wylaczenie ? ` ${l.Wylaczenie}` : l.Dostepne === 0 ? ` ${t.allWithdrawn}` : ''}
                  </p>
                  <input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.Dostepne}
                    value={counts[l.Id] ?? 0}
                    disabled={disabled}
                    aria-describedby={`${id}-info`}
                    onChange={(e) =>
                      setCounts((c) => ({
                        ...c,
                        [l.Id]: Math.max(0, Math.min(l.Dostepne, Number(e.target.value) || 0)),
                      }))
                    }
                    className="mt-2 w-24 rounded border border-gray-400 px-2 py-1 disabled:bg-gray-100"
                  />
                  {!disabled && l.Rozmiary.length > 0 && (
                    <div className="mt-3">
                      <label htmlFor={`${id}-size`} className="block text-sm font-medium text-ink">
                        {t.instead}
                      </label>
                      <select
                        id={`${id}-size`}
                        value={sizes[l.Id] ?? ''}
                        onChange={(e) =>
                          setSizes((c) => {
                            const { [l.Id]: _, ...rest } = c;
                            return e.target.value ? { ...rest, [l.Id]: Number(e.target.value) } : rest;
                          })
                        }
                        className="mt-1 min-h-11 max-w-full rounded border border-gray-400 bg-white px-2 py-1"
                      >
                        <option value="">{t.refund}</option>
                        {l.Rozmiary.map((r) => (
                          <option key={r.Id} value={r.Id}>
                            {t.exchangeTo(r.Nazwa)}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                  {!disabled && l.BrakWymiany && <p className="mt-2 text-sm text-muted">{l.BrakWymiany}</p>}
                </li>
              );
            })}
          </ul>
          <div>
            <label htmlFor={reasonId} className="block font-medium text-ink">
              {t.reason}
            </label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={1000}
              onChange={(e) => setReason(e.target.value)}
              className="mt-1 w-full rounded border border-gray-400 px-2 py-1"
              rows={3}
            />
          </div>
          {offer.Otwarte && <SubmitButton className="px-6">{t.next}</SubmitButton>}
        </form>
      ) : (
        <form onSubmit={confirm} className="mt-6 space-y-4">
          <h2 className="text-lg font-semibold text-ink">{t.step2}</h2>
          <ul className="space-y-1">
            {chosen.map((l) => (
              <li key={l.Id}>
                {lineName(l)}: {t.pieces(counts[l.Id]!)}
                {withExchange(sizeName(l))}
              </li>
            ))}
          </ul>
          {chosen.some((l) => sizeName(l)) && <p className="text-sm text-muted">{t.exchangeInfo}</p>}
          {reason.trim() && (
            <p className="text-sm text-muted">
              {t.reason}: {reason.trim()}
            </p>
          )}
          <p className="text-sm text-ink">{t.confirmInfo}</p>
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={pending} variant="accent" className="px-6">
              {t.confirm}
            </SubmitButton>
            <button
              type="button"
              className="btn min-h-11 border-2 border-primary px-4 text-primary"
              onClick={() => {
                setStep(1);
                focusTop();
              }}
            >
              {t.back}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
