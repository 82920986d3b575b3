import type { FormEventHandler, ReactNode } from 'react';
import { FormAlert } from './FormAlert.tsx';
import { SubmitButton } from './SubmitButton.tsx';

type Props = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  /** The button's text, and what it says while the message is on its way. */
  labels: { send: string; sending: string };
  /** The server's failure and confirmation (useSendForm). */
  failure: string | null;
  sent: string | null;
  children: ReactNode;
};

/** The frame of a message form: the fields, the failure and confirmation boxes, the send button. */
export function SendForm({ onSubmit, pending, labels, failure, sent, children }: Props) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {children}
      <FormAlert kind="error">{failure}</FormAlert>
      <FormAlert kind="success">{sent}</FormAlert>
      <div>
        <SubmitButton pending={pending}>{pending ? labels.sending : labels.send}</SubmitButton>
      </div>
    </form>
  );
}
