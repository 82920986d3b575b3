/** A checkbox with its label and a hint under the label (the box's description). */
export const CheckField = ({
  id,
  name,
  label,
  hint,
  checked,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  checked: boolean;
}) => (
  <div className="flex items-start gap-3">
    <input
      id={id}
      name={name}
      type="checkbox"
      defaultChecked={checked}
      aria-describedby={`${id}-hint`}
      className="mt-1 size-5 shrink-0 accent-primary"
    />
    <div>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
    </div>
  </div>
);
