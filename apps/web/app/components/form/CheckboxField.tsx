import { type ReactNode, useId } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { type ErrorLike, errorText } from './Field.tsx';

type Props<T extends FieldValues> = {
  /** The label may hold links (e.g. terms and privacy policy). */
  label: ReactNode;
  name: Path<T>;
  register: UseFormRegister<T>;
  error?: ErrorLike;
  required?: boolean;
  className?: string;
};

/** A checkbox bound to react-hook-form, label to its right, error below. */
export function CheckboxField<T extends FieldValues>({
  label,
  name,
  register,
  error,
  required,
  className,
}: Props<T>) {
  const id = useId();
  const message = errorText(error);
  const errorId = message ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...register(name)}
          id={id}
          type="checkbox"
          aria-invalid={message ? true : undefined}
          aria-describedby={errorId}
          aria-required={required || undefined}
          className={`mt-0.5 size-5 shrink-0 rounded accent-primary ${message ? 'outline outline-2 outline-red-700' : ''}`}
        />
        <label htmlFor={id} className="text-sm text-ink">
          {label}
          {required && (
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          )}
        </label>
      </div>
      {message && (
        <p id={errorId} className="mt-1 pl-8 text-sm font-medium text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
