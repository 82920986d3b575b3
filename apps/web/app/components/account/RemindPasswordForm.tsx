import { msg, RemindPasswordSchema } from '@club/contract';
import { api } from '../../lib/browser-api.ts';
import { accountUi } from '../../texts/account.ts';
import { ResultAlert } from '../form/FormAlert.tsx';
import { TextFields } from '../form/TextFields.tsx';
import { useResultForm } from '../form/useResultForm.ts';
import { AuthForm } from './AuthForm.tsx';
import { emailField } from './fields.ts';

const t = accountUi;

/**
 * Spec 'Remind password': one e-mail field. Success resets the form and shows the message;
 * any failure shows 'Niepoprawny adres e-mail' (spec 8: always, whatever the server said).
 */
export function RemindPasswordForm() {
  const { register, formState, result, submit } = useResultForm(
    RemindPasswordSchema,
    { Email: '' },
    (body) => api.call('remindPassword', { body }),
    { success: msg.reminderSent, failure: () => msg.reminderFailure, resetOnSuccess: true },
  );

  return (
    <AuthForm
      onSubmit={submit}
      pending={formState.isSubmitting}
      submitLabel={t.remindButton}
      alert={<ResultAlert result={result} />}
    >
      <TextFields register={register} errors={formState.errors} fields={[emailField('Email')]} />
    </AuthForm>
  );
}
