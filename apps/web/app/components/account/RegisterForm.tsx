import { msg, RegisterSchema } from '@club/contract';
import { api } from '../../lib/browser-api.ts';
import { accountUi } from '../../texts/account.ts';
import { CheckboxField } from '../form/CheckboxField.tsx';
import { ResultAlert } from '../form/FormAlert.tsx';
import { TextFields } from '../form/TextFields.tsx';
import { useResultForm } from '../form/useResultForm.ts';
import { Link } from '../Link.tsx';
import { AuthForm } from './AuthForm.tsx';
import { emailField, firstNameField, lastNameField, newPasswordFields } from './fields.ts';

const t = accountUi;
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
  const { register, formState, result, submit } = useResultForm(
    RegisterSchema,
    empty,
    (body) => api.call('register', { body }),
    { success: msg.registerSuccess, resetOnSuccess: true },
  );
  const { errors } = formState;

  return (
    <AuthForm
      onSubmit={submit}
      pending={formState.isSubmitting}
      submitLabel={t.registerButton}
      alert={<ResultAlert result={result} />}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextFields
          register={register}
          errors={errors}
          fields={[firstNameField('Imie'), lastNameField('Nazwisko')]}
        />
      </div>
      <TextFields
        register={register}
        errors={errors}
        fields={[emailField('Email', t.emailAddress), ...newPasswordFields(['Haslo', 'PowtorzHaslo'])]}
      />
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
    </AuthForm>
  );
}
