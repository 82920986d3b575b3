import { ErrorLine } from './ErrorLine.tsx';

/**
 * A checkbox with its label and a hint under the label (the box's description); `error`, when
 * the server refused the box's value, is read with the hint.
 */
export const CheckField = ({
  id,
  name,
  label,
  hint,
  checked,
  error,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  checked: boolean;
  error?: string | undefined;
}) => (
  <div className="flex items-start gap-3">
    <input
      id={id}
      name={name}
      type="checkbox"
      defaultChecked={checked}
      aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      {...(error && { 'aria-invalid': true as const })}
      className="mt-1 size-5 shrink-0 accent-primary"
    />
    <div>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <ErrorLine id={`${id}-error`} error={error} />
    </div>
  </div>
);
