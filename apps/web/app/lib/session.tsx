import type { UserInfo } from '@club/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api } from './browser-api.ts';
import { storage } from './storage.ts';

export type Session = {
  /** False until the stored token has been checked after hydration. */
  ready: boolean;
  user: UserInfo | null;
  loggedIn: boolean;
  /** Stores the ticket and loads the user (spec 4: success means logged in). */
  login(ticket: string): Promise<void>;
  logout(): void;
};

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  const [user, setUser] = useState<UserInfo | null>(null);
  const [hasToken, setHasToken] = useState(false);

  const load = useCallback(async () => {
    if (!storage.token()) {
      setUser(null);
      setHasToken(false);
      return;
    }
    setHasToken(true);
    try {
      setUser(await api.call('getLoggedInUserInfo'));
    } catch {
      // Spec 4: a failed user-info request removes the token, without a message.
      storage.clearToken();
      setUser(null);
      setHasToken(false);
    }
  }, []);

  useEffect(() => {
    load().finally(() => setReady(true));
  }, [load]);

  const value = useMemo<Session>(
    () => ({
      ready,
      user,
      loggedIn: hasToken,
      login: async (ticket) => {
        storage.setToken(ticket);
        await load();
      },
      logout: () => {
        storage.clearToken();
        setUser(null);
        setHasToken(false);
      },
    }),
    [ready, user, hasToken, load],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = (): Session => {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
};
