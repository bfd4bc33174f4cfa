// The owner's figures for cart reminders (issue 64), week by week (weeks start on Sunday, Gulf time, as
// the Gulf's working week does) and by channel and country: carts reminded, links opened, carts ordered
// after a reminder and what those orders came to, in each country's own currency. A cart reminded by two
// channels counts for both; a cart reminded in two weeks counts in both.
import { GULF_OFFSET_MS } from '#shared/gulf-days';
import type { CountryCode } from '#shared/locale';
import { orderShards, type DatabaseEnv } from '../db/databases';

const WEEK_MS = 7 * 24 * 3_600_000;

/** Sunday 00:00 Gulf time of the week `at` falls in. */
export function weekStart(at: number): number {
  const gulf = new Date(at + GULF_OFFSET_MS);
  return Date.UTC(gulf.getUTCFullYear(), gulf.getUTCMonth(), gulf.getUTCDate() - gulf.getUTCDay()) - GULF_OFFSET_MS;
}

export interface ReminderFigure {
  week_start: number;
  channel: 'mail' | 'whatsapp' | 'push';
  country: CountryCode;
  reminded: number;
  opened: number;
  recovered: number;
  /** What the recovered carts' orders came to, minor units of the country's currency. */
  revenue_minor: number;
}

/** Orders that stand: placed and not given up. A card order whose payment failed later, or one cancelled, recovered nothing. */
const STANDING = "status NOT IN ('cancelled', 'payment_failed', 'pending_payment')";

/** Which of these orders stand now, across every order shard (a shopper's orders are in hers). */
async function standingOrders(env: DatabaseEnv, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const standing = new Set<number>();
  for (const shard of await orderShards(env)) {
    const { results } = await shard.db
      .prepare(`SELECT id FROM orders WHERE id IN (SELECT value FROM json_each(?)) AND ${STANDING}`)
      .bind(JSON.stringify(ids))
      .all<{ id: number }>();
    for (const r of results) standing.add(r.id);
  }
  return standing;
}

interface ReminderRow {
  week: number;
  channel: ReminderFigure['channel'];
  country: CountryCode;
  opened: number;
  recovered_minor: number | null;
  order_id: number | null;
}

/**
 * The last `weeks` weeks (this one included), newest first, for the countries given (null: all). A cart
 * counts as recovered, with its order's total, only while that order stands: its outcome is read from
 * the order's shard when the figures are asked for, so a payment that fails after the order counts no more.
 */
export async function reminderFigures(
  env: DatabaseEnv,
  now: number,
  weeks: number,
  countries: readonly CountryCode[] | null,
): Promise<ReminderFigure[]> {
  const from = weekStart(now) - (weeks - 1) * WEEK_MS;
  // A cart reminded twice by one channel in a week counts once there.
  const { results } = await env.DB.prepare(
    `SELECT r.week, r.channel, r.country, r.opened, r.recovered_minor, c.order_id
     FROM (SELECT cart_id, channel, country, (sent_at - ?1) / ?2 AS week, max(opened_at IS NOT NULL) AS opened,
             max(recovered_minor) AS recovered_minor
           FROM cart_reminders WHERE sent_at >= ?1 GROUP BY cart_id, channel, country, week) r
     JOIN saved_carts c ON c.id = r.cart_id`,
  )
    .bind(from, WEEK_MS)
    .all<ReminderRow>();
  const shown = results.filter((r) => countries === null || countries.includes(r.country));
  const recoveredOrders = [
    ...new Set(shown.flatMap((r) => (r.recovered_minor !== null && r.order_id ? [r.order_id] : []))),
  ];
  const standing = await standingOrders(env, recoveredOrders);
  const figures = new Map<string, ReminderFigure>();
  for (const r of shown) {
    const key = `${r.week}|${r.channel}|${r.country}`;
    const f = figures.get(key) ?? {
      week_start: from + r.week * WEEK_MS,
      channel: r.channel,
      country: r.country,
      reminded: 0,
      opened: 0,
      recovered: 0,
      revenue_minor: 0,
    };
    f.reminded += 1;
    f.opened += r.opened ? 1 : 0;
    if (r.recovered_minor !== null && r.order_id !== null && standing.has(r.order_id)) {
      f.recovered += 1;
      f.revenue_minor += r.recovered_minor;
    }
    figures.set(key, f);
  }
  return [...figures.values()].sort(
    (a, b) => b.week_start - a.week_start || a.channel.localeCompare(b.channel) || a.country.localeCompare(b.country),
  );
}
