/** A field's red message line (nothing without a message); its id is what the field's aria-describedby names. */
export const ErrorLine = ({ id, error }: { id: string; error?: string | undefined }) =>
  error ? (
    <p id={id} className="mt-1 text-sm text-danger">
      {error}
    </p>
  ) : null;

/** A single field's aria-invalid and aria-describedby for its message (`${id}-error`), when it has one. */
export const invalidWhen = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
