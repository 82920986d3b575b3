import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form with a contract schema, the house way: errors appear after the first submit
 * attempt (mode 'onSubmit') and then follow the typing (reValidateMode 'onChange').
 */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  defaultValues?: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // biome-ignore lint/suspicious/noExplicitAny: the resolver's generics cannot follow S here.
    resolver: zodResolver(schema as any) as any,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
}
