import { msg, RemindPasswordSchema } from '@club/contract';
import { api } from '../../lib/browser-api.ts';
import { ui } from '../../texts.ts';
import { ResultAlert } from '../form/FormAlert.tsx';
import { SubmitButton } from '../form/SubmitButton.tsx';
import { TextField } from '../form/TextField.tsx';
import { useSubmitResult } from '../form/useSubmitResult.ts';
import { useZodForm } from '../form/useZodForm.ts';

const t = ui.account;

/**
 * Spec 'Remind password': one e-mail field. Success resets the form and shows the message;
 * any failure shows 'Niepoprawny adres e-mail' (spec 8: always, whatever the server said).
 */
export function RemindPasswordForm() {
  const { result, run } = useSubmitResult();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(RemindPasswordSchema, { Email: '' });

  const submit = handleSubmit((body) =>
    run(() => api.call('remindPassword', { body }), {
      success: msg.reminderSent,
      failure: () => msg.reminderFailure,
      onSuccess: reset,
    }),
  );

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <ResultAlert result={result} />
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
