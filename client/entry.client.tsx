// Browser start: load this page's texts (the shell's and its areas'), resolve the matched lazy routes,
// then hydrate the server's document without refetching anything.
// The shell's and shared styles; each page's own (catalogue, orders, account) come with its modules.
import './styles/app.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterContextProvider, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { BootData } from '#shared/boot';
import { learnCountries } from '#shared/countries/known';
import { apiContext } from './boot';
import { provideTextSource } from './i18n/context';
import { browserTexts, loadTexts } from './i18n/texts';
import { pageHydrated } from './app/page-hydration';
import { deleteCookie } from './lib/cookies';
import { loadPagesOnIntent } from './lib/load-on-intent';
import { deferredSessionClient } from './lib/deferred-session-client';
import { sessionEndedUrl } from './lib/session-ended';
import { AppProviders } from './providers';
import { routes } from './route-tree';
import { loadDeferredShell, loadFooter } from './shell/deferred';
import { createSessionStore } from './stores/session';
import type { HerParts } from './app/her-parts';

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
  // A page sent shell first has its data in the document's last script (decision 41): read it whole
  // first. Without data once it is read, the page was a redirect (the browser is on its way) or was cut
  // short: what the server sent stays as it is.
  // Her kept page (decision 76) likewise: her places come after the kept copy, and the script that
  // swaps them in puts her data into the boot data (worker/render/her-page.ts), her user included.
  if ((!window.__BOOT__ || window.__BOOT__.herParts) && document.readyState === 'loading')
    await new Promise((read) => addEventListener('DOMContentLoaded', read, { once: true }));
  if (!window.__BOOT__) return;
  const boot = window.__BOOT__;
  // Her country's facts come from the server, not in this JavaScript (shared/countries/known.ts).
  if (boot.core) learnCountries(boot.core);
  // Not needed to hydrate the page, but soon after: fetched alongside (decision 18).
  void loadFooter();
  void loadDeferredShell();
  if (boot.config.sentryDsn) {
    // Only the listeners load with the page; the reporter is fetched once an error has happened.
    const tags = { lang: boot.lang, country: boot.country };
    const report = (raw: unknown) =>
      void import('./lib/error-reporter').then((m) => m.reportBrowserError(boot.config, tags, raw));
    window.addEventListener('error', (e) => report(e.error ?? e.message));
    window.addEventListener('unhandledrejection', (e) => report(e.reason));
  }
  // The same areas as the server rendered with (decision 18); the route modules ask for them too.
  await Promise.all([loadTexts(boot.lang, boot.texts), resolveLazyMatches(routes)]);
  // Once the page is hydrated: nothing loads beside its hydration that it did not ask for.
  void pageHydrated.then(() => loadPagesOnIntent(routes));
  provideTextSource(browserTexts);

  const session = createSessionStore({ country: boot.country, user: boot.user });
  const api = deferredSessionClient({
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

  // Her session ended after her kept page had left (decision 76): asking the API as her ends it here
  // as any 401 does (the worker clears her cookies, onUnauthorized above).
  if ((boot.her as HerParts | undefined)?.ended) void api.get('/user/me').catch(() => undefined);

  const router = createBrowserRouter(routes, {
    getContext() {
      const context = new RouterContextProvider();
      context.set(apiContext, api);
      return context;
    },
  });

  // Her parts and the pinned country (client/ui/Seo.tsx) belong to this document's page only, whatever
  // key a reload's history state gives it.
  boot.herKey = router.state.location.key;

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
