import { type ReactNode, useId } from 'react';

/** What a field's error can be: react-hook-form's FieldError, a plain message, or nothing. */
export type ErrorLike = { message?: string } | string | null | undefined;
export const errorText = (e: ErrorLike): string | undefined =>
  (typeof e === 'string' ? e : e?.message) || undefined;

/** Classes of a text-like control; red border when invalid, grey when disabled. */
export const inputClass = (invalid: boolean) =>
  [
    'block w-full rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm',
    'placeholder:text-muted focus:border-primary',
    'disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-muted',
    // Borders of at least 3:1 against white (WCAG 1.4.11).
    invalid ? 'border-red-700' : 'border-gray-500',
  ].join(' ');

/** Props a control gets from <Field>: the ids that tie it to its label, hint and error. */
export type ControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: ErrorLike;
  /** Marks the label with an asterisk (hidden from screen readers, which get aria-required). */
  required?: boolean;
  /** Extra content beside the label (e.g. a 'zmień' link). */
  aside?: ReactNode;
  /** A checkbox's row: the control first, its label to the right, the error under the label. */
  inline?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

/**
 * A labelled form row: <label htmlFor>, the control, an optional hint and the error message,
 * wired with aria-invalid and aria-describedby. Use it for any control; TextField,
 * CheckboxField and friends are built on it.
 */
export function Field({ label, hint, error, required, aside, inline, className, children }: FieldProps) {
  const id = useId();
  const message = errorText(error);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = children({
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy,
    className: inputClass(Boolean(message)),
  });
  const labelText = (
    <label htmlFor={id} className={inline ? 'text-sm text-ink' : 'text-sm font-semibold text-ink'}>
      {label}
      {required && (
        <span aria-hidden="true" className="text-red-700">
          {' '}
          *
        </span>
      )}
    </label>
  );
  return (
    <div className={className}>
      {inline ? (
        <div className="flex items-start gap-3">
          {control}
          {labelText}
        </div>
      ) : (
        <>
          <div className="mb-1 flex items-baseline justify-between gap-2">
            {labelText}
            {aside}
          </div>
          {control}
        </>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {message && (
        // Under an inline label, aligned with its text rather than the box.
        <p id={errorId} className={`mt-1 ${inline ? 'pl-8 ' : ''}text-sm font-medium text-red-700`}>
          {message}
        </p>
      )}
    </div>
  );
}
