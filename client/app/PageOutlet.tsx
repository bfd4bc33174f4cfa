// The page's place in the shell (decision 41). When a page's data is slow to come (a shopper far from
// the data), the server sends the shell first (the header, the search box and this skeleton) and the
// page when its data is there, into the same document; the browser hydrates that document as one, as
// when it came whole. The boundary and the wrappers below are the same on both sides, so the markup
// lines up either way.
import { createContext, type ReactNode, Suspense, use, useContext } from 'react';
import { Outlet, UNSAFE_DataRouterDataContext as DataRouterDataContext } from 'react-router';
import { SWRConfig } from 'swr';
import { useI18n } from '../i18n/context';

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
  return (
    <Suspense fallback={<PageSkeleton />}>
      <PageData errorPage={errorPage}>
        <Outlet />
      </PageData>
    </Suspense>
  );
}

function PageData({ children, errorPage }: { children: ReactNode; errorPage: (error: unknown) => ReactNode }) {
  // Only the server renders a page whose data comes late; the browser hydrates it as any other page,
  // and this part of the boundary stays out of its JavaScript.
  if (!import.meta.env.SSR) return children;
  return <LatePage errorPage={errorPage}>{children}</LatePage>;
}

function LatePage({ children, errorPage }: { children: ReactNode; errorPage: (error: unknown) => ReactNode }) {
  const streamed = useContext(StreamedPageContext);
  const data = useContext(DataRouterDataContext);
  if (!streamed || !data) return children;
  // Suspends the page (not the shell) until its data is there; the promise is the request's own.
  const page = use(streamed);
  if (page.redirect !== undefined) return null;
  const value = { ...data, loaderData: { ...data.loaderData, ...page.loaderData } };
  return (
    <DataRouterDataContext.Provider value={value}>
      <SWRConfig value={{ fallback: page.fallback }}>
        {page.error === undefined ? children : errorPage(page.error)}
      </SWRConfig>
    </DataRouterDataContext.Provider>
  );
}

/** Holds the page's place: as tall as the screen, so nothing below it is in view and moves when the page comes. */
function PageSkeleton() {
  const { t } = useI18n();
  return (
    <div className="page-skeleton" role="status" aria-busy="true" data-testid="page-skeleton">
      <span className="visually-hidden">{t('loading')}</span>
      <span className="skeleton-line skeleton-title" />
      <span className="skeleton-line" />
      <span className="skeleton-line skeleton-short" />
    </div>
  );
}
