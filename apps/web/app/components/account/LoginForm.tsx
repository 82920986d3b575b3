import { LoginSchema } from '@club/contract';
import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { accountUi } from '../../texts/account.ts';
import { FormAlert, ResultAlert } from '../form/FormAlert.tsx';
import { serverMessage } from '../form/server-error.ts';
import { TextFields } from '../form/TextFields.tsx';
import { useSubmitResult } from '../form/useSubmitResult.ts';
import { useZodForm } from '../form/useZodForm.ts';
import { Link } from '../Link.tsx';
import { AuthForm } from './AuthForm.tsx';
import { currentPasswordField, emailField } from './fields.ts';

const t = accountUi;

/**
 * Spec 'Login': E-mail and Hasło; a failure shows the server's text in a red box. An account not
 * confirmed yet can ask for a new activation link to the address typed in.
 */
export function LoginForm({ onTicket }: { onTicket(ticket: string): Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const resend = useSubmitResult();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useZodForm(LoginSchema, { Login: '', Password: '' });
  const resendLink = () =>
    resend.run(() => api.call('resendConfirmation', { body: { Email: getValues('Login') } }), {
      success: t.activationResent,
    });

  const submit = handleSubmit(async (body) => {
    setError(null);
    try {
      const { Ticket } = await api.call('login', { body });
      await onTicket(Ticket);
    } catch (err) {
      setError(serverMessage(err));
    }
  });

  return (
    <AuthForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={t.loginButton}
      alert={
        <>
          <FormAlert kind="error">{error}</FormAlert>
          {error === t.notConfirmed && (
            <button
              type="button"
              onClick={resendLink}
              className="btn w-full border-2 border-primary text-primary"
            >
              {t.resendActivation}
            </button>
          )}
          <ResultAlert result={resend.result} />
        </>
      }
    >
      <TextFields
        register={register}
        errors={errors}
        fields={[
          emailField('Login'),
          {
            ...currentPasswordField('Password'),
            label: t.password,
            aside: (
              <Link
                to="/przypomnij-haslo"
                className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
              >
                {t.forgotPassword}
              </Link>
            ),
          },
        ]}
      />
    </AuthForm>
  );
}
