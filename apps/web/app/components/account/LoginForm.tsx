import { LoginSchema } from '@club/contract';
import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { ui } from '../../texts.ts';
import { FormAlert } from '../form/FormAlert.tsx';
import { serverMessage } from '../form/server-error.ts';
import { TextFields } from '../form/TextFields.tsx';
import { useZodForm } from '../form/useZodForm.ts';
import { Link } from '../Link.tsx';
import { AuthForm } from './AuthForm.tsx';
import { currentPasswordField, emailField } from './fields.ts';

const t = ui.account;

/** Spec 'Login': E-mail and Hasło; a failure shows the server's text in a red box. */
export function LoginForm({ onTicket }: { onTicket(ticket: string): Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm(LoginSchema, { Login: '', Password: '' });

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
      alert={<FormAlert kind="error">{error}</FormAlert>}
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
