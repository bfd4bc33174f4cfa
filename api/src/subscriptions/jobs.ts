// What the cron runs for subscribe and save: the orders due, the reminders before them, and the refill
// reminders; pushes follow the batches that recorded each (a push is never sent twice for one).
import { configuredSiteOrigin } from '../lib/site-origin';
import { apiConfig } from '../lib/config';
import { log } from '../lib/log';
import { gatewayFor } from '../payment-gateway/gateway-for';
import { pushToUser } from '../push';
import { refillPush, subscriptionReminderPush } from '../push/texts';
import { sendRefillReminders } from './refills';
import { sendSubscriptionReminders } from './reminders';
import { runDueSubscriptions } from './run';

export async function subscriptionJobs(
  env: ApiEnv,
  now = Date.now(),
): Promise<{ placed: number; failed: number; reminded: number; refills: number }> {
  const config = apiConfig(env);
  const siteOrigin = configuredSiteOrigin(env);
  // Each job on its own: one that fails leaves the others to run this minute.
  const run = await runDueSubscriptions(env, { gateway: gatewayFor(config), siteOrigin, now }).catch((error) => {
    log.error('subscription orders failed', { error });
    return { placed: 0, failed: 0 };
  });
  if (run.placed || run.failed) log.info('subscription orders', { ...run });
  const reminded = await sendSubscriptionReminders(env.DB, { secret: config.TOKEN_SECRET, siteOrigin }, now).catch(
    (error) => {
      log.error('subscription reminders failed', { error });
      return [];
    },
  );
  const refilled = await sendRefillReminders(env, siteOrigin, now).catch((error) => {
    log.error('refill reminders failed', { error });
    return [];
  });
  await Promise.all([
    ...reminded.map((r) =>
      pushToUser(env, r.userId, 'refills', (lang) => subscriptionReminderPush(lang, r.productName, r.orderDate)),
    ),
    ...refilled.map((r) => pushToUser(env, r.userId, 'refills', (lang) => refillPush(lang, r.productName, r.orderId))),
  ]);
  if (reminded.length || refilled.length)
    log.info('subscription reminders', { reminded: reminded.length, refills: refilled.length });
  return { ...run, reminded: reminded.length, refills: refilled.length };
}
