import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from './session.tsx';
import { storage } from './storage.ts';

/**
 * Spec: the login guard. Without an access token it stores the requested URL as the redirect
 * target and sends the user to /logowanie. `required` false (guest checkout) lets guests through
 * too. The token lives in localStorage, so this runs after
 * hydration; guarded pages render a placeholder until `allowed` is true.
 */
export const useLoginGuard = (required = true): { allowed: boolean } => {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (required && session.ready && !session.loggedIn) {
      storage.setRedirectTarget(location.pathname + location.search);
      navigate('/logowanie', { replace: true });
    }
  }, [required, session.ready, session.loggedIn, location, navigate]);
  return { allowed: session.ready && (session.loggedIn || !required) };
};
