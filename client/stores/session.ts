// The shopper's session as the UI sees it: country (drives currency) and the signed-in user's display
// data (the token itself stays in an httpOnly cookie). One store per request on the server, so
// concurrent renders never share it; one per page in the browser.
import { createContext, useContext } from 'react';
import { proxy } from 'valtio';
import type { CountryCode } from '#shared/locale';
import type { UserDisplay } from '#shared/boot';

export interface SessionState {
  country: CountryCode;
  /**
   * The country the page's prices were loaded for. A switch sets `country` at once (the next calls go
   * to the new country) and this one only when the new country's data are on the page: in between,
   * prices are pending, never the old country's amounts in the new currency (decision 77).
   */
  shown: CountryCode;
  user: UserDisplay | null;
}

export function createSessionStore(initial: Omit<SessionState, 'shown'>): SessionState {
  return proxy({ ...initial, shown: initial.country });
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSessionStore(): SessionState {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore outside SessionContext');
  return store;
}
