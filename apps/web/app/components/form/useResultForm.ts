import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useSubmitResult } from './useSubmitResult.ts';
import { useZodForm } from './useZodForm.ts';

type Outcome = {
  success: string;
  /** The message shown when the request fails; by default the server's text (spec 8). */
  failure?: (err: unknown) => string;
  /** Clears the fields after a success (the spec's forms that can be sent again). */
  resetOnSuccess?: boolean;
};

/**
 * A contract-validated form whose one request ends in a success or a failure message: the form,
 * the submit handler that sends the valid values, and the result for <ResultAlert>.
 */
export function useResultForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  send: (values: z.output<S>) => Promise<unknown>,
  { success, failure, resetOnSuccess = false }: Outcome,
) {
  const { result, run } = useSubmitResult();
  const form = useZodForm(schema, defaultValues);
  const submit = form.handleSubmit((values) =>
    run(() => send(values), { success, failure, onSuccess: resetOnSuccess ? () => form.reset() : undefined }),
  );
  return { ...form, result, submit };
}
