// Failed sign-ins, counted per (account, address) and per address, never per account alone: an
// attacker who guesses one shopper's password from their own network slows down only themselves,
// and the owner with the right password from another network still signs in. Within the window each
// further failure of one (account, address) waits longer (growing delays) up to a lock; an address
// failing across many accounts is locked as a whole. A password reset clears the account's failures.
import { TooManyRequests } from '../lib/errors';

export const FAILED_WINDOW_MS = 15 * 60 * 1000;
/** Failures of one account from one address before it is locked for the rest of the window. */
export const MAX_FAILED_SIGN_INS = 10;
/** Failures of one account from one address that cost nothing; each further one doubles the wait. */
export const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 5_000;
/** Failures from one address across all accounts before it is locked for the window. */
export const MAX_FAILED_PER_IP = 30;

export interface SignInKeys {
  account: string;
  address: string;
}

/** The rows of failed_logins for one sign-in: the account (lower-cased e-mail) from one address, and the address. */
export function signInKeys(email: string, ip: string): SignInKeys {
  return { account: `${accountPrefix(email)}${ip}`, address: `ip:${ip}` };
}

function accountPrefix(email: string): string {
  return `acct:${email.trim().toLowerCase()}|`;
}

/** How long one (account, address) must wait after n failures, the last at `last`. */
function waitAfter(n: number, first: number, last: number, now: number): number {
  if (n >= MAX_FAILED_SIGN_INS) return first + FAILED_WINDOW_MS - now;
  if (n < FREE_FAILURES) return 0;
  return last + FIRST_DELAY_MS * 2 ** (n - FREE_FAILURES) - now;
}

/**
 * 429 with Retry-After while the sign-in must wait. Also takes plain keys (other guessing limits,
 * such as the guest order lookup): each is locked at MAX_FAILED_SIGN_INS failures in the window.
 */
export async function assertNotLocked(db: D1Database, keys: SignInKeys | string[], now = Date.now()): Promise<void> {
  if (Array.isArray(keys)) return assertKeysNotLocked(db, keys, now);
  const { results } = await db
    .prepare(
      'SELECT key, count(*) AS n, min(at) AS first, max(at) AS last FROM failed_logins WHERE key IN (?, ?) AND at > ? GROUP BY key',
    )
    .bind(keys.account, keys.address, now - FAILED_WINDOW_MS)
    .all<{ key: string; n: number; first: number; last: number }>();
  let wait = 0;
  for (const r of results) {
    if (r.key === keys.account) wait = Math.max(wait, waitAfter(r.n, r.first, r.last, now));
    else if (r.n >= MAX_FAILED_PER_IP) wait = Math.max(wait, r.first + FAILED_WINDOW_MS - now);
  }
  if (wait > 0) throw new TooManyRequests('too_many_attempts', wait / 1000);
}

/**
 * Phone codes (decision 51): a code's five tries are its own limit, so no growing delays between them.
 * A number from one device is locked once it fails MAX_FAILED_SIGN_INS times in the window (two codes'
 * worth), an address once it fails MAX_FAILED_PER_IP times across numbers; never a number as a whole.
 * 429 phone_code_tries with the seconds to wait, in Retry-After and in the body.
 */
export async function assertCodeNotLocked(db: D1Database, keys: SignInKeys, now = Date.now()): Promise<void> {
  const { results } = await db
    .prepare(
      'SELECT key, count(*) AS n, min(at) AS first FROM failed_logins WHERE key IN (?, ?) AND at > ? GROUP BY key',
    )
    .bind(keys.account, keys.address, now - FAILED_WINDOW_MS)
    .all<{ key: string; n: number; first: number }>();
  let wait = 0;
  for (const r of results) {
    const max = r.key === keys.account ? MAX_FAILED_SIGN_INS : MAX_FAILED_PER_IP;
    if (r.n >= max) wait = Math.max(wait, r.first + FAILED_WINDOW_MS - now);
  }
  if (wait > 0) throw new TooManyRequests('phone_code_tries', wait / 1000, true);
}

async function assertKeysNotLocked(db: D1Database, keys: string[], now: number): Promise<void> {
  const { results } = await db
    .prepare(
      `SELECT count(*) AS n, min(at) AS first FROM failed_logins WHERE key IN (${keys.map(() => '?').join(', ')}) AND at > ? GROUP BY key`,
    )
    .bind(...keys, now - FAILED_WINDOW_MS)
    .all<{ n: number; first: number }>();
  const locked = results.filter((r) => r.n >= MAX_FAILED_SIGN_INS);
  if (locked.length)
    throw new TooManyRequests(
      'too_many_attempts',
      Math.max(...locked.map((r) => r.first + FAILED_WINDOW_MS - now)) / 1000,
    );
}

export async function recordFailure(db: D1Database, keys: SignInKeys | string[]): Promise<void> {
  const now = Date.now();
  const list = Array.isArray(keys) ? keys : [keys.account, keys.address];
  await db.batch([
    ...list.map((key) => db.prepare('INSERT INTO failed_logins (key, at) VALUES (?, ?)').bind(key, now)),
    db.prepare('DELETE FROM failed_logins WHERE at < ?').bind(now - FAILED_WINDOW_MS),
  ]);
}

/** A successful sign-in forgives this address's failures for the account. */
export function clearAccountFromAddress(db: D1Database, keys: SignInKeys): D1PreparedStatement {
  return db.prepare('DELETE FROM failed_logins WHERE key = ?').bind(keys.account);
}

/** A password reset proves the owner: every address's failures for the account go. */
export function clearAccount(db: D1Database, email: string): D1PreparedStatement {
  const prefix = accountPrefix(email);
  // A range over the index instead of LIKE (an address may hold % or _): '}' follows '|'.
  return db.prepare('DELETE FROM failed_logins WHERE key >= ? AND key < ?').bind(prefix, `${prefix.slice(0, -1)}}`);
}
