// Abuse limits as sliding windows counted in D1 (`rate_events`, migration 0015). Each limit is a key
// (what is counted: an address, an account, a device) with a maximum per window. Checking and
// recording is one conditional INSERT per key in one batch: one round trip, and two requests racing
// each other cannot both take the last place (D1 runs a batch as one transaction). Why D1 and not the
// Workers rate-limiting binding: that binding only knows 10 s and 60 s periods and tells no time to
// wait; these limits run over minutes and hours and every 429 says when to come back (Retry-After).
import type { MessageKey } from '#shared/api/message-keys';
import { TooManyRequests } from './errors';

export interface Limit {
  /** What is counted, e.g. "register:ip:192.0.2.1". */
  key: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The limits of the shop, in one place (docs/decisions/0012-threat-model.md lists them). */
export const LIMITS = {
  /** Sign-ups per address (a device cookie costs nothing, so no per-device limit). */
  registerPerIp: { max: 20, windowMs: 10 * MINUTE },
  /** Reset mails: per target address (no inbox flooding) and per client address. */
  forgotPerEmail: { max: 3, windowMs: HOUR },
  forgotPerIp: { max: 10, windowMs: HOUR },
  /** Stored device registrations per address; beyond it a device gets a token but no row. */
  deviceRowsPerIp: { max: 100, windowMs: HOUR },
  /** Contact and supplier forms per client address (the per-device limit stays in misc.ts). */
  formPerIp: { max: 10, windowMs: HOUR },
  /** Wallet top-ups opened per account (each is a payment row and a gateway charge). */
  walletChargePerUser: { max: 10, windowMs: HOUR },
  /** Guest orders submitted per address: a card order holds its stock until paid or swept, and a
   * cash order mails whatever address it names. */
  submitPerIp: { max: 20, windowMs: 10 * MINUTE },
  /** Result files uploaded per account (each up to 10 MB, encrypted and stored in R2). */
  uploadPerUser: { max: 60, windowMs: HOUR },
  /** "Mark as bought" on shared wishlists per client address (anyone with a link may mark). */
  wishlistBoughtPerIp: { max: 60, windowMs: HOUR },
  /** A guest's cart kept under an e-mail she typed at checkout (issue 64): the reminders go to that
   * address, so a stranger may not point many at one inbox, nor many inboxes from one address. */
  guestCartPerIp: { max: 20, windowMs: HOUR },
  guestCartPerEmail: { max: 5, windowMs: DAY },
  /** Codes to one number asked for by one device (decision 51): one a minute (the form's resend timer),
   * three in 15 minutes, ten a day. Over them: 429 phone_code_wait with the seconds to wait. */
  phoneCodeGap: { max: 1, windowMs: MINUTE },
  phoneCodePerDevice: { max: 3, windowMs: 15 * MINUTE },
  phoneCodePerDeviceDay: { max: 10, windowMs: 24 * HOUR },
  /** Codes to one number asked for by devices it never signed in on: no one bombs a phone with texts.
   * The number's own known devices pass them (phone_known_devices), so strangers cannot lock it out. */
  phoneCodePerNumber: { max: 3, windowMs: 15 * MINUTE },
  phoneCodePerNumberDay: { max: 20, windowMs: 24 * HOUR },
  /** Codes asked for from one client address, whatever the numbers (each text costs the shop); a
   * number's known device is not counted (a stranger on the same network cannot block it). */
  phoneCodePerIp: { max: 10, windowMs: HOUR },
  /** An account made with a phone adding its e-mail: each ask mails a link to an address nobody proved
   * yet, and says whether an account holds it (409 email_taken). Per account and per client address
   * (refused, 429); per target inbox at most three a day, over that answered as usual and nothing sent. */
  addEmailPerUser: { max: 5, windowMs: DAY },
  addEmailPerIp: { max: 20, windowMs: HOUR },
  addEmailPerEmail: { max: 3, windowMs: DAY },
  /** Decision 85: an account's confirmation link (at sign-up, or asked again). Per target inbox at most
   * three a day, whoever asks: over that, answered as usual and nothing sent. Asked again by the signed-in
   * shopper: three a day per account (429 rate_limited). */
  verifyPerEmail: { max: 3, windowMs: DAY },
  verifyResendPerUser: { max: 3, windowMs: DAY },
  /** Decision 85: "order received" mails to an address nobody proved, with the confirmation links sent to
   * that inbox, at most three a day: counted in the mail's own INSERT (orders/email-proof.ts), over it
   * the order is placed and nothing is sent. */
  orderReceivedPerEmail: { max: 3, windowMs: DAY },
  /** Asks for a data archive per account, besides one a day (decision 49): a stolen session cannot churn. */
  dataExportPerUser: { max: 5, windowMs: HOUR },
} as const satisfies Record<string, Omit<Limit, 'key'>>;

export const limit = (rule: Omit<Limit, 'key'>, key: string): Limit => ({ ...rule, key });

/** The longest window: older events can go (the API's cron deletes them). */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));

/**
 * Counts one event under every key that still has room. Null when all had room, otherwise the
 * seconds until the fullest window frees a place.
 */
export async function take(db: D1Database, limits: Limit[], now = Date.now()): Promise<number | null> {
  return (await takeWith(db, limits, [], now)).wait;
}

/** take, with reads of the caller's in the same batch (their results after the limits'). */
async function takeWith(
  db: D1Database,
  limits: Limit[],
  also: D1PreparedStatement[],
  now = Date.now(),
): Promise<{ wait: number | null; also: D1Result[] }> {
  const statements = limits.flatMap((l) => [
    db
      .prepare(
        'INSERT INTO rate_events (key, at) SELECT ?1, ?2 WHERE (SELECT count(*) FROM rate_events WHERE key = ?1 AND at > ?3) < ?4 RETURNING id',
      )
      .bind(l.key, now, now - l.windowMs, l.max),
    db.prepare('SELECT min(at) AS first FROM rate_events WHERE key = ? AND at > ?').bind(l.key, now - l.windowMs),
  ]);
  const all = await db.batch<{ id?: number; first?: number | null }>([...statements, ...also]);
  const results = all.slice(0, statements.length);
  let wait: number | null = null;
  limits.forEach((l, i) => {
    if (results[2 * i]!.results.length) return;
    const first = results[2 * i + 1]!.results[0]?.first ?? now;
    const seconds = (first + l.windowMs - now) / 1000;
    wait = Math.max(wait ?? 0, seconds);
  });
  return { wait, also: all.slice(statements.length) as D1Result[] };
}

/**
 * All or nothing: counts one event under every key only when every key has room, in one statement (a
 * refused request uses up none of the other windows). Answers whether it was counted and, either way,
 * the seconds until every window has room again (0 when each has room now): the time to wait when
 * refused, and when counted, the earliest the next one can be (a resend timer).
 */
export async function takeAll(
  db: D1Database,
  limits: Limit[],
  now = Date.now(),
): Promise<{ taken: boolean; wait: number }> {
  const rows = limits.map(() => '(?, ?, ?)').join(', ');
  const args = limits.flatMap((l) => [l.key, l.max, now - l.windowMs]);
  const insert = db
    .prepare(
      `WITH want (key, max, since) AS (VALUES ${rows})
       INSERT INTO rate_events (key, at)
       SELECT key, ? FROM want
       WHERE NOT EXISTS (SELECT 1 FROM want w WHERE (SELECT count(*) FROM rate_events r WHERE r.key = w.key AND r.at > w.since) >= w.max)
       RETURNING id`,
    )
    .bind(...args, now);
  // Per key after the insert: the event whose leaving the window frees a place (the oldest, or the
  // (n - max + 1)-th oldest when a lower maximum meets older events).
  const freeing = limits.map((l) =>
    db
      .prepare(
        `SELECT count(*) AS n, (SELECT at FROM rate_events WHERE key = ?1 AND at > ?2 ORDER BY at
           LIMIT 1 OFFSET max(0, (SELECT count(*) FROM rate_events WHERE key = ?1 AND at > ?2) - ?3)) AS at
         FROM rate_events WHERE key = ?1 AND at > ?2`,
      )
      .bind(l.key, now - l.windowMs, l.max),
  );
  const [inserted, ...after] = await db.batch<{ id?: number; n?: number; at?: number | null }>([insert, ...freeing]);
  let wait = 0;
  limits.forEach((l, i) => {
    const row = after[i]!.results[0];
    if (row && (row.n ?? 0) >= l.max && typeof row.at === 'number')
      wait = Math.max(wait, (row.at + l.windowMs - now) / 1000);
  });
  return { taken: inserted!.results.length > 0, wait: Math.ceil(wait) };
}

/** take(), throwing 429 with Retry-After when a limit is reached. */
export async function enforce(db: D1Database, limits: Limit[], key: MessageKey = 'rate_limited'): Promise<void> {
  await enforceWith(db, limits, [], key);
}

/** enforce, with reads of the caller's in the same batch (a shopper's route: no round trip of its own). */
export async function enforceWith(
  db: D1Database,
  limits: Limit[],
  also: D1PreparedStatement[],
  key: MessageKey = 'rate_limited',
): Promise<D1Result[]> {
  const taken = await takeWith(db, limits, also);
  if (taken.wait !== null) throw new TooManyRequests(key, taken.wait);
  return taken.also;
}
