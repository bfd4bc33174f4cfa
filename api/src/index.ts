// The commerce API worker: signed requests only, one envelope shape, one error handler.
import { sweepWaitingEInvoices } from './e-invoice-sales';
import { sweepHeldOrders } from './orders/reservations';
import { joinGuestClaims } from './orders/guest-claims';
import { dataRightsJobs } from './data-rights/jobs';
import { dataRightsRoutes } from './routes/data-rights';
import { settleRequestBody } from '#shared/http/settle-body';
import { Hono } from 'hono';
import { fail, ok } from '#shared/api/envelope';
import { z } from '#shared/zod';
import { apiConfig } from './lib/config';
import { configuredSiteOrigin } from './lib/site-origin';
import { ApiError } from './lib/errors';
import { contract } from './contract/validate';
import { RETENTION_MINUTE, runRetentionEverywhere } from './retention/run';
import { ARCHIVE_EVERY_MINUTES, ARCHIVE_PER_RUN, archiveColdOrders } from './archive/move';
import { archiveKeyring } from './archive/file';
import { expireColdOrders } from './archive/expire';
import { rewrapColdKeysEverywhere } from './archive/keys';
import { nonceShard } from './lib/nonce-guard';
import { verifySignature } from './middleware/signature';
import { requireDevice } from './middleware/device';
import { deviceRoutes } from './routes/device';
import { bundleRoutes } from './routes/bundle';
import { cameThroughDoor, doorEnv, isInProcess } from './lib/in-process';
import { WorkerEntrypoint } from 'cloudflare:workers';
import { countryRoutes } from './routes/country';
import { requestLocale } from './middleware/locale';
import { queryCount } from './middleware/query-count';
import { publicChange } from './middleware/public-change';
import { d1Session } from './middleware/d1-session';
import { resilientDatabase } from './db/transient';
import { isRead } from '#shared/api/page-bundle';
import { bumpCatalogueVersion } from './catalogue/maintain';
import { queueReviewRequests } from './reviews/request-mail';
import { reviewActionRoutes, reviewRoutes } from './routes/reviews';
import { productRoutes } from './routes/product';
import { bloodTestRoutes } from './routes/blood-test';
import { homeRoutes } from './routes/home';
import { categoryRoutes } from './routes/category';
import { brandRoutes } from './routes/brand';
import { nutritionistRoutes } from './routes/nutritionist';
import { consultationRoutes, userConsultationRoutes } from './routes/consultations';
import { searchTermRoutes } from './routes/search-terms';
import { mediaRoutes } from './routes/media';
import { sitemapRoutes } from './routes/sitemap';
import { infoRoutes } from './routes/info';
import { userRoutes } from './routes/user';
import { phoneAuthRoutes } from './routes/phone-auth';
import { whatsappChoiceRoutes, whatsappRoutes } from './routes/whatsapp';
import { cartReminderStopRoutes, cartRoutes } from './routes/carts';
import { viewedRoutes } from './routes/viewed';
import { sendCartReminders } from './carts/reminders';
import { refreshCoPurchases } from './catalogue/co-purchases';

/** 00:40 UTC, 03:40 Gulf time: the nightly refresh of what is bought together. */
const CO_PURCHASE_HOUR_UTC = 0;
const CO_PURCHASE_MINUTE = 40;
import { devRoutes } from './routes/dev';
import { addressRoutes } from './routes/addresses';
import { areaRoutes, cityRoutes, dhlCountryRoutes } from './routes/places';
import { miscRoutes } from './routes/misc';
import { staffRoutes } from './routes/staff';
import { orderRoutes, userOrderRoutes } from './routes/orders';
import { returnRoutes, userOrderReturnRoutes } from './routes/returns';
import { walletRoutes } from './routes/wallet';
import { loyaltyRoutes } from './routes/loyalty';
import { bloodTestUploadRoutes } from './routes/blood-test-uploads';
import { bloodTestResultRoutes } from './routes/blood-test-results';
import { pushKeyRoutes, userPushRoutes } from './routes/push';
import { inviteRoutes, referralRoutes } from './routes/referral';
import { wishlistRoutes } from './routes/wishlists';
import { subscriptionRoutes } from './routes/subscriptions';
import { quizRoutes } from './routes/quiz';
import { BACKUP_CRON, runNightlyBackup } from './backup/nightly';
import { keyringOf } from './uploads/crypto';
import { healthKeyring, rewrapHealthKeys } from './consultations/seal';
import { sendConsultationReminders } from './consultations/notices';
import { sweepExpiredHolds } from './consultations/hold';
import { rewrapOldKeys, sweepPendingUploads } from './uploads/store';
import { sweepPendingReturnPhotos, sweepReturnParcels } from './returns/sweep';
import { sweepReturnRefundClaims } from './returns/refund';
import {
  bloodTestOrderRoutes,
  bloodTestPatientRoutes,
  bloodTestSlotRoutes,
  devBloodTestRoutes,
  userBloodTestOrderRoutes,
} from './routes/blood-test-booking';
import { sendPreparationReminders } from './blood-tests/reminder';
import { paymentRoutes, sandboxPaymentRoutes } from './routes/payments';
import { sweepStalePayments } from './payments/sweep';
import { sweepPendingRefunds } from './payments/refunds';
import { sweepGiveBacks } from './orders/give-backs';
import { gatewayFor } from './payment-gateway/gateway-for';
import { deliverDueMail } from './mail/deliver';
import { deliverDueMessages } from './messages/deliver';
import { purgeOldCodes } from './accounts/phone-codes';
import { deliverMailAfter } from './mail/deliver-after';
import { deliverMessagesAfter } from './messages/deliver-after';
import { openApiDocument } from './contract/openapi';
import { errorAnswer } from './contract/error-answer';
import type { AppEnv } from './app-env';
import { currentRequestId, log, requestContext, withFreshRequestId } from './lib/log';
import { methodsWhenConfigured, withSentryWhenConfigured } from '#shared/observability/sentry-handler';
import { reportError } from './lib/report-error';
import { alertRoutes } from './routes/alerts';
import { resendLostEvents } from './alerts';
import { consumeAlerts } from './alerts/consumer';
import { isShipmentMessage, resendStaleShipments } from './shipping/queue';
import {
  alertWaitingReports,
  consumeReports,
  E_INVOICE_ALERT_MINUTE,
  enqueueDueReports,
} from './e-invoice-reporting/queue';
import { consumeShipments } from './shipping/create';
import { subscriptionJobs } from './subscriptions/jobs';
import { loyaltyCountries, loyaltyJobs } from './loyalty/jobs';
import { consultationRoomRoutes, userConsultationCallRoutes } from './routes/consultation-call';
import { devConsultationCallRoutes } from './routes/dev-consultation-call';
import { MISSED_PROMISE_MINUTE, markMissedPromises } from './delivery/missed';
import { carrierRoutes } from './routes/carriers';
import { devParcelRoutes } from './routes/dev-parcels';
import { pollCarriers } from './shipping/poll';
import { herParts } from './door/her-parts';
import type { HerPartsAnswer, HerPartsAsk } from '#shared/api/her-parts-door';

export { NonceGuard } from './lib/nonce-guard';
export { ConsultRoom } from './consultations/call/room';
export { EInvoiceChain } from './e-invoice-chain/chain';
/** The route table, for the contract test that walks it (tests/integration/api/contract.test.ts). */
export { app };

const app = new Hono<AppEnv>();

// Outermost: a body an early answer left unread is read before the answer goes (shared/http/settle-body.ts).
app.use(settleRequestBody());

// First, so every later line of this request, and its error report, carries the storefront's x-reqid.
app.use(...requestContext());
app.use(async function loadConfig(c, next) {
  c.set('config', apiConfig(c.env));
  await next();
});
app.use(
  verifySignature({
    secret: (c) => (c.var as AppEnv['Variables']).config.SIGNING_SECRET,
    claimNonce: (c, nonce, expiresAt) => nonceShard(c.env as ApiEnv, nonce).claim(nonce, expiresAt),
    // A bundle's inner calls: the bundle itself was signed (routes/bundle.ts). The storefront's calls
    // through its binding's own entrypoint: the binding is their proof (decision 78, StorefrontDoor below).
    skip: (c) => isInProcess(c.env) || cameThroughDoor(c.env),
  }),
);
app.use(
  requireDevice({
    secret: (c) => (c.var as AppEnv['Variables']).config.TOKEN_SECRET,
    // A bundle registers the device itself when it has no valid token.
    exempt: ['/device/auth', '/health', '/bundle'],
    // The gateway's webhook comes through the storefront, signed, but from no shopper's device.
    // An alert mail's one-click unsubscribe comes from the mail provider, relayed by the storefront;
    // a WhatsApp update's stop link is opened from the phone's WhatsApp, in any browser.
    exemptPrefixes: [
      '/media/',
      '/sitemap',
      '/dev/',
      '/payments/webhook/',
      // A carrier's tracking webhook, relayed like the gateway's (routes/carriers.ts).
      '/carriers/',
      '/openapi.json',
      '/staff/',
      '/alerts/unsubscribe',
      '/whatsapp/stop',
      // A cart reminder mail's stop link, opened from a mail app (routes/carts.ts).
      '/cart-reminders/stop',
      // …and a guest's confirmation link for cart reminders (issue 73), the same way.
      '/cart-reminders/confirm',
      // The call room's WebSocket: its join ticket is what admits it (routes/consultation-call.ts).
      '/consultation/',
    ],
  }),
);
app.use(requestLocale());
// A bundle's inner calls are counted (and given the simulated distance) as part of the bundle.
app.use(queryCount({ enabled: (env) => env.ENVIRONMENT !== 'production' && !isInProcess(env) }));
// A back-office change shoppers see makes every cached answer and guest page stale (decision 40).
app.use('/staff/*', publicChange(bumpCatalogueVersion));
// The calls that queue mail (decision 0014): deliver it once the answer has gone.
for (const path of [
  '/order/submit',
  '/payments/webhook/*',
  '/dev/payments/*',
  // Tracking events move orders on (shipped, out for delivery, delivered): the shopper's mail.
  '/carriers/*',
  '/dev/parcels/*',
  // The cart reminders a tester runs now (the cron's own are delivered by the cron).
  '/dev/cart-reminders/run',
  '/user/register',
  '/user/forgot-password',
  '/user/profile/add-email',
  // Back-office changes mail shoppers (shipped, refunded, results ready) and new staff (invitations).
  '/staff/*',
])
  app.use(path, deliverMailAfter());
// Sign-in codes by SMS or WhatsApp (decision 43): delivered once the answer has gone, like mail.
app.use('/user/phone/*', deliverMessagesAfter());
// Order updates on WhatsApp, sent by the back office's steps.
app.use('/staff/*', deliverMessagesAfter());
app.use('/carriers/*', deliverMessagesAfter());
app.use('/dev/parcels/*', deliverMessagesAfter());
app.use('/dev/cart-reminders/run', deliverMessagesAfter());
// Shoppers' reads from the nearest replica, at least as recent as their last bookmark (decision 40).
// Inside the mail middleware, so that mail sent after the answer starts after the write's bookmark.
app.use(
  d1Session({
    isRead: (c) => c.req.path === '/bundle' || isRead(c.req.method, c.req.path),
    // A bundle's calls share its session; the back office and local tools read the primary, and a
    // gateway's webhook (no shopper to read after it) needs no bookmark.
    // The call room's WebSocket writes nothing itself and answers no data: no session.
    skip: (c) => isInProcess(c.env) || /^\/(staff|dev|payments\/webhook|carriers|consultation)\//.test(c.req.path),
  }),
);
// Innermost, on whatever DB the request uses: D1's passing failures retried where safe (db/transient.ts).
app.use(resilientDatabase());

app.get(
  '/health',
  contract({
    tag: 'platform',
    summary: 'Liveness check',
    noDevice: true,
    response: z.object({ status: z.literal('ok') }),
    messages: [],
  }),
  (c) => c.json(ok({ status: 'ok' })),
);
// The API's description (decision 17), for developers: never served in production.
app.get('/openapi.json', (c) => {
  if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
  return c.json(openApiDocument(app));
});
app.route('/device', deviceRoutes);
app.route(
  '/bundle',
  bundleRoutes((request, env, ctx) => app.fetch(request, env, ctx)),
);
app.route('/country', countryRoutes);
app.route('/product', productRoutes);
app.route('/product', reviewRoutes);
app.route('/', reviewActionRoutes);
// Before the catalogue's /bloodTest routes: its GET /bloodTest/:ref would read "slots" as a test's
// slug and answer 404 first (Hono runs matching handlers in the order they are registered).
app.route('/bloodTest', bloodTestSlotRoutes);
app.route('/bloodTest', bloodTestRoutes);
app.route('/homepage', homeRoutes);
app.route('/category', categoryRoutes);
app.route('/brand', brandRoutes);
app.route('/nutritionist', nutritionistRoutes);
app.route('/search', searchTermRoutes);
app.route('/media', mediaRoutes);
app.route('/sitemap', sitemapRoutes);
app.route('/info', infoRoutes);
app.route('/user/address', addressRoutes);
app.route('/user/order', userOrderRoutes);
app.route('/user/order', userOrderReturnRoutes);
app.route('/user/returns', returnRoutes);
app.route('/user/wallet', walletRoutes);
app.route('/loyalty', loyaltyRoutes);
app.route('/user/bloodTestOrder', userBloodTestOrderRoutes);
app.route('/user/bloodTestPatient', bloodTestPatientRoutes);
app.route('/user/consultation', userConsultationRoutes);
app.route('/consultation', consultationRoutes);
app.route('/user/upload', bloodTestUploadRoutes);
app.route('/user/data', dataRightsRoutes);
app.route('/user/bloodtest', bloodTestResultRoutes);
app.route('/user/consultation', userConsultationCallRoutes);
app.route('/user/push', userPushRoutes);
app.route('/push', pushKeyRoutes);
app.route('/bloodTestOrder', bloodTestOrderRoutes);
app.route('/order', orderRoutes);
app.route('/payments', paymentRoutes);
app.route('/carriers', carrierRoutes);
if (__LOCAL_TOOLS__) app.route('/dev/payments', sandboxPaymentRoutes);
app.route('/user/phone', phoneAuthRoutes);
app.route('/user/profile', whatsappChoiceRoutes);
app.route('/whatsapp', whatsappRoutes);
app.route('/cart', cartRoutes);
app.route('/viewed', viewedRoutes);
app.route('/cart-reminders', cartReminderStopRoutes);
app.route('/user', userRoutes);
app.route('/area', areaRoutes);
app.route('/country', dhlCountryRoutes);
app.route('/city', cityRoutes);
if (__LOCAL_TOOLS__) app.route('/dev/bloodTestOrder', devBloodTestRoutes);
if (__LOCAL_TOOLS__) app.route('/dev/consultations', devConsultationCallRoutes);
if (__LOCAL_TOOLS__) app.route('/dev/parcels', devParcelRoutes);
if (__LOCAL_TOOLS__) app.route('/dev', devRoutes);
app.route('/misc', miscRoutes);
app.route('/list', wishlistRoutes);
app.route('/subscriptions', subscriptionRoutes);
// Referrals (issue 47): her code beside the ledger's /loyalty routes, and the invite link's landing.
app.route('/loyalty', referralRoutes);
app.route('/invite', inviteRoutes);
// The supplement quiz.
app.route('/quiz', quizRoutes);
// The back office (decision 27): staff sessions, never a shopper's, and a permission per route.
app.route('/staff', staffRoutes);
// Alerts: the one-click unsubscribe of alert mails.
app.route('/alerts', alertRoutes);
// The consultation call's room (decision 56): its WebSocket, admitted by a join ticket.
app.route('/consultation', consultationRoomRoutes);

app.notFound((c) => c.json(fail('not_found', 404), 404));

app.onError((err, c) => {
  const answer = errorAnswer(err);
  if (answer.retryAfter !== undefined) c.header('retry-after', String(answer.retryAfter));
  if (answer.kind === 'busy') log.warn('database unavailable for a moment', { path: c.req.path, error: err });
  if (answer.kind === 'bug') reportError(c, err);
  const body = fail(answer.key, answer.status);
  return c.json(answer.details ? { ...body, data: answer.details } : body, answer.status);
});

const handler = withSentryWhenConfigured('api', currentRequestId, {
  fetch: app.fetch,
  // Cron (api/wrangler.toml): settle card charges left unfinished (as the gateway reports them, else cancelled, so their stock returns); settle
  // gateway refunds left pending; remove upload files never submitted; deliver queued mail and texts that are due (new, or waiting for their retry); queue blood-test preparation reminders and review requests.
  async scheduled(controller: ScheduledController, env: ApiEnv, ctx: ExecutionContext) {
    // 02:30 in the home country: the nightly backup of D1 to R2, on its own trigger (api/src/backup/nightly.ts);
    // one backup for every country, so one clock (global, not a country's day).
    if (controller.cron === BACKUP_CRON) {
      await withFreshRequestId(async () => {
        const outcome = await runNightlyBackup(env, apiConfig(env)).catch((error) => {
          log.error('nightly backup failed', { error });
          throw error;
        });
        log.info('nightly backup', {
          key: outcome.key,
          bytes: outcome.backup?.bytes ?? 0,
          shards: outcome.shards.map((s) => ({ key: s.key, bytes: s.backup?.bytes ?? 0 })),
          removedDates: outcome.removedDates,
        });
      });
      return;
    }
    withFreshRequestId(() => {
      ctx.waitUntil(
        sweepStalePayments(env, configuredSiteOrigin(env), Date.now(), gatewayFor(apiConfig(env))).then(
          (n) => n && log.info('settled stale card charges', { count: n }),
        ),
      );
      // Orders a submit reserved in the core but did not finish placing in the shopper's order shard
      // (decision 62): confirmed when her shard has them, their stock and coupon given back when not.
      ctx.waitUntil(
        sweepHeldOrders(env, configuredSiteOrigin(env)).then(
          (r) => (r.confirmed || r.released) && log.info('settled held orders', r),
        ),
      );
      // Saudi e-invoices still waiting (a request's signing cut short, no valid stamp yet): signed now.
      ctx.waitUntil(
        sweepWaitingEInvoices(env)
          .then((r) => (r.signed || r.waiting) && log.info('e-invoice sweep', r))
          .catch((error) => log.error('e-invoice sweep failed', { error })),
      );
      // Gateway refunds still pending after hours: ask the gateway, or fail those it gave no id for (payments/refunds.ts).
      ctx.waitUntil(
        sweepPendingRefunds(env, gatewayFor(apiConfig(env)), configuredSiteOrigin(env)).then(
          (n) => n && log.info('settled pending refunds', { count: n }),
        ),
      );
      // A booking's money back owed in her order shard that a dying request left unwritten (orders/give-backs.ts).
      ctx.waitUntil(
        sweepGiveBacks(env)
          .then((n) => n && log.info('wallet give-backs written in order shards', { count: n }))
          .catch((error) => log.error('wallet give-back sweep failed', { error })),
      );
      // Tracking events of carriers without webhooks, and of the local carrier every run (shipping/poll.ts).
      ctx.waitUntil(
        pollCarriers({ env, var: { config: apiConfig(env) }, executionCtx: ctx })
          .then((r) => (r.recorded || r.unknown) && log.info('tracking polled', { ...r }))
          .catch((error) => log.error('tracking poll run failed', { error })),
      );
      // Blood-test visits tomorrow: the preparation reminder, once, from 18:00 in the visit's country.
      ctx.waitUntil(
        sendPreparationReminders(env.DB, {
          secret: apiConfig(env).TOKEN_SECRET,
          siteOrigin: configuredSiteOrigin(env),
        }).then((n) => n && log.info('blood-test reminders queued', { count: n })),
      );
      // Consultations: expired holds cleared, and the reminders a day and an hour before (mail, WhatsApp, web push).
      ctx.waitUntil(sweepExpiredHolds(env.DB));
      ctx.waitUntil(
        sendConsultationReminders(env, {
          secret: apiConfig(env).TOKEN_SECRET,
          siteOrigin: configuredSiteOrigin(env),
        }).then((n) => n && log.info('consultation reminders queued', { count: n })),
      );
      // Uploaded result files never submitted, after 24 hours; and after a KEK rotation, data keys
      // rewrapped by the current KEK (api/src/uploads/).
      ctx.waitUntil(
        sweepPendingUploads(env).then((n) => n && log.info('removed unsubmitted upload files', { count: n })),
      );
      // Returns (issue 62): parcels the carrier could not take asked again; photos never sent removed.
      ctx.waitUntil(
        sweepReturnParcels(env, apiConfig(env), configuredSiteOrigin(env)).then(
          (n) => n && log.info('return parcels made on a later try', { count: n }),
        ),
      );
      ctx.waitUntil(
        sweepPendingReturnPhotos(env).then((n) => n && log.info('removed unsent return photos', { count: n })),
      );
      // …and return refunds a dying request left claimed: recorded when paid, else released (returns/refund.ts).
      ctx.waitUntil(
        sweepReturnRefundClaims(env).then(
          (r) => (r.recorded || r.released) && log.info('return refund claims settled', r),
        ),
      );
      const ring = keyringOf(apiConfig(env));
      if (ring)
        ctx.waitUntil(rewrapOldKeys(env.DB, ring).then((n) => n && log.info('rewrapped upload keys', { count: n })));
      // …and the consultations' health keys after a HEALTH_KEK rotation (api/src/consultations/seal.ts).
      const healthRing = healthKeyring(apiConfig(env));
      if (healthRing)
        ctx.waitUntil(
          rewrapHealthKeys(env.DB, healthRing).then((n) => n && log.info('rewrapped health keys', { count: n })),
        );
      // A guest's orders proven hers but in another order shard than her account: both brought into
      // one shard, then joined (api/src/orders/guest-claims.ts).
      ctx.waitUntil(
        joinGuestClaims(env)
          .then((n) => n && log.info('guest orders joined accounts', { count: n }))
          .catch((error) => log.error('guest claims run failed', { error })),
      );
      // Cold orders (api/src/archive/, decision 60): every few minutes a bounded run moves orders closed
      // 18 months to R2; after a KEK rotation their data keys are rewrapped like the uploads'.
      const archiveRing = archiveKeyring(apiConfig(env));
      if (archiveRing && new Date(controller.scheduledTime).getUTCMinutes() % ARCHIVE_EVERY_MINUTES === 2)
        ctx.waitUntil(
          archiveColdOrders(env, archiveRing, { now: controller.scheduledTime, limit: ARCHIVE_PER_RUN })
            .then(
              (r) =>
                (r.moved.length || r.swept || r.failed.length) &&
                log.info('cold orders', { ...r, moved: r.moved.length }),
            )
            .catch((error) => log.error('archive run failed', { error }))
            // Then cold orders past their tax period lose the shopper's fields, row and file (decision 64).
            .then(() => expireColdOrders(env, archiveRing, { now: controller.scheduledTime, limit: ARCHIVE_PER_RUN }))
            .then(
              (r) =>
                (r.anonymised.length || r.failed.length) &&
                log.info('cold orders past their tax period', { ...r, anonymised: r.anonymised.length }),
            )
            .catch((error) => log.error('cold orders past their tax period: run failed', { error })),
        );
      if (archiveRing)
        ctx.waitUntil(
          rewrapColdKeysEverywhere(env, archiveRing).then(
            (n) => n && log.info('rewrapped cold order keys', { count: n }),
          ),
        );
      // Retention of operational tables (api/src/retention/windows.ts), once an hour in bounded batches.
      if (new Date(controller.scheduledTime).getUTCMinutes() === RETENTION_MINUTE)
        ctx.waitUntil(
          runRetentionEverywhere(env, controller.scheduledTime)
            .then((r) => Object.keys(r.changed).length && log.info('retention', { ...r }))
            .catch((error) => log.error('retention run failed', { error })),
        );
      ctx.waitUntil(
        deliverDueMail(env, { limit: 100 }).then(
          (r) => (r.retrying || r.failed) && log.warn('mail delivery', { ...r }),
        ),
      );
      // Texts to phones, the same way (decision 43); codes older than a day go.
      ctx.waitUntil(
        deliverDueMessages(env, apiConfig(env), { limit: 100 }).then(
          (r) => (r.retrying || r.failed) && log.warn('text message delivery', { ...r }),
        ),
      );
      ctx.waitUntil(purgeOldCodes(env.DB));
      // Delivered some days ago: the request for a review, once an order (api/src/reviews/request-mail.ts).
      ctx.waitUntil(
        queueReviewRequests(env, configuredSiteOrigin(env)).then(
          (n) => n && log.info('review requests queued', { count: n }),
        ),
      );
      // Carts left behind (api/src/carts/, issue 64): the owner's reminder steps that are due, never at
      // night Gulf time.
      ctx.waitUntil(
        sendCartReminders(env, { secret: apiConfig(env).TOKEN_SECRET, siteOrigin: configuredSiteOrigin(env) })
          .then((run) => run.reminded && log.info('cart reminders queued', { ...run }))
          .catch((error) => log.error('cart reminders failed', { error })),
      );
      // Bought together, learned from the last year of orders (catalogue/co-purchases.ts, issue 64): once a
      // night, at 03:40 Gulf time, after the backup and before anyone shops.
      const at = new Date(controller.scheduledTime);
      if (at.getUTCHours() === CO_PURCHASE_HOUR_UTC && at.getUTCMinutes() === CO_PURCHASE_MINUTE)
        ctx.waitUntil(
          refreshCoPurchases(env, controller.scheduledTime)
            .then((r) => log.info('bought together learned', { ...r }))
            .catch((error) => log.error('bought together refresh failed', { error })),
        );
      // Subscribe and save (api/src/subscriptions/): orders due, reminders three days before, and refill
      // reminders for products bought once; each once, however often the cron runs.
      ctx.waitUntil(subscriptionJobs(env).catch((error) => log.error('subscription jobs failed', { error })));
      // Data rights (api/src/data-rights/): archives prepared and expired, uploaded files past retention.
      ctx.waitUntil(
        dataRightsJobs(env, apiConfig(env), configuredSiteOrigin(env))
          .then((r) => (r.prepared || r.expired || r.noticed || r.deleted) && log.info('data rights', { ...r }))
          .catch((error) => log.error('data rights jobs failed', { error })),
      );
      // Loyalty (api/src/loyalty/jobs.ts): birthdays, expiry and its reminders, tiers as spending ages,
      // retention; during one hour a day of each country's clocks, for its shoppers, in bounded runs.
      const loyaltyDue = loyaltyCountries(Date.now());
      if (loyaltyDue.length)
        ctx.waitUntil(
          loyaltyJobs(env, configuredSiteOrigin(env), Date.now(), loyaltyDue)
            .then((r) => Object.values(r).some(Boolean) && log.info('loyalty jobs', { ...r }))
            .catch((error) => log.error('loyalty jobs failed', { error })),
        );
      // Delivery promises missed (decision 65): marked once an hour, which flags them in the back office.
      if (new Date(controller.scheduledTime).getUTCMinutes() === MISSED_PROMISE_MINUTE)
        ctx.waitUntil(
          markMissedPromises(env, controller.scheduledTime).catch((error) =>
            log.error('missed promises run failed', { error }),
          ),
        );
      // Alert events whose queue message was lost (still unprocessed after a minute): sent again.
      ctx.waitUntil(resendLostEvents(env).then((n) => n && log.info('alert events re-sent', { count: n })));
      // Parcels whose creation message was lost: sent to the carrier's queue again (api/src/shipping/queue.ts).
      ctx.waitUntil(
        resendStaleShipments(env)
          .then((n) => n && log.info('queued parcels re-sent', { count: n }))
          .catch((error) => log.error('queued parcels re-send failed', { error })),
      );
      // Saudi e-invoices (api/src/e-invoice-reporting/): the stamp's unit sent to the reports' queue when a
      // document is due and no run holds it; once an hour, the alert while documents wait too long.
      ctx.waitUntil(
        enqueueDueReports(env, controller.scheduledTime).catch((error) =>
          log.error('e-invoice reports not queued', { error }),
        ),
      );
      if (new Date(controller.scheduledTime).getUTCMinutes() === E_INVOICE_ALERT_MINUTE)
        ctx.waitUntil(
          alertWaitingReports(env, controller.scheduledTime).catch((error) =>
            log.error('e-invoice reporting alert failed', { error }),
          ),
        );
    });
  },
  // The shop-alerts queue (api/wrangler.toml): back-in-stock and price-drop alerts in waves (api/src/alerts/).
  async queue(batch: MessageBatch<unknown>, env: ApiEnv, ctx: ExecutionContext) {
    await withFreshRequestId(async () => {
      // Saudi e-invoices to report have their own queue (api/src/e-invoice-reporting/queue.ts).
      if (batch.queue.startsWith('shop-e-invoice-reports')) return consumeReports(batch, env);
      // The same queue carries parcels to create at their carriers (api/src/shipping/queue.ts).
      const parcels = batch.messages.filter((m) => isShipmentMessage(m.body));
      if (parcels.length > 0) await consumeShipments(parcels, env);
      await consumeAlerts({ ...batch, messages: batch.messages.filter((m) => !isShipmentMessage(m.body)) }, env);
      // The alerts' mails were queued in the outbox: deliver them now rather than at the next cron.
      ctx.waitUntil(
        deliverDueMail(env, { limit: 50 }).catch((error) => log.error('mail delivery run failed', { error })),
      );
    });
  },
} satisfies ExportedHandler<ApiEnv>);

export default handler;

/**
 * The storefront's own door (decision 78): the entrypoint its `API` service binding names. Only a binding
 * can reach a named entrypoint, never the internet, so what comes through it is the storefront's and is
 * answered as the app answers a signed request, without the signature's HMAC, body digest and nonce claim
 * (a Durable Object write on every call). The default entrypoint (`API_ORIGIN` over HTTPS, the back office's
 * binding) still refuses anything unsigned.
 */
export class StorefrontDoor extends WorkerEntrypoint<ApiEnv> {
  override fetch(request: Request): Response | Promise<Response> {
    return handler.fetch!(request as Parameters<NonNullable<typeof handler.fetch>>[0], doorEnv(this.env), this.ctx);
  }

  /** Her own parts of her kept page, by a method call (decision 80, door/her-parts.ts). */
  herParts(ask: HerPartsAsk): Promise<HerPartsAnswer> {
    return doorMethods(this.ctx, this.env).herParts(ask);
  }
}

/** The door's methods themselves, on a class Sentry can instrument when a DSN is set (its reports sent). */
class DoorMethods extends WorkerEntrypoint<ApiEnv> {
  herParts(ask: HerPartsAsk): Promise<HerPartsAnswer> {
    return herParts(doorEnv(this.env), ask);
  }
}

const doorMethods = methodsWhenConfigured<DoorMethods, typeof DoorMethods>('api', currentRequestId, DoorMethods);
