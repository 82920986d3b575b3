import { ApiClientError, issuesToBody, type ValidationIssue } from '@club/contract';
import { useState } from 'react';
import { errorMessage } from '../api.ts';
import type { UploadError } from '../lib/upload.ts';
import { ui } from '../texts.ts';
import { useSessionExpired } from './SessionExpired.tsx';

export type FieldMessages = Record<string, string>;

/** A contract schema, as far as checking a form needs it. */
type Schema = {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: ValidationIssue[] } };
};

/**
 * The one way a screen changes something (an API call or an upload): busy flag, the server's Polish message (and per-field
 * messages) on failure, a notice on success; an expired session opens the login over the screen.
 * `validate` checks a form with the contract's schema first, with the API's own messages.
 */
export const useAction = ({
  notice: firstNotice = '',
  fieldsHint,
}: {
  /** Shown from the start (a notice carried over from the screen before). */
  notice?: string;
  /** Added to the message when fields are marked ("Popraw zaznaczone pola."). */
  fieldsHint?: string;
} = {}) => {
  const expired = useSessionExpired();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState(firstNotice);
  const [fields, setFields] = useState<FieldMessages>({});
  const fail = (message: string, marked: FieldMessages = {}) => {
    setNotice('');
    setError(fieldsHint && Object.keys(marked).length ? `${message} ${fieldsHint}` : message);
    setFields(marked);
  };

  /** Runs `change`; resolves true when it succeeded. The notice may depend on its result. */
  const run = async <T>(
    change: () => Promise<T>,
    done?: string | ((result: T) => string),
    after?: (result: T) => void,
  ) => {
    if (busy) return false;
    setBusy(true);
    setError('');
    setNotice('');
    setFields({});
    try {
      const result = await change();
      if (done) setNotice(typeof done === 'string' ? done : done(result));
      after?.(result);
      return true;
    } catch (e) {
      // An API call fails with an ApiClientError, an upload with an UploadError ({ status, message }).
      // The screen (and what was typed) stays; after the login in its dialog the change runs again.
      if ((e as { status?: number } | null)?.status === 401) {
        expired(() => void run(change, done, after));
        return false;
      }
      fail(
        e instanceof Error
          ? errorMessage(e, ui.genericError)
          : ((e as UploadError | null)?.message ?? ui.genericError),
        e instanceof ApiClientError ? e.body.Fields : undefined,
      );
      return false;
    } finally {
      setBusy(false);
    }
  };

  /**
   * True when `value` passes `schema` as the API would read it (after JSON, where NaN is null);
   * otherwise shows the API's message and the fields' messages and returns false.
   */
  const validate = (schema: Schema, value: unknown) => {
    const parsed = schema.safeParse(JSON.parse(JSON.stringify(value)));
    if (parsed.success) return true;
    const { Message, Fields } = issuesToBody(parsed.error.issues);
    fail(Message, Fields);
    return false;
  };

  return { busy, error, notice, fields, run, validate, fail, setError, setNotice, setFields };
};
