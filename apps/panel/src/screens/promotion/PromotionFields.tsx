import { type PanelCustomerGroup, PROMOTION_KINDS, promotionKindLabel } from '@club/contract';
import type { PromotionDraft, ScopeNames } from '../../lib/promotion-form.ts';
import { ui } from '../../texts.ts';
import { BundleEditor } from './BundleEditor.tsx';
import { DraftCheck, DraftField, type DraftProps } from './DraftField.tsx';
import { GroupPicker } from './GroupPicker.tsx';
import { type PickerCategory, ScopePicker } from './ScopePicker.tsx';

const t = ui.promotions;

const section = 'min-w-0 space-y-4 rounded border border-gray-300 p-4';

/** Name, kind and the kind's value. */
const KindFields = (p: DraftProps) => {
  const { id, draft, set, errors } = p;
  return (
    <fieldset className={section}>
      <legend className="px-1 font-semibold">{t.basics}</legend>
      <DraftField {...p} field="Nazwa" label={t.name} hint={t.nameHint} maxLength={100} required />
      <div>
        <label htmlFor={`${id}-Rodzaj`} className="mb-1 block font-semibold">
          {t.kind}
        </label>
        <select
          id={`${id}-Rodzaj`}
          className="field"
          value={draft.Rodzaj}
          onChange={(e) => set({ Rodzaj: e.target.value as PromotionDraft['Rodzaj'] })}
          {...errors.described('Rodzaj')}
        >
          {PROMOTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {promotionKindLabel[k]}
            </option>
          ))}
        </select>
        {errors.error('Rodzaj')}
      </div>
      {draft.Rodzaj === 'percent' && (
        <DraftField {...p} field="Procent" label={t.percent} hint={t.percentHint} inputMode="decimal" />
      )}
      {draft.Rodzaj === 'amount' && (
        <DraftField {...p} field="Kwota" label={t.amount} hint={t.amountHint} inputMode="decimal" />
      )}
      {draft.Rodzaj === 'freeShipping' && <p className="text-muted">{t.freeShippingHint}</p>}
      {draft.Rodzaj === 'buyXGetY' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <DraftField {...p} field="Kup" label={t.buy} hint={t.buyGetHint} inputMode="numeric" />
          <DraftField {...p} field="Gratis" label={t.get} inputMode="numeric" />
        </div>
      )}
    </fieldset>
  );
};

/** Printing, minimum, dates and whether it joins other promotions. */
const ConditionFields = (p: DraftProps) => (
  <fieldset className={section}>
    <legend className="px-1 font-semibold">{t.conditions}</legend>
    <DraftCheck {...p} field="ZNadrukiem" label={t.printing} hint={t.printingHint} />
    <DraftField {...p} field="Minimum" label={t.minimum} hint={t.minimumHint} inputMode="decimal" />
    <div className="grid gap-4 sm:grid-cols-2">
      <DraftField {...p} field="Od" label={t.startsAt} hint={t.datesHint} type="datetime-local" />
      <DraftField {...p} field="Do" label={t.endsAt} hint={t.datesHint} type="datetime-local" />
    </div>
    <DraftCheck {...p} field="LaczySie" label={t.stackable} hint={t.stackableHint} />
    <div className="grid gap-4 sm:grid-cols-2">
      <DraftField {...p} field="LimitUzyc" label={t.usageLimit} hint={t.limitHint} inputMode="numeric" />
      <DraftField
        {...p}
        field="LimitNaKlienta"
        label={t.customerLimit}
        hint={t.limitHint}
        inputMode="numeric"
      />
    </div>
  </fieldset>
);

/** Every field a promotion has, for a new one and a change alike (the codes are the new one's only). */
export const PromotionFields = (
  p: DraftProps & {
    categories: PickerCategory[];
    groups: Pick<PanelCustomerGroup, 'Id' | 'Nazwa'>[];
    names: ScopeNames;
    onNames: (more: ScopeNames) => void;
  },
) => {
  const { id, draft, set, errors, categories, groups, names, onNames } = p;
  // The fields get the draft's props only: the rest would land on their <input> as attributes.
  const base = { id, draft, set, errors };
  return (
    <>
      <KindFields {...base} />
      {draft.Rodzaj === 'bundle' ? (
        <BundleEditor {...p} />
      ) : (
        <ScopePicker
          id={`${id}-Zakres`}
          legend={t.scope}
          scope={draft.Zakres}
          onChange={(Zakres) => set({ Zakres })}
          allowCart
          categories={categories}
          names={names}
          onNames={onNames}
          invalid={Boolean(errors.described('Zakres')['aria-invalid'])}
          describedBy={errors.described('Zakres')['aria-describedby']}
        >
          {errors.error('Zakres')}
        </ScopePicker>
      )}
      <ConditionFields {...base} />
      <GroupPicker {...base} groups={groups} />
    </>
  );
};
