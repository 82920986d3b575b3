import { AuthCard } from '../components/account/AuthCard.tsx';
import { RegisterForm } from '../components/account/RegisterForm.tsx';
import { Link } from '../components/Link.tsx';
import { privatePageMeta } from '../lib/private-meta.ts';
import { accountUi } from '../texts/account.ts';
import type { Route } from './+types/register';

const t = accountUi;

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.registerTitle);

/** Spec 'Registration' (rejestracja). */
export default function Register() {
  return (
    <AuthCard
      title={t.registerTitle}
      intro={t.registerIntro}
      footer={
        <p>
          {t.haveAccount}{' '}
          <Link to="/logowanie" className="font-semibold text-primary underline underline-offset-2">
            {t.loginTitle}
          </Link>
        </p>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
