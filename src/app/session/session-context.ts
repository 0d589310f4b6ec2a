import { createContext, useContext } from 'react';
import type { GlobalConfig } from '@domain/global-config';
import type { CurrentUser } from '@domain/session';

/** What the signed-in part of the console knows of the session. */
export interface SessionApi {
  user: CurrentUser;
  /** Set once global data has loaded; undefined before (or if loading failed). */
  globalConfig: GlobalConfig | undefined;
  /** Signs out: revokes the key, resets all client state, toasts "Logout Sucessfull", goes to /login. */
  signOut(): void;
}

/** Provided by SessionProvider while a user is signed in. */
export const SessionContext = createContext<SessionApi | null>(null);

/** The session of the signed-in user; throws outside the signed-in part of the app. */
export function useSession(): SessionApi {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in session');
  return session;
}
