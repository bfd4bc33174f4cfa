// What the cron runs for loyalty (decision 58), each in bounded batches so a run stays short, each once
// however often it runs (the ledger's event keys, the notices' keys, the mails' dedupe keys):
//   - birthdays: her birthday points on her Gulf birthday (29 February: the 28th in other years), once
//     a year, only if she set the birthday at least 30 days before, in her country, with a short mail;
//   - expiry: what expiringBy() says is due, first in first out (`expiry:<user>:<country>:<Gulf day>`);
//   - reminders: a mail expiry_notice_days before points expire, once per day named;
//   - tiers: refreshed as spending ages out of the 12 months (a shopper who moves up is mailed).
// Their tables' retention (account_devices, points_expiry_notices) is the hourly retention run's
// (api/src/retention/windows.ts).
// The minute cron runs them during one hour a day on each country's clocks (LOYALTY_HOUR, 09:00–09:59 in
// Kuwait and Riyadh, in Dubai an hour earlier in UTC), for that country's shoppers and on its day, so
// backlogs drain in up to 60 bounded runs; POST /dev/loyalty/run runs them for every country as on any day.
import { COUNTRY_CODES, HOME_COUNTRY, isCountryCode } from '#shared/countries';
import type { CountryCode, Lang } from '#shared/locale';
import { expiryOf } from '#shared/loyalty/rules';
import { countryDate, datesJson, hourIn, timeZoneOf, zoneOffsetMs } from '#shared/country-days';
import { queueMail } from '../mail/outbox';
import { log } from '../lib/log';
import { pointsMove } from './ledger';
import { loyaltyRules } from './rules-read';
import { type DatabaseEnv, orderShards } from '../db/databases';
import { tierAfterStatements } from './earn';
import { tierAcross } from './across';
import { birthdayMail, expiryReminderMail } from './texts';

const DAY = 24 * 60 * 60 * 1000;
/** The hour of a country's clocks the minute cron runs these jobs in for it (09:00–09:59). */
const LOYALTY_HOUR = 9;
/** A birthday set more recently than this earns nothing this year (no gaming by changing it). */
const BIRTHDAY_SETTLED_MS = 30 * DAY;
/** Stored tiers older than this are refreshed. */
const TIER_STALE_MS = 20 * 60 * 60 * 1000;
const LIMIT = 100;
const CHUNK = 20;

const COUNTRY_OF_USER = `coalesce(u.country, (SELECT o.country FROM orders o WHERE o.user_id = u.id ORDER BY o.created_at DESC LIMIT 1), '${HOME_COUNTRY}')`;

/** The birthdays ('MM-DD') celebrated on a day: 29 February on the 28th when the year has none. */
export function birthdaysOn(day: string): string[] {
  const md = day.slice(5);
  const year = Number(day.slice(0, 4));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return md === '02-28' && !leap ? ['02-28', '02-29'] : [md];
}

async function inChunks(db: D1Database, groups: D1PreparedStatement[][]): Promise<void> {
  for (let i = 0; i < groups.length; i += CHUNK) await db.batch(groups.slice(i, i + CHUNK).flat());
}

/** An account routed to another order shard than the core (decision 61): her points are there. */
const ROUTED_AWAY = `EXISTS (SELECT 1 FROM shopper_shards r JOIN order_shards s ON s.id = r.shard_id
  WHERE r.owner_key = 'user:' || u.id AND s.binding <> 'DB')`;

type Birthday = {
  id: number;
  email: string | null;
  lang: Lang;
  country: CountryCode;
  birthday_points: number;
  expiry_months: number;
};

/** Her birthday points (in the database holding her points) and then its mail (the core's outbox). */
function birthdayStatements(db: D1Database, u: Birthday, year: string, now: number, siteOrigin: string, mailDb = db) {
  return {
    points: pointsMove(db, {
      userId: u.id,
      country: u.country,
      amount: u.birthday_points,
      kind: 'earn_birthday',
      eventKey: `birthday:${u.id}:${year}`,
      expiresAt: expiryOf(now, u.expiry_months),
      now,
    }),
    mail: u.email
      ? [
          queueMail(
            mailDb,
            {
              to: u.email,
              ...birthdayMail(u.lang, u.birthday_points, siteOrigin),
              lang: u.lang,
              kind: 'points_birthday',
              dedupeKey: `points:birthday:${u.id}:${year}`,
            },
            now,
          ),
        ]
      : [],
  };
}

/** Her birthday on her country's day: each country's shoppers on its own date. */
async function creditBirthdays(
  envOrCore: DatabaseEnv | D1Database,
  siteOrigin: string,
  now: number,
  countries: readonly CountryCode[],
): Promise<number> {
  let credited = 0;
  for (const country of countries) credited += await creditBirthdaysIn(envOrCore, siteOrigin, now, country);
  return credited;
}

async function creditBirthdaysIn(
  envOrCore: DatabaseEnv | D1Database,
  siteOrigin: string,
  now: number,
  country: CountryCode,
): Promise<number> {
  const env = 'DB' in envOrCore ? envOrCore : { DB: envOrCore };
  const db = env.DB;
  const day = countryDate(country, now);
  const year = day.slice(0, 4);
  const days = birthdaysOn(day);
  const { results } = await db
    .prepare(
      `SELECT b.id, b.email, b.lang, b.country, r.birthday_points, r.expiry_months FROM (
         SELECT u.id, u.email, u.lang, ${COUNTRY_OF_USER} AS country FROM users u
         WHERE u.birthday IN (${days.map(() => '?').join(', ')}) AND u.deleted_at IS NULL
           AND u.birthday_set_at IS NOT NULL AND u.birthday_set_at <= ?
           AND NOT EXISTS (SELECT 1 FROM points_ledger l WHERE l.event_key = 'birthday:' || u.id || ':' || ?)
           AND NOT ${ROUTED_AWAY}
       ) b JOIN loyalty_rules r ON r.country = b.country AND r.is_active = 1 AND r.birthday_points > 0
       WHERE b.country = ?
       LIMIT ?`,
    )
    .bind(...days, now - BIRTHDAY_SETTLED_MS, year, country, LIMIT)
    .all<Birthday>();
  await inChunks(
    db,
    results.map((u) => {
      const s = birthdayStatements(db, u, year, now, siteOrigin);
      return [...s.points, ...s.mail];
    }),
  );
  return results.length + (await creditBirthdaysInShards(env, days, year, siteOrigin, now, country));
}

/**
 * The same for accounts in the other order shards: candidates from the core (her birthday, her
 * country when she set one), her last order's country and whether she had this year's points from
 * her shard; the points there first (once: the event key), then the mails in the core (once: the
 * dedupe key), so a run stopped between the two and run again finishes without doubling.
 */
async function creditBirthdaysInShards(
  env: DatabaseEnv,
  days: string[],
  year: string,
  siteOrigin: string,
  now: number,
  country: CountryCode,
): Promise<number> {
  const core = env.DB;
  let credited = 0;
  for (const shard of await orderShards(env)) {
    if (shard.binding === 'DB') continue;
    const { results: candidates } = await core
      .prepare(
        `SELECT u.id, u.email, u.lang, u.country FROM users u
         JOIN shopper_shards r ON r.owner_key = 'user:' || u.id AND r.shard_id = ?
         WHERE u.birthday IN (${days.map(() => '?').join(', ')}) AND u.deleted_at IS NULL
           AND u.birthday_set_at IS NOT NULL AND u.birthday_set_at <= ?
         LIMIT ?`,
      )
      .bind(shard.id, ...days, now - BIRTHDAY_SETTLED_MS, LIMIT)
      .all<{ id: number; email: string | null; lang: Lang; country: CountryCode | null }>();
    if (!candidates.length) continue;
    const { results: theirs } = await shard.db
      .prepare(
        `SELECT j.value AS id,
           (SELECT o.country FROM orders o WHERE o.user_id = j.value ORDER BY o.created_at DESC LIMIT 1) AS last_country,
           EXISTS (SELECT 1 FROM points_ledger l WHERE l.event_key = 'birthday:' || j.value || ':' || ?2) AS done
         FROM json_each(?1) j`,
      )
      .bind(JSON.stringify(candidates.map((u) => u.id)), year)
      .all<{ id: number; last_country: CountryCode | null; done: number }>();
    const byId = new Map(theirs.map((t) => [t.id, t]));
    const due: Birthday[] = [];
    for (const u of candidates) {
      const t = byId.get(u.id);
      if (!t || t.done) continue;
      const theirs = u.country ?? t.last_country;
      // Another country's shopper is credited on her own country's day, in its run.
      if ((isCountryCode(theirs) ? theirs : HOME_COUNTRY) !== country) continue;
      const { rules } = await loyaltyRules(core, country);
      if (!rules.is_active || rules.birthday_points <= 0) continue;
      due.push({ ...u, country, birthday_points: rules.birthday_points, expiry_months: rules.expiry_months });
    }
    const made = due.map((u) => birthdayStatements(shard.db, u, year, now, siteOrigin, core));
    await inChunks(
      shard.db,
      made.map((m) => m.points),
    );
    await inChunks(
      core,
      made.map((m) => m.mail),
    );
    credited += due.length;
  }
  return credited;
}

/** SQL over account `a`: the points due to expire by `?` (expiringBy: credits due less all debits). */
const DUE_SQL = `max(0, min(a.balance,
  (SELECT coalesce(sum(l.amount), 0) FROM points_ledger l WHERE l.user_id = a.user_id AND l.country = a.country AND l.amount > 0 AND l.expires_at <= ?)
  + (SELECT coalesce(sum(l.amount), 0) FROM points_ledger l WHERE l.user_id = a.user_id AND l.country = a.country AND l.amount < 0)))`;

/** Every order shard holds points (decision 61): the expiry runs in each, on its own rows. */
async function expirePoints(
  envOrCore: DatabaseEnv | D1Database,
  now: number,
  countries: readonly CountryCode[],
): Promise<number> {
  const env = 'DB' in envOrCore ? envOrCore : { DB: envOrCore };
  let expired = 0;
  for (const shard of await orderShards(env)) expired += await expireIn(shard.db, now, countries);
  return expired;
}

/** The accounts of these countries with points due; the event key names the day on her country's clocks. */
async function expireIn(db: D1Database, now: number, countries: readonly CountryCode[]): Promise<number> {
  const { results } = await db
    .prepare(
      `SELECT a.user_id, a.country FROM points_accounts a
       WHERE a.country IN (SELECT key FROM json_each(?2)) AND a.balance > 0 AND ${DUE_SQL.replace('<= ?)', '<= ?1)')} > 0
         AND NOT EXISTS (SELECT 1 FROM points_ledger
           WHERE event_key = 'expiry:' || a.user_id || ':' || a.country || ':' || json_extract(?2, '$.' || a.country))
       LIMIT ?3`,
    )
    .bind(now, datesJson(countries, now), LIMIT)
    .all<{ user_id: number; country: CountryCode }>();
  await inChunks(
    db,
    results.map((a) =>
      pointsMove(db, {
        userId: a.user_id,
        country: a.country,
        // Computed again in the batch: a spend since the read is counted.
        amount: {
          sql: `SELECT -${DUE_SQL} FROM points_accounts a WHERE a.user_id = ? AND a.country = ?`,
          binds: [now, a.user_id, a.country],
        },
        kind: 'expiry',
        eventKey: `expiry:${a.user_id}:${a.country}:${countryDate(a.country, now)}`,
        now,
      }),
    ),
  );
  return results.length;
}

/** The reminders of every order shard: her points and notices are in her shard, her address and the
 * mail in the core (for another shard, the notice is written first, then the mail: both once). */
async function remindExpiring(
  envOrCore: DatabaseEnv | D1Database,
  siteOrigin: string,
  now: number,
  countries: readonly CountryCode[],
): Promise<number> {
  const env = 'DB' in envOrCore ? envOrCore : { DB: envOrCore };
  let sent = 0;
  for (const shard of await orderShards(env)) sent += await remindIn(env.DB, shard.db, siteOrigin, now, countries);
  return sent;
}

async function remindIn(
  core: D1Database,
  db: D1Database,
  siteOrigin: string,
  now: number,
  countries: readonly CountryCode[],
): Promise<number> {
  const split = db !== core;
  let sent = 0;
  for (const country of countries) {
    const { rules } = await loyaltyRules(core, country);
    if (rules.expiry_notice_days <= 0) continue;
    const until = now + rules.expiry_notice_days * DAY;
    // Her country's offset (one for the window: the Gulf's zones keep no summer time), so a day of
    // expiry is a day on her clocks: in Dubai it ends at Dubai's midnight.
    const offset = zoneOffsetMs(timeZoneOf(country), now);
    // Per shopper and day of expiry in the window, not yet reminded: the points that expire that
    // day (expiring by its end less expiring by now), first in first out.
    const users = split ? '' : 'JOIN users u ON u.id = d.user_id AND u.deleted_at IS NULL';
    const { results: found } = await db
      .prepare(
        `SELECT d.user_id, d.day, d.at, ${split ? 'NULL AS email, NULL AS lang' : 'u.email, u.lang'},
           (SELECT ${DUE_SQL.replace('<= ?)', '<= d.day_end)')} FROM points_accounts a WHERE a.user_id = d.user_id AND a.country = ?1)
           - (SELECT ${DUE_SQL.replace('<= ?)', '<= ?2)')} FROM points_accounts a WHERE a.user_id = d.user_id AND a.country = ?1) AS points
         FROM (
           SELECT l.user_id, date((l.expires_at + ${offset}) / 1000, 'unixepoch') AS day, max(l.expires_at) AS at,
             (CAST(strftime('%s', date((l.expires_at + ${offset}) / 1000, 'unixepoch'), '+1 day') AS INTEGER) * 1000 - ${offset} - 1) AS day_end
           FROM points_ledger l
           WHERE l.country = ?1 AND l.amount > 0 AND l.expires_at > ?2 AND l.expires_at <= ?3
           GROUP BY l.user_id, day
         ) d ${users}
         WHERE NOT EXISTS (SELECT 1 FROM points_expiry_notices n WHERE n.user_id = d.user_id AND n.country = ?1 AND n.expires_on = d.day)
         LIMIT ?4`,
      )
      .bind(country, now, until, LIMIT)
      .all<{ user_id: number; day: string; at: number; email: string | null; lang: Lang; points: number }>();
    const results = split ? await withAccounts(core, found) : found;
    const notice = (r: (typeof results)[number]) =>
      db
        .prepare(
          'INSERT INTO points_expiry_notices (user_id, country, expires_on, points, sent_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
        )
        .bind(r.user_id, country, r.day, r.points, now);
    if (split)
      await inChunks(
        db,
        results.map((r) => [notice(r)]),
      );
    await inChunks(
      core,
      results.map((r) => [
        ...(split ? [] : [notice(r)]),
        ...(r.email && r.points > 0
          ? [
              queueMail(
                core,
                {
                  to: r.email,
                  ...expiryReminderMail(r.lang, r.points, r.at, country, siteOrigin),
                  lang: r.lang,
                  kind: 'points_expiry',
                  dedupeKey: `points:expiry:${r.user_id}:${country}:${r.day}`,
                },
                now,
              ),
            ]
          : []),
      ]),
    );
    sent += results.filter((r) => r.email && r.points > 0).length;
  }
  return sent;
}

/** An order shard's reminder rows with her address and language from the core (erased accounts dropped). */
async function withAccounts<T extends { user_id: number; email: string | null; lang: Lang | null }>(
  core: D1Database,
  rows: T[],
): Promise<Array<T & { lang: Lang }>> {
  if (!rows.length) return [];
  const { results } = await core
    .prepare('SELECT id, email, lang FROM users WHERE deleted_at IS NULL AND id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify([...new Set(rows.map((r) => r.user_id))]))
    .all<{ id: number; email: string | null; lang: Lang }>();
  const byId = new Map(results.map((u) => [u.id, u]));
  return rows.flatMap((r) => {
    const u = byId.get(r.user_id);
    return u ? [{ ...r, email: u.email, lang: u.lang }] : [];
  });
}

/** Stale tiers: the core's accounts in one SQL refresh each (tierAfterStatements); each other shard's
 * through tierAcross, which reads her orders there and her bookings in the core (decision 61). */
async function refreshTiers(envOrCore: DatabaseEnv | D1Database, siteOrigin: string, now: number) {
  const env = 'DB' in envOrCore ? envOrCore : { DB: envOrCore };
  let refreshed = await refreshTiersInCore(env.DB, siteOrigin, now);
  for (const shard of await orderShards(env)) {
    if (shard.binding === 'DB') continue;
    const { results } = await shard.db
      .prepare(
        'SELECT DISTINCT user_id FROM points_accounts WHERE tier_updated_at IS NULL OR tier_updated_at < ? LIMIT ?',
      )
      .bind(now - TIER_STALE_MS, LIMIT)
      .all<{ user_id: number }>();
    const people = await withAccounts(
      env.DB,
      results.map((r) => ({ user_id: r.user_id, email: null as string | null, lang: null as Lang | null })),
    );
    const known = new Map(people.map((p) => [p.user_id, p]));
    for (const { user_id } of results) {
      const p = known.get(user_id);
      // An erased account's tier is refreshed too (its rows then leave the stale list), with no mail.
      await tierAcross(env, shard.db, user_id, now, siteOrigin, p?.email ? { email: p.email, lang: p.lang } : null);
    }
    refreshed += results.length;
  }
  return refreshed;
}

async function refreshTiersInCore(db: D1Database, siteOrigin: string, now: number): Promise<number> {
  const { results } = await db
    .prepare(
      `SELECT a.user_id, a.country, u.email, u.lang FROM points_accounts a JOIN users u ON u.id = a.user_id AND u.deleted_at IS NULL
       WHERE (a.tier_updated_at IS NULL OR a.tier_updated_at < ?) AND NOT ${ROUTED_AWAY} LIMIT ?`,
    )
    .bind(now - TIER_STALE_MS, LIMIT)
    .all<{ user_id: number; country: CountryCode; email: string | null; lang: Lang }>();
  await inChunks(
    db,
    results.map((a) =>
      tierAfterStatements(db, a.user_id, a.country, { email: a.email, lang: a.lang }, now, siteOrigin),
    ),
  );
  return results.length;
}

export interface LoyaltyRun {
  birthdays: number;
  expired: number;
  reminded: number;
  tiers: number;
}

/** The countries whose loyalty hour it is now on their own clocks (none most of the day). */
export const loyaltyCountries = (now: number, zoneOf: (c: CountryCode) => string = timeZoneOf): CountryCode[] =>
  COUNTRY_CODES.filter((c) => hourIn(zoneOf(c), now) === LOYALTY_HOUR);

/**
 * Every loyalty job once, as on `now`, for the shoppers of `countries` (each on its own day); each job
 * on its own (one failing leaves the others to run). Tiers are not a matter of a day: refreshed for all.
 */
export async function loyaltyJobs(
  envOrCore: DatabaseEnv | D1Database,
  siteOrigin: string,
  now = Date.now(),
  countries: readonly CountryCode[] = COUNTRY_CODES,
): Promise<LoyaltyRun> {
  const env = 'DB' in envOrCore ? envOrCore : { DB: envOrCore };
  const safe = (name: string, job: () => Promise<number>) =>
    job().catch((error) => {
      log.error(`loyalty ${name} failed`, { error });
      return 0;
    });
  // Expiry before the reminders (a reminder names what is still there), tiers after both.
  const expired = await safe('expiry', () => expirePoints(env, now, countries));
  const birthdays = await safe('birthdays', () => creditBirthdays(env, siteOrigin, now, countries));
  const reminded = await safe('reminders', () => remindExpiring(env, siteOrigin, now, countries));
  const tiers = await safe('tiers', () => refreshTiers(env, siteOrigin, now));
  return { birthdays, expired, reminded, tiers };
}
