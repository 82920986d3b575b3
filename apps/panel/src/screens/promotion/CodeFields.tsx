import type { CodeMode } from '../../lib/promotion-form.ts';
import { ui } from '../../texts.ts';
import { DraftField, type DraftProps } from './DraftField.tsx';

const t = ui.promotions;
const MODES: CodeMode[] = ['automatic', 'code', 'batch'];

/** How buyers get a new promotion: by itself, with one code, or with a batch of single-use codes. */
export const CodeFields = (p: DraftProps) => {
  const { id, draft, set } = p;
  return (
    <fieldset className="min-w-0 space-y-4 rounded border border-gray-300 p-4">
      <legend className="px-1 font-semibold">{t.codes}</legend>
      <div className="space-y-1">
        {MODES.map((mode) => (
          <div key={mode} className="flex items-center gap-2">
            <input
              id={`${id}-kody-${mode}`}
              type="radio"
              name={`${id}-kody`}
              className="size-5 accent-primary"
              checked={draft.Kody === mode}
              onChange={() => set({ Kody: mode })}
            />
            <label htmlFor={`${id}-kody-${mode}`}>{t.codeModes[mode]}</label>
          </div>
        ))}
      </div>
      {draft.Kody === 'code' && (
        <DraftField
          {...p}
          field="Kod"
          label={t.code}
          hint={t.codeHint}
          maxLength={32}
          autoCapitalize="characters"
          spellCheck={false}
          className="max-w-sm"
        />
      )}
      {draft.Kody === 'batch' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <DraftField
            {...p}
            field="Liczba"
            error="Kody.Liczba"
            label={t.batchCount}
            hint={t.batchCountHint}
            inputMode="numeric"
          />
          <DraftField
            {...p}
            field="Prefiks"
            error="Kody.Prefiks"
            label={t.prefix}
            hint={t.prefixHint}
            maxLength={16}
            autoCapitalize="characters"
            spellCheck={false}
          />
        </div>
      )}
    </fieldset>
  );
};
