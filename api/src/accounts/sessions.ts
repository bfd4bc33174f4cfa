// Sessions: a random token for the client, its hash in D1 with an expiry (two weeks) and revocation.
import { AUTH_COOKIE_MAX_AGE_S } from '#shared/constants';
import { randomToken, sessionTokenHash, tokenHash } from './tokens';
import type { SessionRow, UserRow } from '../db/rows';

/** The signed-in user of a session (users joined to sessions). */
export type SessionUser = Pick<
  UserRow,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'phone_verified_at'
  | 'whatsapp_updates_at'
  | 'country'
  | 'birthday'
  | 'email_proven_at'
> & {
  sessionId: SessionRow['id'];
  /** 1 when a password signs the account in (an account made with a phone has none). */
  has_password: number;
};

export async function createSession(db: D1Database, userId: number): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await db
    .prepare('INSERT INTO sessions (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .bind(userId, await tokenHash(token), now, now + AUTH_COOKIE_MAX_AGE_S * 1000)
    .run();
  return token;
}

/**
 * Her user id as an SQL expression, from the session's token hash (`hash`, a binding such as ?1) while
 * it is valid at `at` (the same rule as userForToken): for a page's statement that finds her itself,
 * so her session costs no statement or round trip of its own (issue 76).
 */
export const meByToken = (
  hash: string,
  at: string,
) => `(SELECT s.user_id FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = ${hash} AND s.revoked_at IS NULL AND s.expires_at > ${at} AND u.deleted_at IS NULL)`;

export async function userForToken(db: D1Database, token: string): Promise<SessionUser | null> {
  return db
    .prepare(
      `SELECT u.id, u.name, u.email, u.phone, u.phone_verified_at, u.whatsapp_updates_at, u.country, u.birthday, u.email_proven_at, (u.password_hash <> '') AS has_password, s.id AS sessionId FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND u.deleted_at IS NULL`,
    )
    .bind(await sessionTokenHash(token), Date.now())
    .first<SessionUser>();
}

export async function revokeSession(db: D1Database, sessionId: number): Promise<void> {
  await db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
    .bind(Date.now(), sessionId)
    .run();
}

/** Revokes every session of a user, except `keep` (the one making the request). */
export function revokeOtherSessions(db: D1Database, userId: number, keep: number | null): D1PreparedStatement {
  return db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id IS NOT ?')
    .bind(Date.now(), userId, keep);
}
