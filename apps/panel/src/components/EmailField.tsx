import { msg, requiredEmail } from '@club/contract';
import type { Ref } from 'react';
import { ErrorLine, invalidWhen } from './ErrorLine.tsx';
import { LabeledInput } from './LabeledInput.tsx';

const emailSchema = requiredEmail(msg.invalidEmail);

/** The contract's check of one address: its Polish message, or undefined when the address is good. */
export const emailProblem = (value: string) => {
  const parsed = emailSchema.safeParse(value.trim());
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

/**
 * A labelled e-mail input with its error line: the login, the password reminder and the staff
 * invitation. `autoComplete` is `username` where it is the person's own login, `off` for someone
 * else's address.
 */
export const EmailField = ({
  id,
  label,
  error,
  inputRef,
  autoComplete = 'username',
  defaultValue,
  readOnly,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete?: 'username' | 'email' | 'off';
  defaultValue?: string | undefined;
  readOnly?: boolean;
}) => (
  <LabeledInput
    ref={inputRef}
    id={id}
    label={label}
    name="email"
    type="email"
    autoComplete={autoComplete}
    inputMode="email"
    required
    defaultValue={defaultValue}
    readOnly={readOnly}
    {...invalidWhen(id, error)}
  >
    <ErrorLine id={`${id}-error`} error={error} />
  </LabeledInput>
);
