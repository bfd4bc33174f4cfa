// Everything the app needs above the router, identical on the server (per request) and in the browser.
import { createContext, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { ApiClient } from '#shared/api/client';
import type { BootData } from '#shared/boot';
import { I18nProvider } from './i18n/context';
import { SessionContext, type SessionState } from './stores/session';

export const BootContext = createContext<BootData | null>(null);
export const ApiContext = createContext<ApiClient | null>(null);

export function AppProviders({
  boot,
  api,
  session,
  children,
}: {
  boot: BootData;
  api: ApiClient;
  session: SessionState;
  children: ReactNode;
}) {
  return (
    <BootContext.Provider value={boot}>
      <ApiContext.Provider value={api}>
        <SessionContext.Provider value={session}>
          <SWRConfig
            value={{
              // On the server, a cache per request: SWR's default cache is one Map for the whole isolate,
              // which would keep every request's data for the next (memory that grows with each page, and
              // one shopper's data where another's render could read it). The browser keeps the default
              // (the build's constant: the browser's bundle carries none of this).
              ...(import.meta.env.SSR ? { provider: () => new Map() } : {}),
              fallback: boot.fallback,
              fetcher: (path: string) => api.get(path).then((envelope) => envelope.data),
              // SSR data is fresh on arrival: no refetch flash right after hydration.
              revalidateIfStale: false,
              revalidateOnFocus: false,
            }}
          >
            <I18nProvider lang={boot.lang} texts={boot.texts}>
              {children}
            </I18nProvider>
          </SWRConfig>
        </SessionContext.Provider>
      </ApiContext.Provider>
    </BootContext.Provider>
  );
}
