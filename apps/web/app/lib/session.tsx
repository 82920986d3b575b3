import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api } from './browser-api.ts';
import { sessionUser } from './session-user.ts';
import { storage } from './storage.ts';

export type Session = {
  /** False until the stored token has been checked after hydration. */
  ready: boolean;
  /** A valid ticket is stored; pages that need the user's data read it in their loaders (`sessionUser`). */
  loggedIn: boolean;
  /** Stores the ticket and loads the user (spec 4: success means logged in). */
  login(ticket: string): Promise<void>;
  /** 'Wyloguj': ends the session on the server, then forgets the ticket here even if that call failed. */
  logout(): Promise<void>;
  /** Forgets the ticket here only, for when the server has already ended the session. */
  forget(): void;
};

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const [hasToken, setHasToken] = useState(false);

  const load = useCallback(async (fresh: boolean) => {
    setHasToken(!!storage.token());
    setHasToken(!!(await sessionUser(fresh)));
  }, []);

  useEffect(() => {
    load(false).finally(() => setReady(true));
  }, [load]);

  const forget = useCallback(() => {
    storage.clearToken();
    setHasToken(false);
  }, []);

  const value = useMemo<Session>(
    () => ({
      ready,
      loggedIn: hasToken,
      login: async (ticket) => {
        storage.setToken(ticket);
        await load(true);
      },
      logout: async () => {
        try {
          // Revokes the ticket, so a copy of it (another tab, a stolen one) stops working too.
          if (storage.token()) await api.call('logout');
        } catch {
          // Offline or already expired: logging out here must still work.
        } finally {
          forget();
        }
      },
      forget,
    }),
    [ready, hasToken, load, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = (): Session => {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
};
