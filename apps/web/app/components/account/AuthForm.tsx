import type { FormEventHandler, ReactNode } from 'react';
import { SubmitButton } from '../form/SubmitButton.tsx';

type Props = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** True while the request runs: the button shows it and cannot be pressed again. */
  pending: boolean;
  submitLabel: string;
  /** The message region above the fields (the request's outcome or error). */
  alert?: ReactNode;
  children: ReactNode;
};

/** The body of a login, registration or account card: the message, the fields, a full-width submit. */
export function AuthForm({ onSubmit, pending, submitLabel, alert, children }: Props) {
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      {alert}
      {children}
      <SubmitButton pending={pending} className="w-full">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
