// Promises missed (decision 65): once an hour, orders still on their way after the end of the day they
// were promised for, on their own country's clocks (Dubai's midnight comes an hour before Kuwait's), are marked, in every order database, in bounded runs. The mark is what tells
// the shop: the back office's order list flags them "Late" and filters them; the shopper's order page
// says so (from the day after the promise, whether or not this ran yet: orders/view.ts promiseOf).
import { COUNTRY_CODES } from '#shared/countries';
import { countryDate } from '#shared/country-days';
import { type DatabaseEnv, orderShards } from '../db/databases';
import { log } from '../lib/log';

/** The minute of each hour the sweep runs (the minute cron; away from retention's 17). */
export const MISSED_PROMISE_MINUTE = 5;

/** Orders marked a run per database: more wait for the next hour. */
const MARK_PER_RUN = 500;

/** Marks the orders whose promise passed; answers how many, and logs them for monitoring. */
export async function markMissedPromises(env: DatabaseEnv, now: number): Promise<number> {
  // Each country's today, keyed by code: an order is late once its own country's day has passed.
  const today = JSON.stringify(Object.fromEntries(COUNTRY_CODES.map((c) => [c, countryDate(c, now)])));
  let marked = 0;
  for (const shard of await orderShards(env)) {
    // Orders that are going somewhere: not waiting for or failed at payment, not delivered, not cancelled.
    const { results } = await shard.db
      .prepare(
        `UPDATE orders SET promise_missed_at = ?1 WHERE id IN (
           SELECT id FROM orders WHERE promised_date IS NOT NULL AND promise_missed_at IS NULL AND promised_date < json_extract(?2, '$.' || country)
             AND status IN ('placed', 'paid', 'processing', 'shipped')
           ORDER BY promised_date LIMIT ?3)
         RETURNING id, country, promised_date`,
      )
      .bind(now, today, MARK_PER_RUN)
      .all<{ id: number; country: string; promised_date: string }>();
    if (results.length) log.warn('delivery promises missed', { shard: shard.id, orders: results });
    marked += results.length;
  }
  return marked;
}
