import { useState } from 'react';
import { serverMessage } from './server-error.ts';

export type SubmitResult = { ok: boolean; text: string };

type Outcome = {
  /** The message shown when the request succeeds. */
  success: string;
  /** The message shown when it fails; by default the server's text (spec 8). */
  failure?: (err: unknown) => string;
  /** Runs before the success message, e.g. clearing the form. */
  onSuccess?: () => void;
};

/**
 * The one message box of a form whose request ends in a success or a failure text:
 * `run` clears the last message, sends, then shows the outcome.
 */
export function useSubmitResult() {
  const [result, setResult] = useState<SubmitResult | null>(null);
  const run = async (
    send: () => Promise<unknown>,
    { success, failure = serverMessage, onSuccess }: Outcome,
  ) => {
    setResult(null);
    try {
      await send();
      onSuccess?.();
      setResult({ ok: true, text: success });
    } catch (err) {
      setResult({ ok: false, text: failure(err) });
    }
  };
  return { result, run };
}
