import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

type Common = {
  id: string;
  label: string;
  /** Shown under the field and read with it (aria-describedby). */
  hint?: ReactNode;
  /** Validation message; marks the field invalid. */
  error?: string;
  required?: boolean;
  /** Extra content under the hint (e.g. a helper link). */
  after?: ReactNode;
  className?: string;
};

const inputClass =
  'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm placeholder:text-gray-500 ' +
  'focus-visible:border-primary border-gray-500 aria-[invalid=true]:border-red-700';

function FieldFrame({
  id,
  label,
  hint,
  error,
  required,
  after,
  className = '',
  children,
}: Common & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {after}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

type InputProps = Common &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'required'> & {
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled text input with its hint and error wired for screen readers (aria-invalid, aria-describedby). */
export function LabelledInput({ id, label, hint, error, required, after, className, ref, ...input }: InputProps) {
  return (
    <FieldFrame {...{ id, label, hint, error, required, after, className }}>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
        {...input}
      />
    </FieldFrame>
  );
}

type TextareaProps = Common &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'required'> & {
    ref?: Ref<HTMLTextAreaElement>;
  };

export function LabelledTextarea({
  id,
  label,
  hint,
  error,
  required,
  after,
  className,
  ref,
  ...textarea
}: TextareaProps) {
  return (
    <FieldFrame {...{ id, label, hint, error, required, after, className }}>
      <textarea
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
        {...textarea}
      />
    </FieldFrame>
  );
}
