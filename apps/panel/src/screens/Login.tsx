import { ApiClientError } from '@club/contract';
import { Link, type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from 'react-router';
import { api } from '../api.ts';
import { LoginForm } from '../components/LoginForm.tsx';
import { NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { safeNext } from '../lib/next-path.ts';
import { ui } from '../texts.ts';

const t = ui.login;

/**
 * Signed in already: straight on (to `next`, the screen the manager was sent here from). The call
 * also hands out the XSRF-TOKEN cookie the login post needs.
 */
export const loginLoader = async ({ request }: LoaderFunctionArgs) => {
  try {
    await api.call('panelMe');
  } catch (e) {
    if (e instanceof ApiClientError && (e.status === 401 || e.status === 403)) return null;
    throw e;
  }
  return redirect(safeNext(new URL(request.url).searchParams.get('next')));
};

export const Login = () => {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reason = params.get('powod');
  const notice = reason === 'wylogowano' ? t.loggedOut : reason === 'wygasla' ? t.sessionExpired : '';

  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
      <div className="card w-full max-w-md">
        <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">{ui.appName}</p>
        <PageTitle title={t.title}>{t.title}</PageTitle>
        <p className="mt-2 text-muted">{t.intro}</p>
        <div className="mt-4 space-y-3">
          <NoticeBox>{notice}</NoticeBox>
        </div>
        {/* Back to the screen the manager came from: only a path inside the panel (no open redirect). */}
        <LoginForm onDone={() => navigate(safeNext(params.get('next')), { replace: true })} />
        <p className="mt-4 text-sm">
          <Link to="/przypomnij-haslo" className="text-primary underline">
            {t.forgot}
          </Link>
        </p>
        <p className="mt-4 text-sm">
          <a href="/" className="text-primary underline">
            {t.toShop}
          </a>
        </p>
      </div>
    </main>
  );
};
