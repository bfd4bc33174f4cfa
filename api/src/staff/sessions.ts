// Staff sessions: a random token for the staff app's cookie, its hash in D1. A session lasts a working
// day at most (STAFF_SESSION_MAX_MS) and ends after an hour without use (STAFF_SESSION_IDLE_MS).
import { randomToken, tokenHash } from '#api/src/accounts/tokens';
import type { RoleGrant } from '#shared/staff/permissions';
import type { StaffRow } from '#api/src/db/rows';

const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
const STAFF_SESSION_IDLE_MS = 60 * 60 * 1000;
/** The password step's ticket for the TOTP step. */
export const SIGN_IN_TICKET_MS = 5 * 60 * 1000;

export type StaffMember = Pick<StaffRow, 'id' | 'email' | 'name' | 'lang'> & {
  sessionId: number;
  grants: RoleGrant[];
};

export async function createStaffSession(db: D1Database, staffId: number, now = Date.now()): Promise<string> {
  const token = randomToken();
  await db
    .prepare(
      'INSERT INTO staff_sessions (staff_id, token_hash, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?)',
    )
    .bind(staffId, await tokenHash(token), now, now + STAFF_SESSION_MAX_MS, now)
    .run();
  return token;
}

/**
 * The staff member of a live session, with their role grants, and the session's idle clock moved on:
 * one batch (the touch and the read), so a staff request costs one round trip for who is asking.
 */
export async function staffForToken(db: D1Database, token: string, now = Date.now()): Promise<StaffMember | null> {
  const hash = await tokenHash(token);
  const [, member, grants] = await db.batch([
    db
      .prepare(
        'UPDATE staff_sessions SET last_seen_at = ?1 WHERE token_hash = ?2 AND revoked_at IS NULL AND expires_at > ?1 AND last_seen_at > ?3',
      )
      .bind(now, hash, now - STAFF_SESSION_IDLE_MS),
    db
      .prepare(
        `SELECT s.id, s.email, s.name, s.lang, ss.id AS sessionId FROM staff_sessions ss JOIN staff s ON s.id = ss.staff_id
         WHERE ss.token_hash = ? AND ss.revoked_at IS NULL AND ss.expires_at > ? AND ss.last_seen_at = ? AND s.active = 1`,
      )
      .bind(hash, now, now),
    db
      .prepare(
        `SELECT r.role, r.country FROM staff_roles r JOIN staff_sessions ss ON ss.staff_id = r.staff_id
         WHERE ss.token_hash = ? ORDER BY r.role`,
      )
      .bind(hash),
  ]);
  const row = (member?.results[0] ?? null) as Omit<StaffMember, 'grants'> | null;
  if (!row) return null;
  return { ...row, grants: (grants?.results ?? []) as RoleGrant[] };
}

export function revokeStaffSession(db: D1Database, sessionId: number): D1PreparedStatement {
  return db
    .prepare('UPDATE staff_sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
    .bind(Date.now(), sessionId);
}

export function revokeAllStaffSessions(db: D1Database, staffId: number): D1PreparedStatement {
  return db
    .prepare('UPDATE staff_sessions SET revoked_at = ? WHERE staff_id = ? AND revoked_at IS NULL')
    .bind(Date.now(), staffId);
}
