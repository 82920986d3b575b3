import { ChangePasswordSchema, msg } from '@club/contract';
import { api } from '../../lib/browser-api.ts';
import { ui } from '../../texts.ts';
import { ResultAlert } from '../form/FormAlert.tsx';
import { SubmitButton } from '../form/SubmitButton.tsx';
import { TextField } from '../form/TextField.tsx';
import { useSubmitResult } from '../form/useSubmitResult.ts';
import { useZodForm } from '../form/useZodForm.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const t = ui.account;

/** Spec 'Change password': success 'Hasło zostało zmienione' (the form is cleared), failure the server's text. */
export function ChangePasswordForm() {
  const { result, run } = useSubmitResult();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(ChangePasswordSchema, { ObecneHaslo: '', NoweHaslo: '', PowtorzNoweHaslo: '' });

  const submit = handleSubmit((body) =>
    run(() => api.call('changePassword', { body }), { success: msg.passwordChanged, onSuccess: reset }),
  );

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <ResultAlert result={result} />
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
