import { ChangeEmailSchema, msg } from '@club/contract';
import { api } from '../../lib/browser-api.ts';
import { accountUi } from '../../texts/account.ts';
import { ResultAlert } from '../form/FormAlert.tsx';
import { StaticField } from '../form/TextField.tsx';
import { TextFields } from '../form/TextFields.tsx';
import { useResultForm } from '../form/useResultForm.ts';
import { AuthForm } from './AuthForm.tsx';
import { currentPasswordField, emailField } from './fields.ts';

const t = accountUi;

/**
 * Spec 'Change e-mail': the current address (disabled), a new one and the current password (a
 * ticket alone must not move the account). Sends staryEmail, NowyEmail and ObecneHaslo; success
 * shows the message and clears the fields, failure the server's text.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { register, formState, result, submit } = useResultForm(
    ChangeEmailSchema,
    { NowyEmail: '', ObecneHaslo: '' },
    ({ NowyEmail, ObecneHaslo }) =>
      api.call('changeEmail', { body: { staryEmail: currentEmail, NowyEmail, ObecneHaslo } }),
    { success: msg.emailChangeSent, resetOnSuccess: true },
  );

  return (
    <AuthForm
      onSubmit={submit}
      pending={formState.isSubmitting}
      submitLabel={t.changeEmailButton}
      alert={<ResultAlert result={result} />}
    >
      <StaticField label={t.currentEmail} value={currentEmail} type="email" />
      <TextFields
        register={register}
        errors={formState.errors}
        fields={[
          { ...emailField('NowyEmail', t.newEmail), hint: t.newEmailHint },
          currentPasswordField('ObecneHaslo'),
        ]}
      />
    </AuthForm>
  );
}
