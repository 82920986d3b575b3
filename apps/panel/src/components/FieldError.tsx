import type { FieldMessages } from './useAction.ts';

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

/**
 * A form's per-field messages: `error(name)` is the red line under the field, `described(name,
 * hintId)` the field's aria-invalid and aria-describedby (its hint first, then its error). The
 * ids start with `prefix` (a useId, or one form's id among several on a screen).
 */
export const fieldErrors = (prefix: string, fields: FieldMessages) => ({
  error: (name: string) =>
    fields[name] ? <ErrorLine id={`${prefix}-${name}-error`} error={fields[name]} /> : null,
  described: (name: string, hintId?: string) => {
    const ids = [hintId, fields[name] && `${prefix}-${name}-error`].filter(Boolean);
    return {
      ...(fields[name] && { 'aria-invalid': true as const }),
      ...(ids.length > 0 && { 'aria-describedby': ids.join(' ') }),
    };
  },
});
export type FieldErrors = ReturnType<typeof fieldErrors>;
