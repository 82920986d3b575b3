import { ChangeEmailSchema, msg } from '@club/contract';
import { api } from '../../lib/browser-api.ts';
import { ui } from '../../texts.ts';
import { ResultAlert } from '../form/FormAlert.tsx';
import { SubmitButton } from '../form/SubmitButton.tsx';
import { StaticField, TextField } from '../form/TextField.tsx';
import { useSubmitResult } from '../form/useSubmitResult.ts';
import { useZodForm } from '../form/useZodForm.ts';

const t = ui.account;

/**
 * Spec 'Change e-mail': the current address (disabled), a new one and the current password (a
 * ticket alone must not move the account). Sends staryEmail, NowyEmail and ObecneHaslo; success
 * shows the message and clears the fields, failure the server's text.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { result, run } = useSubmitResult();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(ChangeEmailSchema, { NowyEmail: '', ObecneHaslo: '' });

  const submit = handleSubmit(({ NowyEmail, ObecneHaslo }) =>
    run(() => api.call('changeEmail', { body: { staryEmail: currentEmail, NowyEmail, ObecneHaslo } }), {
      success: msg.emailChangeSent,
      onSuccess: reset,
    }),
  );

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <ResultAlert result={result} />
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
      <TextField
        label={t.currentPassword}
        name="ObecneHaslo"
        register={register}
        error={errors.ObecneHaslo}
        type="password"
        autoComplete="current-password"
        required
      />
      <SubmitButton pending={isSubmitting} className="w-full">
        {t.changeEmailButton}
      </SubmitButton>
    </form>
  );
}
