import { ChangePasswordSchema, msg } from '@club/contract';
import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { ui } from '../../texts.ts';
import { FormAlert } from '../form/FormAlert.tsx';
import { SubmitButton } from '../form/SubmitButton.tsx';
import { serverMessage } from '../form/server-error.ts';
import { TextField } from '../form/TextField.tsx';
import { useZodForm } from '../form/useZodForm.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const t = ui.account;

/** Spec 'Change password': success 'Hasło zostało zmienione' (the form is cleared), failure the server's text. */
export function ChangePasswordForm() {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(ChangePasswordSchema, { ObecneHaslo: '', NoweHaslo: '', PowtorzNoweHaslo: '' });

  const submit = handleSubmit(async (body) => {
    setResult(null);
    try {
      await api.call('changePassword', { body });
      reset();
      setResult({ ok: true, text: msg.passwordChanged });
    } catch (err) {
      setResult({ ok: false, text: serverMessage(err) });
    }
  });

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      {result && <FormAlert kind={result.ok ? 'success' : 'error'}>{result.text}</FormAlert>}
      <TextField
        label={t.currentPassword}
        name="ObecneHaslo"
        register={register}
        error={errors.ObecneHaslo}
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordFields
        register={register}
        errors={errors}
        names={['NoweHaslo', 'PowtorzNoweHaslo']}
        labels={[t.newPassword, t.repeatNewPassword]}
      />
      <SubmitButton pending={isSubmitting} className="w-full">
        {t.changePasswordButton}
      </SubmitButton>
    </form>
  );
}
