import { ApiClientError } from '@club/contract';
import { useState } from 'react';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { serverMessage } from './server-error.ts';
import { useZodForm } from './useZodForm.ts';

/**
 * A message form (contact, accreditation): sends the valid values; on success clears the fields
 * and keeps the server's confirmation (or `sentText`), on failure its message, with the fields
 * it names marked under each input.
 */
export function useSendForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  empty: DefaultValues<z.input<S>> & Record<string, unknown>,
  send: (values: z.output<S>) => Promise<{ Message?: string | null }>,
  sentText: string,
) {
  const form = useZodForm(schema, empty);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setSent(null);
    setFailure(null);
    try {
      const res = await send(values);
      form.reset(empty);
      setSent(res.Message || sentText);
    } catch (e) {
      if (e instanceof ApiClientError && e.body.Fields) {
        for (const [name, text] of Object.entries(e.body.Fields)) {
          if (name in empty) form.setError(name as Path<z.input<S>>, { message: text });
        }
      }
      setFailure(serverMessage(e));
    }
  });
  return { ...form, sent, failure, submit };
}
