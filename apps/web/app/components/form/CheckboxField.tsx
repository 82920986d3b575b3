import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { type ErrorLike, Field } from './Field.tsx';

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
  return (
    <Field label={label} error={error} required={required} inline className={className}>
      {({ id, 'aria-invalid': invalid, 'aria-describedby': describedBy }) => (
        <input
          {...register(name)}
          id={id}
          type="checkbox"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          className={`mt-0.5 size-5 shrink-0 rounded accent-primary ${invalid ? 'outline outline-2 outline-red-700' : ''}`}
        />
      )}
    </Field>
  );
}
