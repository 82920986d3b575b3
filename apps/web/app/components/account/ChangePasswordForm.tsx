import { ChangePasswordSchema, msg } from '@club/contract';
import { api } from '../../lib/browser-api.ts';
import { accountUi } from '../../texts/account.ts';
import { ResultAlert } from '../form/FormAlert.tsx';
import { TextFields } from '../form/TextFields.tsx';
import { useResultForm } from '../form/useResultForm.ts';
import { AuthForm } from './AuthForm.tsx';
import { currentPasswordField, newPasswordFields } from './fields.ts';

const t = accountUi;

/** Spec 'Change password': success 'Hasło zostało zmienione' (the form is cleared), failure the server's text. */
export function ChangePasswordForm() {
  const { register, formState, result, submit } = useResultForm(
    ChangePasswordSchema,
    { ObecneHaslo: '', NoweHaslo: '', PowtorzNoweHaslo: '' },
    (body) => api.call('changePassword', { body }),
    { success: msg.passwordChanged, resetOnSuccess: true },
  );

  return (
    <AuthForm
      onSubmit={submit}
      pending={formState.isSubmitting}
      submitLabel={t.changePasswordButton}
      alert={<ResultAlert result={result} />}
    >
      <TextFields
        register={register}
        errors={formState.errors}
        fields={[
          currentPasswordField('ObecneHaslo'),
          ...newPasswordFields(['NoweHaslo', 'PowtorzNoweHaslo'], [t.newPassword, t.repeatNewPassword]),
        ]}
      />
    </AuthForm>
  );
}
