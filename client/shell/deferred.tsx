// Shell code that is not needed to show or hydrate the page (decision 18): the entry starts loading it
// at once, in parallel with hydration, but it is no part of the page's first JavaScript.
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { pageHydrated } from '../app/page-hydration';

export const loadDeferredShell = () => import('./DeferredShell');
export const loadFooter = () => import('./Footer');

const DeferredShell = lazy(() => loadDeferredShell().then((m) => ({ default: m.DeferredShell })));
const BrowserFooter = lazy(() => loadFooter().then((m) => ({ default: m.Footer })));

// The server renders the footer from its own static import (entry.server.tsx): a static import here
// would put the footer back into the browser's entry chunk.
let ServerFooter: ComponentType = () => null;

export function provideServerFooter(footer: ComponentType): void {
  ServerFooter = footer;
}

/** The parts that render nothing on the server: mounted after hydration, so both sides start alike. */
export function DeferredShellSlot() {
  const [mounted, setMounted] = useState(false);
  // After the page too (app/page-hydration.ts): these parts mark the document live.
  useEffect(() => {
    let live = true;
    void pageHydrated.then(() => live && setMounted(true));
    return () => {
      live = false;
    };
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <DeferredShell />
    </Suspense>
  ) : null;
}

/**
 * The footer is below the fold: the server renders it at once, the browser keeps that HTML and hydrates
 * it when its code arrives. Both sides wrap it in the same Suspense boundary so the markup lines up.
 */
export function SiteFooter(): ReactNode {
  return <Suspense fallback={null}>{import.meta.env.SSR ? <ServerFooter /> : <BrowserFooter />}</Suspense>;
}
