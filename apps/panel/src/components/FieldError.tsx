import { ErrorLine } from './ErrorLine.tsx';
import type { FieldMessages } from './useAction.ts';

/**
 * A form's per-field messages: `error(name)` is the red line under the field, `described(name,
 * hintId)` the field's aria-invalid and aria-describedby (its hint first, then its error). The
 * ids start with `prefix` (a useId, or one form's id among several on a screen).
 */
export const fieldErrors = (prefix: string, fields: FieldMessages) => ({
  /** The field's message itself, for a component that shows it (a checkbox's `error`). */
  message: (name: string): string | undefined => fields[name],
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
