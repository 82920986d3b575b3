import { LoginSchema } from '@club/contract';
import { useState } from 'react';
import { api } from '../../lib/browser-api.ts';
import { ui } from '../../texts.ts';
import { FormAlert } from '../form/FormAlert.tsx';
import { SubmitButton } from '../form/SubmitButton.tsx';
import { serverMessage } from '../form/server-error.ts';
import { TextField } from '../form/TextField.tsx';
import { useZodForm } from '../form/useZodForm.ts';
import { Link } from '../Link.tsx';

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
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormAlert kind="error">{error}</FormAlert>
      <TextField
        label={t.email}
        name="Login"
        register={register}
        error={errors.Login}
        type="email"
        autoComplete="email"
        required
      />
      <TextField
        label={t.password}
        name="Password"
        register={register}
        error={errors.Password}
        type="password"
        autoComplete="current-password"
        required
        aside={
          <Link
            to="/przypomnij-haslo"
            className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            {t.forgotPassword}
          </Link>
        }
      />
      <SubmitButton pending={isSubmitting} className="w-full">
        {t.loginButton}
      </SubmitButton>
    </form>
  );
}
