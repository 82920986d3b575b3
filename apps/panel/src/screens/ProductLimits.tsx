import type { PanelProduct } from '@club/contract';
import { CheckField } from '../components/CheckField.tsx';
import type { FieldErrors } from '../components/FieldError.tsx';
import { ui } from '../texts.ts';

const t = ui.product;

/** A limited edition: pieces per buyer across their orders, and numbered pieces (decision 145). */
export const ProductLimits = ({
  id,
  product,
  errors,
}: {
  id: string;
  product: PanelProduct | null;
  errors: FieldErrors;
}) => (
  <>
    <div className="max-w-md">
      <label htmlFor={`${id}-LimitNaOsobe`} className="mb-1 block font-semibold">
        {t.customerLimit}
      </label>
      <input
        id={`${id}-LimitNaOsobe`}
        name="limitNaOsobe"
        inputMode="numeric"
        defaultValue={product?.LimitNaOsobe == null ? '' : String(product.LimitNaOsobe)}
        className="field w-40"
        {...errors.described('LimitNaOsobe', `${id}-LimitNaOsobe-hint`)}
      />
      {errors.error('LimitNaOsobe')}
      <p id={`${id}-LimitNaOsobe-hint`} className="mt-1 text-sm text-muted">
        {t.customerLimitHint}
      </p>
    </div>
    <CheckField
      id={`${id}-numerowana`}
      name="numerowana"
      label={t.numberedEdition}
      hint={t.numberedEditionHint}
      checked={product?.EdycjaNumerowana ?? false}
    />
  </>
);
