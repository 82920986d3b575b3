import { BANNER_MAX_HEIGHT, BANNER_MIN_HEIGHT } from '@club/contract';
import type { FormEvent } from 'react';
import type { FieldMessages } from '../../components/useAction.ts';
import type { UnsavedGuard } from '../../components/useUnsavedGuard.tsx';
import { ui } from '../../texts.ts';

const t = ui.banner;

/** The banner's height in pixels, within the shop's bounds. */
export const HeightForm = ({
  watch,
  id,
  height,
  setHeight,
  fields,
  busy,
  onSubmit,
}: {
  watch: UnsavedGuard['watch'];
  id: string;
  height: string;
  setHeight: (height: string) => void;
  fields: FieldMessages;
  busy: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
}) => (
  <form {...watch} noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
    <div>
      <label htmlFor={`${id}-Wysokosc`} className="mb-1 block font-semibold">
        {t.height}
      </label>
      <input
        id={`${id}-Wysokosc`}
        type="number"
        inputMode="numeric"
        min={BANNER_MIN_HEIGHT}
        max={BANNER_MAX_HEIGHT}
        value={height}
        onChange={(e) => setHeight(e.target.value)}
        className="field w-40"
        aria-invalid={fields.Wysokosc ? true : undefined}
        aria-describedby={`${id}-height-hint`}
      />
    </div>
    <button type="submit" className="btn-primary" disabled={busy}>
      {t.saveHeight}
    </button>
    <p id={`${id}-height-hint`} className="w-full text-sm text-muted">
      {t.heightHint(BANNER_MIN_HEIGHT, BANNER_MAX_HEIGHT)}
    </p>
  </form>
);
