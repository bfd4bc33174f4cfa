// The staff worker (decision 27): the back office on its own origin. Cloudflare Access in
// front (production), staff sessions in this origin's cookies, server-rendered pages and form posts,
// and every read or change through the commerce API's /staff routes, which check each permission.
import { settleRequestBody } from '#shared/http/settle-body';
import { Hono } from 'hono';
import type { StaffAppEnv } from './app-env';
import { staffConfig } from './config';
import { currentRequestId, requestContext } from './lib/log';
import { reportError } from './lib/report-error';
import { withSentryWhenConfigured } from '#shared/observability/sentry-handler';
import { staffTranslator } from './lib/i18n';
import { chosenLang, sessionToken } from './lib/session';
import { html } from './lib/render';
import { cloudflareAccess, sameOriginPosts } from './middleware/guards';
import { securityHeaders } from './middleware/security-headers';
import { authRoutes } from './routes/auth';
import { dashboardRoutes } from './routes/dashboard';
import { auditRoutes } from './routes/audit';
import { eInvoiceRoutes } from './routes/e-invoices';
import { invitationRoutes, teamRoutes } from './routes/team';
import { labRoutes } from './routes/lab';
import { catalogueRoutes } from './routes/catalogue';
import { catalogueImportRoutes } from './routes/catalogue-import';
import { mediaRoutes } from './routes/media';
import { customerRoutes } from './routes/customers';
import { dataRequestRoutes } from './routes/data-requests';
import { promotionRoutes } from './routes/promotions';
import { searchRoutes } from './routes/search';
import { alertRoutes } from './routes/alerts';
import { cartReminderRoutes } from './routes/cart-reminders';
import { offerRoutes } from './routes/offers';
import { quizRoutes } from './routes/quiz';
import { reviewRoutes } from './routes/reviews';
import { subscriptionRoutes } from './routes/subscriptions';
import { amountRoutes } from './routes/amounts';
import { deliveryRoutes } from './routes/delivery';
import { returnRoutes } from './routes/returns';
import { shippingRoutes } from './routes/shipping';
import { orderRoutes } from './routes/orders';
import { consultationCallRoutes } from './routes/consultation-call';
import { practiceRoutes } from './routes/practice';
import { loyaltyRoutes } from './routes/loyalty';
import { driverRoutes } from './routes/driver';
import { deliveriesRoutes } from './routes/deliveries';
import { codRoutes } from './routes/cod';
import { eInvoicingRoutes } from './routes/e-invoicing';
import { MessagePage } from './pages/Message';
import { UnreadableForm } from './lib/form';
import { D1_SQL_HEADER, encodeD1Sql } from '#shared/api/d1-sql';

const app = new Hono<StaffAppEnv>();

// Outermost: a body an early answer left unread is read before the answer goes (shared/http/settle-body.ts).
app.use(settleRequestBody());
app.use(...requestContext());
app.use(securityHeaders());
app.use(async function loadContext(c, next) {
  c.set('config', staffConfig(c.env));
  const lang = chosenLang(c) ?? (c.req.header('accept-language')?.toLowerCase().startsWith('ar') ? 'ar' : 'en');
  c.set('lang', lang);
  c.set('t', staffTranslator(lang));
  c.set('token', sessionToken(c));
  if (c.var.config.ENVIRONMENT === 'production') return next();
  // Outside production, say how much API and D1 work the page caused (read by the capacity bench).
  const measured = {
    apiCalls: 0,
    statements: 0,
    roundTrips: 0,
    sql: c.req.header(D1_SQL_HEADER) === '1' ? new Set<string>() : undefined,
  };
  c.set('measured', measured);
  await next();
  try {
    c.res.headers.set('x-api-calls', String(measured.apiCalls));
    c.res.headers.set('x-d1-queries', String(measured.statements));
    c.res.headers.set('x-d1-roundtrips', String(measured.roundTrips));
    if (measured.sql) c.res.headers.set(D1_SQL_HEADER, encodeD1Sql(measured.sql));
  } catch {
    // An answer passed through as the API gave it (a file download) keeps its own, immutable headers.
  }
});
app.use(cloudflareAccess());
app.use(sameOriginPosts());

app.get('/favicon.ico', (c) => c.body(null, 204));
app.route('/', authRoutes);
app.route('/', dashboardRoutes);
app.route('/', auditRoutes);
app.route('/', eInvoiceRoutes);
app.route('/', teamRoutes);
app.route('/', invitationRoutes);
app.route('/', labRoutes);
app.route('/', catalogueRoutes);
app.route('/', catalogueImportRoutes);
app.route('/', mediaRoutes);
app.route('/', customerRoutes);
app.route('/', dataRequestRoutes);
app.route('/', promotionRoutes);
app.route('/', searchRoutes);
app.route('/', orderRoutes);
app.route('/', alertRoutes);
app.route('/', cartReminderRoutes);
app.route('/', offerRoutes);
app.route('/', quizRoutes);
app.route('/', reviewRoutes);
app.route('/', subscriptionRoutes);
app.route('/', amountRoutes);
app.route('/', deliveryRoutes);
app.route('/', returnRoutes);
app.route('/', shippingRoutes);
app.route('/', consultationCallRoutes);
app.route('/', practiceRoutes);
app.route('/', loyaltyRoutes);
app.route('/', driverRoutes);
app.route('/', deliveriesRoutes);
app.route('/', codRoutes);
app.route('/', eInvoicingRoutes);

app.notFound((c) => {
  const t = c.var.t ?? staffTranslator('en');
  return html(
    c,
    <MessagePage t={t} nonce={c.var.nonce} title="st_not_found_title" body={t.t('st_not_found_body')} />,
    404,
  );
});

app.onError((error, c) => {
  const t = c.var.t ?? staffTranslator('en');
  // A form cut off on its way (lib/form.ts): the sender's trouble, said as such, not reported as ours.
  if (error instanceof UnreadableForm)
    return html(
      c,
      <MessagePage
        t={t}
        nonce={c.var.nonce ?? ''}
        me={c.var.me}
        title="st_form_unreadable_title"
        body={t.t('st_form_unreadable_body')}
      />,
      400,
    );
  reportError(c, error);
  return html(
    c,
    <MessagePage t={t} nonce={c.var.nonce ?? ''} me={c.var.me} title="st_error_title" body={t.tKey('server_error')} />,
    500,
  );
});

/** The route table, for tests. */
export { app };
// With a DSN, @sentry/cloudflare wraps the handler, as in the other two workers.
export default withSentryWhenConfigured('staff', currentRequestId, {
  fetch: app.fetch,
} satisfies ExportedHandler<StaffEnv>);
