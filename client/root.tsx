// The document: <html lang dir> from the URL's locale, the shell around every page, and the
// error boundaries that turn a 404 or a crash into a page inside the shell.
import { isRouteErrorResponse, Link, ScrollRestoration, useRouteError } from 'react-router';
import { dirOf } from '#shared/locale';
import { useI18n } from './i18n/context';
import { loadFailureKey } from './lib/load-failure';
import { useBoot, useHref } from './lib/locale';
import { PageHydrated, PageOutlet } from './app/PageOutlet';
import { CartStorageSync } from './cart/CartStorageSync';
import { DeferredShellSlot, SiteFooter } from './shell/deferred';
import { Header } from './shell/Header';
import { ProgressBar } from './ui/ProgressBar';
import { ToastStack } from './ui/ToastStack';

function Document({ children }: { children: React.ReactNode }) {
  const boot = useBoot();
  const { t, lang } = useI18n();
  return (
    <html lang={lang} dir={dirOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0d6b5e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The manifest of the page's language and iOS's home-screen tags come from the server alone
            (client/app/AppHead.tsx): the browser's entry does not carry them. */}
        {boot.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
      </head>
      <body>
        <a href="#main" className="skip-link">
          {t('skip_to_content')}
        </a>
        <ProgressBar />
        <Header />
        <main id="main" className="container main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <ToastStack />
        <CartStorageSync />
        {/* Marks <html data-hydrated> once its parts are live (also on the root error page). */}
        <DeferredShellSlot />
        <ScrollRestoration />
      </body>
    </html>
  );
}

export function Root() {
  return (
    <Document>
      <PageOutlet errorPage={(error) => <PageError error={error} />} />
    </Document>
  );
}

/**
 * Errors below the root render inside the shell: 404 as not found, a page that could not load for
 * the connection (offline between pages) as such with a retry, anything else as a 500 page.
 */
export function PageError({ error: given }: { error?: unknown } = {}) {
  // A page sent shell first whose data failed is given its error (app/PageOutlet.tsx): no route boundary
  // is rendering it.
  const routeError = useRouteError();
  const error = given ?? routeError;
  const { t } = useI18n();
  const href = useHref();
  const connection = loadFailureKey(error, typeof navigator === 'undefined' || navigator.onLine);
  if (connection) return <ConnectionError messageKey={connection} />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof console !== 'undefined') console.error(error);
  const title = t(notFound ? 'not_found_title' : 'server_error_title');
  return (
    <section className="status-page" data-testid={notFound ? 'not-found' : 'server-error'}>
      <title>{`${title} | ${t('brand_name')}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{title}</h1>
      <p>{t(notFound ? 'not_found_body' : 'server_error_body')}</p>
      <Link className="button" to={href('/')}>
        {t('back_home')}
      </Link>
    </section>
  );
}

function ConnectionError({ messageKey }: { messageKey: 'offline' | 'network_unreachable' }) {
  const { t } = useI18n();
  const title = t(messageKey === 'offline' ? 'offline_title' : 'server_error_title');
  return (
    <section className="status-page" data-testid="connection-error">
      <title>{`${title} | ${t('brand_name')}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="page-title">{title}</h1>
      <p role="alert">{t(messageKey)}</p>
      {/* A fresh load of this address fetches the page's code again, once the connection is back. */}
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('try_again')}
      </button>
    </section>
  );
}

/** Last resort when the shell itself fails: still a full bilingual-aware document. */
export function RootError() {
  return (
    <Document>
      <PageError />
      <PageHydrated />
    </Document>
  );
}
