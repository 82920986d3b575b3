import type { FieldErrors } from '../../components/FieldError.tsx';
import { LabeledInput } from '../../components/LabeledInput.tsx';
import { ui } from '../../texts.ts';

const t = ui.payments;

/**
 * One of the PayU form's fields. A key (`stored` given) is write-only: never filled in, it says
 * whether one is stored.
 */
export const PayuField = ({
  id,
  name,
  field,
  label,
  value = '',
  numeric = false,
  stored,
  errors,
}: {
  id: string;
  name: string;
  /** The API's name of the field, for its message. */
  field: string;
  label: string;
  value?: string;
  numeric?: boolean;
  stored?: boolean;
  errors: FieldErrors;
}) => {
  const secret = stored !== undefined;
  const state = `${id}-${name}-state`;
  return (
    <LabeledInput
      id={`${id}-${name}`}
      label={label}
      name={name}
      type={secret ? 'password' : undefined}
      maxLength={200}
      autoComplete={secret ? 'new-password' : 'off'}
      spellCheck={false}
      inputMode={numeric ? 'numeric' : undefined}
      defaultValue={secret ? undefined : value}
      {...errors.described(field, secret ? state : undefined)}
    >
      {secret && (
        <p id={state} className="mt-1 text-sm text-muted">
          <span data-secret-state={stored ? 'zapisany' : 'brak'} className="font-semibold text-ink">
            {t.secretState(stored ? t.secretSaved : t.secretNotSaved)}
          </span>{' '}
          {stored ? t.secretKeepHint : t.secretNewHint}
        </p>
      )}
      {errors.error(field)}
    </LabeledInput>
  );
};

/** Sandbox or production. */
export const ModeField = ({ sandbox }: { sandbox: boolean }) => (
  <fieldset>
    <legend className="mb-1 font-semibold">{t.mode}</legend>
    <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
      {(
        [
          ['sandbox', t.sandbox, sandbox],
          ['produkcja', t.production, !sandbox],
        ] as const
      ).map(([value, label, checked]) => (
        <label key={value} className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name="tryb"
            value={value}
            defaultChecked={checked}
            className="size-5 accent-primary"
          />
          {label}
        </label>
      ))}
    </div>
  </fieldset>
);

/** The connection test's answer; always in the page, so a screen reader hears each new result. */
export const TestResult = ({ result }: { result: { ok: boolean; message: string } | null }) => (
  <div role="status" data-testid="payu-test-result">
    {result && (
      <p
        className={`rounded-md border px-4 py-3 ${
          result.ok
            ? 'border-primary bg-primary-light text-primary-dark'
            : 'border-danger bg-danger-light text-danger'
        }`}
      >
        {result.message}
      </p>
    )}
  </div>
);
