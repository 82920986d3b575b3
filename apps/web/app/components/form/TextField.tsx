import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { type ErrorLike, Field } from './Field.tsx';

export type TextFieldProps<T extends FieldValues> = {
  label: ReactNode;
  name: Path<T>;
  register: UseFormRegister<T>;
  error?: ErrorLike;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  hint?: ReactNode;
  placeholder?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'search' | 'url';
  required?: boolean;
  disabled?: boolean;
  aside?: ReactNode;
  className?: string;
};

/**
 * A text input bound to react-hook-form:
 * `<TextField label="E-mail" name="Login" register={register} error={errors.Login} type="email" autoComplete="email" />`.
 */
export function TextField<T extends FieldValues>({
  label,
  name,
  register,
  error,
  type = 'text',
  autoComplete,
  hint,
  placeholder,
  inputMode,
  required,
  disabled,
  aside,
  className,
}: TextFieldProps<T>) {
  return (
    <Field label={label} hint={hint} error={error} required={required} aside={aside} className={className}>
      {(control) => (
        <input
          {...control}
          {...register(name)}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          inputMode={inputMode}
          aria-required={required || undefined}
          disabled={disabled}
        />
      )}
    </Field>
  );
}

/** A read-only value shown as a disabled input (e.g. the current e-mail), with the same look. */
export function StaticField({
  label,
  value,
  placeholder,
  type = 'text',
  aside,
  hint,
  className,
}: {
  label: ReactNode;
  value?: string;
  placeholder?: string;
  type?: HTMLInputTypeAttribute;
  aside?: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <Field label={label} aside={aside} hint={hint} className={className}>
      {(control) => (
        <input {...control} type={type} value={value ?? ''} placeholder={placeholder} disabled readOnly />
      )}
    </Field>
  );
}
