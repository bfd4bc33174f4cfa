// The owner's figures for cart reminders (issue 64), week by week (weeks start on Sunday, Gulf time, as
// the Gulf's working week does) and by channel and country: carts reminded, links opened, carts ordered
// after a reminder and what those orders came to, in each country's own currency. A cart reminded by two
// channels counts for both; a cart reminded in two weeks counts in both.
import { GULF_OFFSET_MS } from '#shared/gulf-days';
import type { CountryCode } from '#shared/locale';

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

/** The last `weeks` weeks (this one included), newest first, for the countries given (null: all). */
export async function reminderFigures(
  db: D1Database,
  now: number,
  weeks: number,
  countries: readonly CountryCode[] | null,
): Promise<ReminderFigure[]> {
  const from = weekStart(now) - (weeks - 1) * WEEK_MS;
  const { results } = await db
    .prepare(
      `SELECT week, channel, country, count(*) AS reminded, count(opened_at) AS opened,
         count(recovered_minor) AS recovered, coalesce(sum(recovered_minor), 0) AS revenue_minor
       FROM (SELECT cart_id, channel, country, (sent_at - ?1) / ?2 AS week, max(opened_at) AS opened_at,
               max(recovered_minor) AS recovered_minor
             FROM cart_reminders WHERE sent_at >= ?1 GROUP BY cart_id, channel, country, week)
       GROUP BY week, channel, country ORDER BY week DESC, channel, country`,
    )
    .bind(from, WEEK_MS)
    .all<Omit<ReminderFigure, 'week_start'> & { week: number }>();
  return results
    .filter((r) => countries === null || countries.includes(r.country))
    .map(({ week, ...r }) => ({ week_start: from + week * WEEK_MS, ...r }));
}
