// Failed sign-ins: at most 10 per account and per IP address in 15 minutes (then 429).
import { ApiError } from '../lib/errors';

export const MAX_FAILED_SIGN_INS = 10;
export const FAILED_WINDOW_MS = 15 * 60 * 1000;

export async function assertNotLocked(db: D1Database, keys: string[]): Promise<void> {
  const since = Date.now() - FAILED_WINDOW_MS;
  const marks = keys.map(() => '?').join(', ');
  const { results } = await db
    .prepare(`SELECT key, count(*) AS n FROM failed_logins WHERE key IN (${marks}) AND at > ? GROUP BY key`)
    .bind(...keys, since)
    .all<{ key: string; n: number }>();
  if (results.some((r) => r.n >= MAX_FAILED_SIGN_INS)) throw new ApiError(429, 'too_many_attempts');
}

export async function recordFailure(db: D1Database, keys: string[]): Promise<void> {
  const now = Date.now();
  await db.batch([
    ...keys.map((key) => db.prepare('INSERT INTO failed_logins (key, at) VALUES (?, ?)').bind(key, now)),
    db.prepare('DELETE FROM failed_logins WHERE at < ?').bind(now - FAILED_WINDOW_MS),
  ]);
}
