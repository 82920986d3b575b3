import {
  type PanelPromotionStats,
  type PanelPromotionStatsQuery,
  PanelPromotionStatsQuerySchema,
} from '@club/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { api } from '../../api.ts';
import { fieldErrors } from '../../components/FieldError.tsx';
import { ErrorBox } from '../../components/PageTitle.tsx';
import { useAction } from '../../components/useAction.ts';
import { formatPrice } from '../../lib/format.ts';
import { ui } from '../../texts.ts';

const t = ui.promotions;

/** `2026-03-16` as a Pole reads it, `16.03.2026`. */
const polishDay = (day: string | null) => (day === null ? null : day.split('-').reverse().join('.'));

/**
 * What the promotion brought: its orders (not cancelled), their revenue and what it took off the
 * products and the delivery, in a period of Polish calendar days (empty: its whole life), the
 * server's figures as the dashboard counts them. The period form only reads (method="get"): typing
 * a date is no unsaved change of the promotion.
 */
export const PromotionUsage = ({ promotionId }: { promotionId: number }) => {
  const id = useId();
  const action = useAction();
  const [period, setPeriod] = useState({ od: '', do: '' });
  const [stats, setStats] = useState<PanelPromotionStats | null>(null);
  const errors = fieldErrors(id, action.fields);
  const { run } = action;

  const load = (query: PanelPromotionStatsQuery) =>
    run(() => api.call('panelPromotionStats', { params: { id: promotionId }, query }), undefined, setStats);

  // The whole life at first; `run` is new on every render, the promotion is what matters.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per promotion
  useEffect(() => {
    void load({});
  }, [promotionId]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = { ...(period.od && { od: period.od }), ...(period.do && { do: period.do }) };
    if (action.validate(PanelPromotionStatsQuerySchema, query)) void load(query);
  };

  const dateField = (name: 'od' | 'do', label: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-semibold">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="date"
        value={period[name]}
        onChange={(e) => setPeriod((p) => ({ ...p, [name]: e.target.value }))}
        className="field"
        {...errors.described(name)}
      />
      {errors.error(name)}
    </div>
  );

  const figures: [string, string][] = stats
    ? [
        [t.usageOrders, String(stats.Zamowienia)],
        [t.usageRevenue, formatPrice(stats.Przychod)],
        [t.usageItems, formatPrice(stats.RabatProdukty)],
        [t.usageShipping, formatPrice(stats.RabatDostawa)],
        ...(stats.WykorzystaneKody !== null && stats.LiczbaKodow !== null
          ? [[t.usageCodes, t.usageCodesOf(stats.WykorzystaneKody, stats.LiczbaKodow)] as [string, string]]
          : []),
      ]
    : [];

  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t.usage}
      </h2>
      <p className="text-muted">{t.usageIntro}</p>
      <form
        method="get"
        noValidate
        onSubmit={submit}
        aria-label={t.usagePeriod}
        className="flex flex-wrap items-end gap-3"
      >
        {dateField('od', t.usageFrom)}
        {dateField('do', t.usageTo)}
        <button type="submit" className="btn-secondary">
          {action.busy ? t.usageLoading : t.usageShow}
        </button>
      </form>
      <ErrorBox>{action.error}</ErrorBox>
      {/* Read out when another period's figures come (polite, not a status: the screen's notice is that). */}
      <p aria-live="polite" className="font-semibold">
        {stats && t.usageShown(polishDay(stats.Od), polishDay(stats.Do))}
      </p>
      {stats && (
        <dl className="grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-3">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-md border border-gray-200 px-3 py-2">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="text-xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
};
