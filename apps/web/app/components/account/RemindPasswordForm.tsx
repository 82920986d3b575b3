import { msg, RemindPasswordSchema } from '@club/contract';
import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { ui } from '../../texts.ts';
import { FormAlert } from '../form/FormAlert.tsx';
import { SubmitButton } from '../form/SubmitButton.tsx';
import { TextField } from '../form/TextField.tsx';
import { useZodForm } from '../form/useZodForm.ts';

const t = ui.account;

/**
 * Spec 'Remind password': one e-mail field. Success resets the form and shows the message;
 * any failure shows 'Niepoprawny adres e-mail' (spec 8: always, whatever the server said).
 */
export function RemindPasswordForm() {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(RemindPasswordSchema, { Email: '' });

  const submit = handleSubmit(async (body) => {
    setResult(null);
    try {
      await api.call('remindPassword', { body });
      reset();
      setResult({ ok: true, text: msg.reminderSent });
    } catch {
      setResult({ ok: false, text: msg.reminderFailure });
    }
  });

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      {result && <FormAlert kind={result.ok ? 'success' : 'error'}>{result.text}</FormAlert>}
      <TextField
        label={t.email}
        name="Email"
        register={register}
        error={errors.Email}
        type="email"
        autoComplete="email"
        required
      />
      <SubmitButton pending={isSubmitting} className="w-full">
        {t.remindButton}
      </SubmitButton>
    </form>
  );
}
