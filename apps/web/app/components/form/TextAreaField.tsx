import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { type ErrorLike, Field } from './Field.tsx';

type Props<T extends FieldValues> = {
  label: ReactNode;
  name: Path<T>;
  register: UseFormRegister<T>;
  error?: ErrorLike;
  hint?: ReactNode;
  rows?: number;
  required?: boolean;
  className?: string;
};

/** A multi-line text bound to react-hook-form, same API as TextField. */
export function TextAreaField<T extends FieldValues>({
  label,
  name,
  register,
  error,
  hint,
  rows = 5,
  required,
  className,
}: Props<T>) {
  return (
    <Field label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => (
        <textarea {...control} {...register(name)} rows={rows} aria-required={required || undefined} />
      )}
    </Field>
  );
}
