import { RemindPasswordSetNewSchema } from '@club/contract';
import { useNavigate } from 'react-router';
import { api } from '../../lib/browser-api.ts';
import { useSession } from '../../lib/session.tsx';
import { ui } from '../../texts.ts';
import { TextFields } from '../form/TextFields.tsx';
import { useZodForm } from '../form/useZodForm.ts';
import { AuthForm } from './AuthForm.tsx';
import { newPasswordFields } from './fields.ts';

const t = ui.account;

/**
 * Spec 'Set new password from reminder': Hasło and Powtórz hasło, the link's hash as Guid.
 * Success goes to /logowanie. Spec 8: a failure is silently ignored (no message), so the
 * button just becomes usable again.
 */
export function ResetPasswordForm({ hash }: { hash: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(RemindPasswordSetNewSchema, { Haslo: '', PowtorzHaslo: '', Guid: hash });

  const submit = handleSubmit(async (body) => {
    try {
      await api.call('remindPasswordSetNew', { body });
      // The server ends every session of the account; a ticket kept here would be stale.
      session.forget();
      navigate('/logowanie');
    } catch {
      // Spec 8: 'Error is silently ignored'.
    }
  });

  return (
    <AuthForm onSubmit={submit} pending={isSubmitting} submitLabel={t.resetButton}>
      <TextFields
        register={register}
        errors={errors}
        fields={[...newPasswordFields(['Haslo', 'PowtorzHaslo'])]}
      />
    </AuthForm>
  );
}
