import { createContext, type ReactNode, useCallback, useContext, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { currentPanelPath, loginPath } from '../lib/next-path.ts';
import { ui } from '../texts.ts';
import { LoginForm } from './LoginForm.tsx';
import { useModalDialog } from './useModalDialog.ts';

const t = ui.relogin;

/** Opens the login dialog; `retry` is the interrupted change, run again once logged in. */
type Expired = (retry?: () => void) => void;
const ExpiredContext = createContext<Expired | null>(null);

/**
 * A session that expires mid-edit does not cost the edit: instead of leaving for the login screen,
 * the screen stays as it is (the form with what was typed) under a modal login, and the change
 * that met the 401 runs again after it. Only the same account logs in here (its e-mail is fixed).
 */
export const SessionExpiredProvider = ({ email, children }: { email: string; children: ReactNode }) => {
  const [pending, setPending] = useState<{ retry?: () => void } | null>(null);
  const id = useId();
  const open = pending !== null;
  const ref = useModalDialog(open);

  // Several calls may fail at once: the first one's change is the one run again.
  const expired = useCallback<Expired>((retry) => setPending((p) => p ?? { retry }), []);

  return (
    <ExpiredContext value={expired}>
      {children}
      <dialog
        ref={ref}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onCancel={(e) => {
          e.preventDefault();
          setPending(null);
        }}
        className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg bg-white p-5 text-ink shadow-xl backdrop:bg-black/50"
      >
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {t.title}
        </h2>
        <p id={`${id}-text`} className="mt-2">
          {t.intro}
        </p>
        {open && (
          <LoginForm
            email={email}
            onDone={() => {
              const retry = pending?.retry;
              setPending(null);
              retry?.();
            }}
          />
        )}
        <button type="button" className="btn-secondary mt-3 w-full" onClick={() => setPending(null)}>
          {t.cancel}
        </button>
      </dialog>
    </ExpiredContext>
  );
};

/**
 * What a screen does on a 401: the login dialog over the screen (in the signed-in frame), else the
 * login screen that comes back here.
 */
export const useSessionExpired = () => {
  const expired = useContext(ExpiredContext);
  const navigate = useNavigate();
  return useCallback<Expired>(
    (retry) => (expired ? expired(retry) : navigate(loginPath('wygasla', currentPanelPath()))),
    [expired, navigate],
  );
};
