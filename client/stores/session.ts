// The shopper's session as the UI sees it: country (drives currency) and the signed-in user's display
// data (the token itself stays in an httpOnly cookie). One store per request on the server, so
// concurrent renders never share it; one per page in the browser.
import { createContext, useContext } from 'react';
import { proxy } from 'valtio';
import type { CountryCode } from '#shared/locale';
import type { UserDisplay } from '#shared/boot';

export interface SessionState {
  country: CountryCode;
  user: UserDisplay | null;
}

export function createSessionStore(initial: SessionState): SessionState {
  return proxy({ ...initial });
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSessionStore(): SessionState {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore outside SessionContext');
  return store;
}
