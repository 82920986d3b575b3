import { msg, RegisterSchema } from '@club/contract';
import { api } from '../../lib/browser-api.ts';
import { ui } from '../../texts.ts';
import { CheckboxField } from '../form/CheckboxField.tsx';
import { ResultAlert } from '../form/FormAlert.tsx';
import { SubmitButton } from '../form/SubmitButton.tsx';
import { TextField } from '../form/TextField.tsx';
import { useSubmitResult } from '../form/useSubmitResult.ts';
import { useZodForm } from '../form/useZodForm.ts';
import { Link } from '../Link.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const t = ui.account;
const empty = { Imie: '', Nazwisko: '', Email: '', Haslo: '', PowtorzHaslo: '' };

const NewTabLink = ({ to, children }: { to: string; children: string }) => (
  <Link
    to={to}
    target="_blank"
    rel="noopener"
    className="font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
  >
    {children}
    <span className="sr-only"> {t.newTab}</span>
  </Link>
);

/** Spec 'Registration': success shows the message and resets the form; failure the server's text. */
export function RegisterForm() {
  const { result, run } = useSubmitResult();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useZodForm(RegisterSchema, empty);

  const submit = handleSubmit((body) =>
    run(() => api.call('register', { body }), { success: msg.registerSuccess, onSuccess: reset }),
  );

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <ResultAlert result={result} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t.firstName}
          name="Imie"
          register={register}
          error={errors.Imie}
          autoComplete="given-name"
          required
        />
        <TextField
          label={t.lastName}
          name="Nazwisko"
          register={register}
          error={errors.Nazwisko}
          autoComplete="family-name"
          required
        />
      </div>
      <TextField
        label={t.emailAddress}
        name="Email"
        register={register}
        error={errors.Email}
        type="email"
        autoComplete="email"
        required
      />
      <NewPasswordFields register={register} errors={errors} names={['Haslo', 'PowtorzHaslo']} />
      <CheckboxField
        name="AkceptacjaRegulaminu"
        register={register}
        error={errors.AkceptacjaRegulaminu}
        required
        label={
          <>
            {t.termsAccept} <NewTabLink to="/regulamin">{t.terms}</NewTabLink> {t.and}{' '}
            <NewTabLink to="/polityka-prywatnosci">{t.privacy}</NewTabLink>
          </>
        }
      />
      <SubmitButton pending={isSubmitting} className="w-full">
        {t.registerButton}
      </SubmitButton>
    </form>
  );
}
