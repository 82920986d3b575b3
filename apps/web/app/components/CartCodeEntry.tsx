import type { Cart } from '@club/contract';
import { type FormEvent, type RefObject, useState } from 'react';
import { Field } from './form/Field.tsx';
import { serverMessage } from './form/server-error.ts';

/**
 * One request of a cart's code field at a time, and its refusal in Polish: the discount code's and
 * the gift card's (the server checks the code and prices the cart; the browser computes nothing).
 */
export function useCartCall() {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<void>, onError?: () => void) => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await call();
    } catch (err) {
      setError(serverMessage(err));
      onError?.();
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

type Props = {
  label: string;
  apply: string;
  applying: string;
  /** Sends the typed code; the cart it answers goes to the page. */
  send: (code: string) => Promise<Cart>;
  onSent: (cart: Cart) => void;
  input: RefObject<HTMLInputElement | null>;
  /** Gift card codes read better in a fixed-width font. */
  mono?: boolean;
};

/** A code typed in the cart: its field and button; a refused code's message under the field, the focus back on it. */
export function CartCodeEntry({ label, apply, applying, send, onSent, input, mono }: Props) {
  const [value, setValue] = useState('');
  const { error, busy, run } = useCartCall();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(
      async () => {
        const next = await send(value);
        setValue('');
        onSent(next);
      },
      () => input.current?.focus(),
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4" aria-label={label}>
      <Field label={label} error={error}>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              ref={input}
              name="Kod"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              className={`${control.className} min-w-0 flex-1 uppercase${mono ? ' font-mono' : ''}`}
            />
            <button type="submit" className="btn-primary shrink-0 px-4" disabled={busy}>
              {busy ? applying : apply}
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
