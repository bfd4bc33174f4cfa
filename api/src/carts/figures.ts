// The owner's figures for cart reminders (issue 64), week by week (a week starts on the first working
// day of the reminded cart's country, at midnight on its clocks: Sunday in Kuwait and Saudi Arabia,
// Monday in the Emirates; issue 77, the weeks of shared/country-days.ts) and by channel and country:
// carts reminded, links opened, carts ordered after a reminder and what those orders came to, in each
// country's own currency. A cart is one cart a shopper left (her saved_carts row at one last change):
// her next cart, which takes the row over, is another. A cart reminded by two channels counts for
// both; a cart reminded in two weeks counts as reminded in both, but its link opened and its order
// count once, in the week of its last reminder (issue 73).
import { TIME_ZONES, WEEK } from '#shared/countries/delivery';
import { dateIn, firstWorkingDay, instantIn, weekStartDate } from '#shared/country-days';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { orderShards, type DatabaseEnv } from '../db/databases';

const WEEK_MS = 7 * 24 * 3_600_000;

/** A country's clocks and the day its week starts (0 Sunday … 6 Saturday). */
export interface WeekClock {
  timeZone: string;
  firstDay: number;
}

/** A country's week clock from its module: its zone, and its first working day. */
const clockOf = (country: string): WeekClock => ({
  timeZone: TIME_ZONES[country as CountryCode],
  firstDay: firstWorkingDay(WEEK[country as CountryCode]),
});

/** The first day of the week `at` falls in, at 00:00 on the clock's zone. */
export function weekStart(at: number, clock: WeekClock): number {
  return instantIn(clock.timeZone, weekStartDate(dateIn(clock.timeZone, at), clock.firstDay));
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

/** One reminder row as sent: which cart (row and last change), by which channel, and what came of it. */
export interface ReminderRow {
  cart_id: number;
  cart_version: number;
  channel: ReminderFigure['channel'];
  country: CountryCode;
  sent_at: number;
  opened: number;
  recovered_minor: number | null;
  order_id: number | null;
}

/**
 * The weekly figures of these rows (all sent in the weeks shown), newest week first. Each cart counts
 * once a week a channel reminded it; its opening and its order once, in the week of its last reminder by
 * that channel; an order counts only while it stands (`standing`).
 */
export function tallyFigures(
  rows: readonly ReminderRow[],
  standing: ReadonlySet<number>,
  clocks: (country: string) => WeekClock = clockOf,
): ReminderFigure[] {
  const weekOfRow = (r: ReminderRow) => weekStart(r.sent_at, clocks(r.country));
  const carts = new Map<string, ReminderRow[]>();
  for (const r of rows) {
    const key = `${r.cart_id}|${r.cart_version}|${r.channel}`;
    carts.set(key, [...(carts.get(key) ?? []), r]);
  }
  const figures = new Map<string, ReminderFigure>();
  const figure = (week: number, r: ReminderRow) => {
    const key = `${week}|${r.channel}|${r.country}`;
    const f = figures.get(key) ?? {
      week_start: week,
      channel: r.channel,
      country: r.country,
      reminded: 0,
      opened: 0,
      recovered: 0,
      revenue_minor: 0,
    };
    figures.set(key, f);
    return f;
  };
  for (const sent of carts.values()) {
    const weeks = new Set(sent.map(weekOfRow));
    for (const week of weeks) figure(week, sent[0]!).reminded += 1;
    const last = sent.reduce((a, b) => (b.sent_at > a.sent_at ? b : a));
    const f = figure(weekOfRow(last), last);
    if (sent.some((r) => r.opened)) f.opened += 1;
    const recovered = sent.find((r) => r.recovered_minor !== null && r.order_id !== null);
    if (recovered && standing.has(recovered.order_id!)) {
      f.recovered += 1;
      f.revenue_minor += recovered.recovered_minor!;
    }
  }
  return [...figures.values()].sort(
    (a, b) => b.week_start - a.week_start || a.channel.localeCompare(b.channel) || a.country.localeCompare(b.country),
  );
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
  // The earliest of the countries' week starts (each on its own clocks and first day).
  const from = Math.min(...COUNTRY_CODES.map((c) => weekStart(now, clockOf(c)))) - (weeks - 1) * WEEK_MS;
  const { results } = await env.DB.prepare(
    `SELECT cart_id, cart_version, channel, country, sent_at, opened_at IS NOT NULL AS opened, recovered_minor, order_id
     FROM cart_reminders WHERE sent_at >= ?`,
  )
    .bind(from)
    .all<ReminderRow>();
  const shown = results.filter((r) => countries === null || countries.includes(r.country));
  const recoveredOrders = [
    ...new Set(shown.flatMap((r) => (r.recovered_minor !== null && r.order_id ? [r.order_id] : []))),
  ];
  return tallyFigures(shown, await standingOrders(env, recoveredOrders));
}
