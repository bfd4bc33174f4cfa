// Browser start: load this page's dictionary, resolve the matched lazy routes, then hydrate the
// server's document without refetching anything.
import './styles/app.css';
import './styles/catalogue.css';
import './styles/account.css';
import './styles/orders.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterContextProvider, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { loadDictionary } from '../shared/i18n';
import type { BootData } from '../shared/boot';
import { apiContext } from './boot';
import { provideDictionary } from './i18n/context';
import { deleteCookie } from './lib/cookies';
import { createSessionClient, sessionEndedUrl } from './lib/session-client';
import { AppProviders } from './providers';
import { routes } from './routes';
import { createSessionStore } from './stores/session';

declare global {
  interface Window {
    __BOOT__: BootData;
  }
}

async function resolveLazyMatches(tree: RouteObject[]): Promise<void> {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const mod = await route.lazy();
      Object.assign(route, mod, { lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const boot = window.__BOOT__;
  if (boot.config.sentryDsn) {
    // Only the listeners load with the page; the reporter is fetched once an error has happened.
    const tags = { lang: boot.lang, country: boot.country };
    const report = (raw: unknown) => void import('./lib/error-reporter').then((m) => m.reportBrowserError(boot.config, tags, raw));
    window.addEventListener('error', (e) => report(e.error ?? e.message));
    window.addEventListener('unhandledrejection', (e) => report(e.reason));
  }
  const [dict] = await Promise.all([loadDictionary(boot.lang), resolveLazyMatches(routes)]);
  provideDictionary(boot.lang, dict);

  const session = createSessionStore({ country: boot.country, user: boot.user });
  const api = createSessionClient({
    lang: boot.lang,
    country: () => session.country,
    signedIn: () => session.user !== null,
    storage: safeSessionStorage(),
    onUnauthorized() {
      // The worker already cleared the httpOnly cookies; drop the readable one and go to sign in,
      // then back here (the cart and typed form values are kept in storage).
      deleteCookie('user');
      session.user = null;
      const next = sessionEndedUrl(window.location, boot.lang);
      if (next) window.location.assign(next);
    },
    onDeviceReset() {
      window.location.reload();
    },
  });

  const router = createBrowserRouter(routes, {
    getContext() {
      const context = new RouterContextProvider();
      context.set(apiContext, api);
      return context;
    },
  });

  // A transition lets React hydrate in slices and yield to input, instead of one long task.
  startTransition(() => {
    hydrateRoot(
      document,
      <AppProviders boot={boot} api={api} session={session}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  });
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

void start();
