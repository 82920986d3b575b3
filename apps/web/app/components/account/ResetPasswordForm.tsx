import { RemindPasswordSetNewSchema } from '@club/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/browser-api.ts';
import { useSession } from '../../lib/session.tsx';
import { accountUi } from '../../texts/account.ts';
import { FormAlert } from '../form/FormAlert.tsx';
import { serverMessage } from '../form/server-error.ts';
import { TextFields } from '../form/TextFields.tsx';
import { useZodForm } from '../form/useZodForm.ts';
import { Link } from '../Link.tsx';
import { AuthForm } from './AuthForm.tsx';
import { newPasswordFields } from './fields.ts';

const t = accountUi;

/**
 * Spec 'Set new password from reminder': Hasło and Powtórz hasło, the link's hash as Guid.
 * Success goes to /logowanie, which says the password was changed. A used or expired link says
 * so (the server's message) rather than failing silently: the fan must know to ask for a new one.
 */
export function ResetPasswordForm({ hash }: { hash: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(RemindPasswordSetNewSchema, { Haslo: '', PowtorzHaslo: '', Guid: hash });

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await api.call('remindPasswordSetNew', { body });
      // The server ends every session of the account; a ticket kept here would be stale.
      session.forget();
      navigate('/logowanie', { state: { passwordReset: true } });
    } catch (err) {
      setFailure(serverMessage(err));
    }
  });

  return (
    <AuthForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={t.resetButton}
      alert={
        failure && (
          <FormAlert kind="error">
            {failure}{' '}
            <Link to="/przypomnij-haslo" className="underline underline-offset-4">
              {t.askForNewLink}
            </Link>
          </FormAlert>
        )
      }
    >
      <TextFields
        register={register}
        errors={errors}
        fields={[...newPasswordFields(['Haslo', 'PowtorzHaslo'])]}
      />
    </AuthForm>
  );
}
