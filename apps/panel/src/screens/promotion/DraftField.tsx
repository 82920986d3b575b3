import type { ComponentProps } from 'react';
import type { FieldErrors } from '../../components/FieldError.tsx';
import type { PromotionDraft } from '../../lib/promotion-form.ts';

export type DraftProps = {
  /** The form's id prefix: each field is `${id}-${field}`, its hint `-hint`, its error `-error`. */
  id: string;
  draft: PromotionDraft;
  set: (patch: Partial<PromotionDraft>) => void;
  errors: FieldErrors;
};

/** One text field of the draft with its label, hint and error, described for a screen reader. */
export const DraftField = ({
  id,
  draft,
  set,
  errors,
  field,
  error = field,
  label,
  hint,
  className = '',
  ...input
}: DraftProps & {
  field: keyof PromotionDraft;
  /** The message's key when not the field's own (`Zestaw.Cena` for `CenaZestawu`). */
  error?: string;
  label: string;
  hint?: string;
} & Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange'>) => (
  <div className={className}>
    <label htmlFor={`${id}-${error}`} className="mb-1 block font-semibold">
      {label}
    </label>
    <input
      id={`${id}-${error}`}
      className="field"
      value={String(draft[field])}
      onChange={(e) => set({ [field]: e.target.value })}
      {...errors.described(error, hint ? `${id}-${error}-hint` : undefined)}
      {...input}
    />
    {hint && (
      <p id={`${id}-${error}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
    )}
    {errors.error(error)}
  </div>
);

/** A checkbox of the draft, with its hint. */
export const DraftCheck = ({
  id,
  draft,
  set,
  field,
  label,
  hint,
}: Omit<DraftProps, 'errors'> & { field: 'ZNadrukiem' | 'LaczySie'; label: string; hint: string }) => (
  <div className="flex items-start gap-3">
    <input
      id={`${id}-${field}`}
      type="checkbox"
      checked={draft[field]}
      onChange={(e) => set({ [field]: e.target.checked })}
      aria-describedby={`${id}-${field}-hint`}
      className="mt-1 size-5 shrink-0 accent-primary"
    />
    <div>
      <label htmlFor={`${id}-${field}`} className="font-semibold">
        {label}
      </label>
      <p id={`${id}-${field}-hint`} className="text-sm text-muted">
        {hint}
      </p>
    </div>
  </div>
);
