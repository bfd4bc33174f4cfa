// The page's place in the shell (decision 41). When a page's data is slow to come (a shopper far from
// the data), the server sends the shell first (the header, the search box and this skeleton) and the
// page into a Suspense boundary of the same document when its data is there; the boot data tells the
// browser, which renders the same boundary to hydrate it. A page that came whole has no boundary.
import { createContext, type ReactNode, Suspense, use, useContext, useEffect } from 'react';
import { Outlet, UNSAFE_DataRouterDataContext as DataRouterDataContext } from 'react-router';
import { SWRConfig } from 'swr';
import { useI18n } from '../i18n/context';
import { useBoot } from '../lib/locale';
import { markPageHydrated } from './page-hydration';

/** A page whose data came after the shell had been sent, as the server renders it. */
export interface StreamedPage {
  /** The loaders' data by route id, for the routes whose data came late. */
  loaderData: Record<string, unknown>;
  /** What a loader threw: the page shows the error page in its place. */
  error?: unknown;
  /** Where a loader sent the shopper instead: the document's last script goes there, the page shows nothing. */
  redirect?: string;
  /** Answers the page's prices need (the country list), which travelled with its data. */
  fallback: Record<string, unknown>;
}

/** Set by the server's renderer for a page sent shell first; null in the browser and for a whole document. */
export const StreamedPageContext = createContext<Promise<StreamedPage> | null>(null);

export function PageOutlet({ errorPage }: { errorPage: (error: unknown) => ReactNode }) {
  const streamed = useContext(StreamedPageContext);
  const boot = useBoot();
  const page = (
    <>
      <Outlet />
      <PageHydrated />
    </>
  );
  // A whole document has no boundary, on either side: the page hydrates with the shell, in one pass.
  if (!(import.meta.env.SSR ? streamed : boot.shellFirst)) return page;
  return (
    <Suspense fallback={<PageSkeleton />}>
      {/* Only the server renders a page whose data comes late; the browser hydrates what it sent, and
          this part stays out of its JavaScript. */}
      {import.meta.env.SSR && streamed ? (
        <LatePage streamed={streamed} errorPage={errorPage}>
          {page}
        </LatePage>
      ) : (
        page
      )}
    </Suspense>
  );
}

function LatePage({
  streamed,
  children,
  errorPage,
}: {
  streamed: Promise<StreamedPage>;
  children: ReactNode;
  errorPage: (error: unknown) => ReactNode;
}) {
  const data = useContext(DataRouterDataContext);
  // Suspends the page (not the shell) until its data is there; the promise is the request's own.
  const page = use(streamed);
  if (page.redirect !== undefined || !data) return null;
  const value = { ...data, loaderData: { ...data.loaderData, ...page.loaderData } };
  return (
    <DataRouterDataContext.Provider value={value}>
      <SWRConfig value={{ fallback: page.fallback }}>
        {page.error === undefined ? (
          children
        ) : (
          <>
            {errorPage(page.error)}
            <PageHydrated />
          </>
        )}
      </SWRConfig>
    </DataRouterDataContext.Provider>
  );
}

/** Says the page is hydrated (app/page-hydration.ts); renders nothing. */
export function PageHydrated() {
  useEffect(markPageHydrated, []);
  return null;
}

/** Holds the page's place: as tall as the screen, so nothing below it is in view and moves when the page comes. */
function PageSkeleton() {
  const { t } = useI18n();
  return (
    <div className="page-skeleton" role="status">
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
