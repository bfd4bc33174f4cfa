// The installable app's part of the deferred shell, mounted after hydration
// (shell/DeferredShell.tsx), so none of it is in the entry bundle:
// - registers the service worker (/sw.js) 8 s after the first page has loaded, or at the second page
//   (built pages only: the dev server has no /sw.js and must keep its hot reload);
// - counts visits and page views, and holds the browser's install offer (beforeinstallprompt) until
//   install-rules.ts says the moment has come; the banner's code and texts load only then.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useSnapshot } from 'valtio';
import { SERVICE_WORKER_PATH } from '#shared/app/paths';
import type { PageId } from '#shared/page-paths';
import { cart, cartCount } from '../cart/cart-store';
import { withTexts } from '../i18n/texts';
import type { InstallPromptEvent } from './install-prompt';
import { INSTALL_KEYS, shouldOfferInstall, storedNumber } from './install-rules';

const InstallBanner = lazy(withTexts(['app'], () => import('./InstallBanner')));

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function bump(store: Storage | null, key: string): number {
  const n = (storedNumber(store?.getItem(key) ?? null) ?? 0) + 1;
  try {
    store?.setItem(key, String(n));
  } catch {
    // Storage full or refused: the count stays in memory for this page.
  }
  return n;
}

/**
 * How long the first page of a visit runs alone before the service worker is installed. Its install
 * fetches the offline pages and then takes the page's requests: on a phone that competes with the
 * first page's own work (Lighthouse's blocking time on home rose by a third), and the worker only
 * helps later pages and visits. Moving to a second page registers it at once.
 */
const REGISTER_DELAY_MS = 8000;

const registerWorker = () => void navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' }).catch(() => {});

function registerLater(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(registerWorker) : registerWorker());
  const start = () => {
    timer = setTimeout(idle, REGISTER_DELAY_MS);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    clearTimeout(timer);
  };
}

const canRegister = () => import.meta.env.PROD && 'serviceWorker' in navigator;

export function AppInstallSlot() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const page = (matches[matches.length - 1]?.handle as { page?: PageId } | undefined)?.page;
  const { items } = useSnapshot(cart);
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);
  const [visits, setVisits] = useState(0);
  const [pageViews, setPageViews] = useState(0);

  useEffect(() => {
    const session = storage('sessionStorage');
    // A visit is a tab session: counted at its first page.
    const local = storage('localStorage');
    const first = !session?.getItem(INSTALL_KEYS.pageViews);
    setVisits(
      first ? bump(local, INSTALL_KEYS.visits) : (storedNumber(local?.getItem(INSTALL_KEYS.visits) ?? null) ?? 1),
    );
    const hold = (event: Event) => {
      event.preventDefault();
      setOffer(event as InstallPromptEvent);
    };
    const installed = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', hold);
    window.addEventListener('appinstalled', installed);
    const stopRegistering = canRegister() ? registerLater() : () => {};
    return () => {
      window.removeEventListener('beforeinstallprompt', hold);
      window.removeEventListener('appinstalled', installed);
      stopRegistering();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per address shown
  useEffect(() => {
    setPageViews(bump(storage('sessionStorage'), INSTALL_KEYS.pageViews));
  }, [pathname]);

  // A second page in the visit: the shopper is browsing, the first page's load is over.
  const browsing = pageViews >= 2;
  useEffect(() => {
    if (browsing && canRegister()) registerWorker();
  }, [browsing]);

  if (!offer) return null;
  const dismissedAt = storedNumber(storage('localStorage')?.getItem(INSTALL_KEYS.dismissedAt) ?? null);
  const moment = {
    page,
    pageViews,
    visits,
    cartCount: cartCount(items as typeof cart.items),
    dismissedAt,
    now: Date.now(),
  };
  if (!shouldOfferInstall(moment)) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner
        offer={offer}
        onDone={(dismissed) => {
          if (dismissed) {
            try {
              storage('localStorage')?.setItem(INSTALL_KEYS.dismissedAt, String(Date.now()));
            } catch {
              // Not remembered: the banner may come back on a later visit.
            }
          }
          setOffer(null);
        }}
      />
    </Suspense>
  );
}
