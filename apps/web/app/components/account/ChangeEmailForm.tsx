import { ChangeEmailSchema, msg } from '@club/contract';
import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { ui } from '../../texts.ts';
import { FormAlert } from '../form/FormAlert.tsx';
import { SubmitButton } from '../form/SubmitButton.tsx';
import { serverMessage } from '../form/server-error.ts';
import { StaticField, TextField } from '../form/TextField.tsx';
import { useZodForm } from '../form/useZodForm.ts';

const t = ui.account;

/**
 * Spec 'Change e-mail': the current address (disabled) and a new one. Sends staryEmail and
 * NowyEmail; success shows the message and clears the field, failure the server's text.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(ChangeEmailSchema, { NowyEmail: '' });

  const submit = handleSubmit(async ({ NowyEmail }) => {
    setResult(null);
    try {
      await api.call('changeEmail', { body: { staryEmail: currentEmail, NowyEmail } });
      reset();
      setResult({ ok: true, text: msg.emailChangeSent });
    } catch (err) {
      setResult({ ok: false, text: serverMessage(err) });
    }
  });

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      {result && <FormAlert kind={result.ok ? 'success' : 'error'}>{result.text}</FormAlert>}
      <StaticField label={t.currentEmail} value={currentEmail} type="email" />
      <TextField
        label={t.newEmail}
        name="NowyEmail"
        register={register}
        error={errors.NowyEmail}
        type="email"
        autoComplete="email"
        hint={t.newEmailHint}
        required
      />
      <SubmitButton pending={isSubmitting} className="w-full">
        {t.changeEmailButton}
      </SubmitButton>
    </form>
  );
}
