// The storefront edge worker: security headers, app association, the signed /api proxy, the error
// tunnel, and server rendering of every page route.
import { Hono } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { fail } from '#shared/api/envelope';
import type { AppEnv } from './app-env';
import { storefrontConfig } from './config';
import { reportError } from './lib/report-error';
import { securityHeaders } from './middleware/security-headers';
import { apiProxy } from './routes/api-proxy';
import { calendarFile } from './routes/calendar-file';
import { bloodTestFiles } from './routes/blood-test-files';
import { returnFiles } from './routes/return-files';
import { consultationRoom } from './routes/consultation-room';
import { dataExport } from './routes/data-export';
import { appLinks } from './routes/app-links';
import { appFiles } from './routes/app-files';
import { alertUnsubscribe } from './routes/alert-unsubscribe';
import { stopLinks } from './routes/stop-links';
import { cspReport } from './routes/csp-report';
import { devError } from './routes/dev-error';
import { devMailbox } from './routes/dev-mailbox';
import { devPushbox } from './routes/dev-pushbox';
import { devEInvoices } from './routes/dev-e-invoices';
import { devMessages } from './routes/dev-messages';
import { devParcels } from './routes/dev-parcels';
import { devAnalytics } from './routes/dev-analytics';
import { collect } from './routes/collect';
import { devTools } from './routes/dev-tools';
import { payments } from './routes/payments';
import { carrierWebhooks } from './routes/carrier-webhooks';
import { media } from './routes/media';
import { monitoring } from './routes/monitoring';
import { seoFiles } from './routes/seo-files';
import { setCountry } from './routes/set-country';
import { chosenCountry, countryFromLocation, rememberCountry, urlCountry } from './lib/session';
import { renderPage } from './render';
import { fallbackPage } from './render/fallback';
import { splitLocalePath } from '#shared/locale';
import { currentRequestId, currentTrips, requestContext } from './lib/log';
import { parseSimulatedDistance, SIMULATED_RTT_HEADER } from '#shared/api/simulated-distance';
import { D1_SQL_HEADER, encodeD1Sql } from '#shared/api/d1-sql';
import { withSentryWhenConfigured } from '#shared/observability/sentry-handler';
import { localStaffHost } from './routes/local-staff-host';
import { settleRequestBody } from '#shared/http/settle-body';

const app = new Hono<AppEnv>({ router: new RegExpRouter() });

// Outermost: a body an early answer left unread is read before the answer goes (shared/http/settle-body.ts).
app.use(settleRequestBody());

// Local mode: http://staff.localhost:8787 is the back office's own origin (decision 27).
if (__LOCAL_TOOLS__) app.use(localStaffHost());

// First, so every log line and error report of this request carries its x-reqid (sent on to the API).
app.use(...requestContext());
app.use(securityHeaders({ dev: import.meta.env.DEV }));
app.use(async function loadConfig(c, next) {
  c.set('config', storefrontConfig(c.env));
  const measured = c.var.config.ENVIRONMENT !== 'production';
  const trips = currentTrips();
  if (measured && trips) {
    const distance = parseSimulatedDistance(c.req.header(SIMULATED_RTT_HEADER));
    trips.simulatedRttMs = distance.apiMs;
    trips.simulatedD1RttMs = distance.d1Ms;
    if (c.req.header(D1_SQL_HEADER) === '1') trips.sql = new Set();
  }
  await next();
  // Outside production, say how much API and D1 work this request caused (read by npm run bench).
  if (!measured) return;
  const d1 = c.get('d1');
  if (d1) {
    c.res.headers.set('x-d1-queries', String(d1.statements));
    c.res.headers.set('x-d1-roundtrips', String(d1.roundTrips));
  }
  if (trips) {
    c.res.headers.set('x-api-calls', String(trips.calls));
    c.res.headers.set('x-api-steps', String(trips.steps));
    if (trips.sql) c.res.headers.set(D1_SQL_HEADER, encodeD1Sql(trips.sql));
  }
});

app.route('/', appLinks);
// The installable app: manifests, /sw.js and the offline pages.
app.route('/', appFiles);
app.route('/', monitoring);
app.route('/', cspReport);
// First-party analytics (decision 35): the tracker's beacons, on to GA4 or the local outbox.
app.route('/', collect);
app.route('/', media);
if (__LOCAL_TOOLS__) app.route('/', devMailbox);
if (__LOCAL_TOOLS__) app.route('/', devPushbox);
if (__LOCAL_TOOLS__) app.route('/', devEInvoices);
if (__LOCAL_TOOLS__) app.route('/', devMessages);
if (__LOCAL_TOOLS__) app.route('/', devParcels);
if (__LOCAL_TOOLS__) app.route('/', devAnalytics);
if (__LOCAL_TOOLS__) app.route('/', devTools);
if (__LOCAL_TOOLS__) app.route('/', devError);
app.route('/', payments);
app.route('/', carrierWebhooks);
app.route('/', alertUnsubscribe);
app.route('/', stopLinks);
app.route('/', setCountry);
app.route('/', seoFiles);
app.route('/', calendarFile);
// Before the /api proxy: a result file's upload (raw bytes, 10 MB) and download (streamed).
app.route('/', bloodTestFiles);
// A return's photo upload, her photos and her return label (issue 62).
app.route('/', returnFiles);
app.route('/', consultationRoom);
app.route('/', dataExport);
app.route('/api', apiProxy);
// A first visit's page is rendered in the located country and that country is remembered. A page whose
// URL pins a country (a search engine's per-country result, shared/seo/country-urls.ts) is rendered in
// it, and the shopper who followed it stays there, as after the switch.
app.get('*', async function firstVisitCountry(c, next) {
  const pinned = urlCountry(c);
  if (pinned) {
    if (chosenCountry(c) !== pinned) rememberCountry(c, pinned);
  } else if (!chosenCountry(c) && !c.req.header('x-country')) rememberCountry(c, countryFromLocation(c.req.raw));
  await next();
});
app.get('*', renderPage);
app.all('*', (c) => c.json(fail('method_not_allowed', 405), 405));

app.onError((error, c) => {
  reportError(c, error);
  if (c.req.path.startsWith('/api/')) return c.json(fail('server_error', 500), 500);
  const { lang } = splitLocalePath(c.req.path);
  return c.html(fallbackPage(lang, 500, c.var.nonce ?? ''), 500);
});

// With a DSN, @sentry/cloudflare wraps the handler: one isolation scope per request, events flushed after the answer.
export default withSentryWhenConfigured('storefront', currentRequestId, {
  fetch: app.fetch,
} satisfies ExportedHandler<StorefrontEnv>);
