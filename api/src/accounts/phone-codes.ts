// One-time codes sent to a phone (decisions 43, 51): six random digits, kept only as an HMAC under the
// API's pepper, valid for five minutes, five tries and one use. A code belongs to the device that asked
// for it (its requester): only that device's guesses count against its tries, and a newer code ends
// only that device's older ones, so a stranger's guesses or requests never spend the owner's code.
// Issuing writes the code and its message in one batch; checking counts the try first (a conditional
// UPDATE, so racing guesses cannot pass the limit) and compares in constant time.
import { PHONE_CODE, type CodeChannel } from '#shared/api/phone-auth-schemas';
import { hmacHex } from '#shared/api/signing';
import { timingSafeEqualText } from '#shared/bytes';
import type { Lang } from '#shared/locale';
import { queueMessage } from '../messages/outbox';
import { codeText } from '../messages/texts';

export type CodePurpose = 'sign_in' | 'verify';

/** Six digits, uniform: a 32-bit draw below the largest multiple of 10^6 (no modulo bias). */
export function newCode(): string {
  const range = 10 ** PHONE_CODE.digits;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  const draw = new Uint32Array(1);
  do crypto.getRandomValues(draw);
  while (draw[0]! >= limit);
  return String(draw[0]! % range).padStart(PHONE_CODE.digits, '0');
}

function codeHash(pepper: string, phone: string, purpose: CodePurpose, code: string): Promise<string> {
  return hmacHex(pepper, `phone-code|${purpose}|${phone}|${code}`);
}

export async function issueCodeStatements(
  db: D1Database,
  o: {
    pepper: string;
    phone: string;
    purpose: CodePurpose;
    /** Who asked: `d:<device id>` (the device that will type the code back). */
    requester: string;
    userId: number | null;
    channel: CodeChannel;
    lang: Lang;
    template: string;
    now?: number;
  },
): Promise<{ statements: D1PreparedStatement[]; code: string }> {
  const now = o.now ?? Date.now();
  const code = newCode();
  const hash = await codeHash(o.pepper, o.phone, o.purpose, code);
  return {
    code,
    statements: [
      db
        .prepare(
          'UPDATE phone_codes SET used_at = ?1 WHERE phone = ?2 AND purpose = ?3 AND requester = ?4 AND used_at IS NULL',
        )
        .bind(now, o.phone, o.purpose, o.requester),
      db
        .prepare(
          'INSERT INTO phone_codes (phone, purpose, requester, user_id, channel, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .bind(o.phone, o.purpose, o.requester, o.userId, o.channel, hash, now, now + PHONE_CODE.ttlMs),
      queueMessage(
        db,
        {
          channel: o.channel,
          to: o.phone,
          lang: o.lang,
          kind: o.purpose === 'sign_in' ? 'sign_in_code' : 'verify_code',
          text: codeText(o.lang, code),
          template: o.template,
          params: [code],
          buttonParam: code,
          dedupeKey: `code:${hash}`,
        },
        now,
      ),
    ],
  };
}

export interface MatchedCode {
  id: number;
  userId: number | null;
}

/**
 * The live code this requester asked for when `code` is it, or null (none, expired, used, out of tries,
 * or wrong: the caller answers all of them alike). Counts the try, on this requester's code only, before
 * comparing. Does not use the code up.
 */
export async function matchCode(
  db: D1Database,
  o: {
    pepper: string;
    phone: string;
    purpose: CodePurpose;
    requester: string;
    code: string;
    userId?: number;
    now?: number;
  },
): Promise<MatchedCode | null> {
  const now = o.now ?? Date.now();
  const row = await db
    .prepare(
      `UPDATE phone_codes SET attempts = attempts + 1
       WHERE id = (SELECT id FROM phone_codes WHERE phone = ?1 AND purpose = ?2 AND requester = ?5 AND used_at IS NULL
                   AND expires_at > ?3 ORDER BY id DESC LIMIT 1)
         AND attempts < ?4
       RETURNING id, code_hash, user_id`,
    )
    .bind(o.phone, o.purpose, now, PHONE_CODE.maxTries, o.requester)
    .first<{ id: number; code_hash: string; user_id: number | null }>();
  if (!row) return null;
  if (o.userId !== undefined && row.user_id !== o.userId) return null;
  const expected = await codeHash(o.pepper, o.phone, o.purpose, o.code);
  return timingSafeEqualText(row.code_hash, expected) ? { id: row.id, userId: row.user_id } : null;
}

/** Uses a matched code up, once: the statement returns its id only for the first caller. */
export function spendCodeStatement(db: D1Database, id: number, now = Date.now()): D1PreparedStatement {
  return db.prepare('UPDATE phone_codes SET used_at = ? WHERE id = ? AND used_at IS NULL RETURNING id').bind(now, id);
}

/** A device that signed in with a number's code keeps passing the caps strangers can fill this long. */
export const KNOWN_DEVICE_DAYS = 90;

/** This device proved this number (a code typed back): it becomes, or stays, one of the number's own. */
export function rememberDeviceStatement(db: D1Database, phone: string, deviceId: string, now = Date.now()) {
  return db
    .prepare(
      'INSERT INTO phone_known_devices (phone, device_id, proven_at) VALUES (?1, ?2, ?3) ON CONFLICT (phone, device_id) DO UPDATE SET proven_at = ?3',
    )
    .bind(phone, deviceId, now);
}

/** Did this device prove this number within KNOWN_DEVICE_DAYS? */
export async function isKnownDevice(db: D1Database, phone: string, deviceId: string, now = Date.now()) {
  const row = await db
    .prepare('SELECT 1 AS known FROM phone_known_devices WHERE phone = ? AND device_id = ? AND proven_at > ?')
    .bind(phone, deviceId, now - KNOWN_DEVICE_DAYS * 24 * 60 * 60 * 1000)
    .first<{ known: number }>();
  return !!row;
}

/** The devices of the account's proven number forget it (the number leaves the account, or the account goes). */
export function forgetAccountDevicesStatement(db: D1Database, userId: number): D1PreparedStatement {
  return db
    .prepare(
      'DELETE FROM phone_known_devices WHERE phone = (SELECT phone FROM users WHERE id = ? AND phone_verified_at IS NOT NULL)',
    )
    .bind(userId);
}

/**
 * Codes older than a day are of no use any more, nor are the texts that carried them; devices that have
 * not signed in with their number for KNOWN_DEVICE_DAYS stop being its own (the API's cron).
 */
export async function purgeOldCodes(db: D1Database, now = Date.now()): Promise<void> {
  const dayAgo = now - 24 * 60 * 60 * 1000;
  await db.batch([
    db.prepare('DELETE FROM phone_codes WHERE created_at < ?').bind(dayAgo),
    db
      .prepare('DELETE FROM phone_known_devices WHERE proven_at < ?')
      .bind(now - KNOWN_DEVICE_DAYS * 24 * 60 * 60 * 1000),
    db
      .prepare("DELETE FROM message_outbox WHERE kind IN ('sign_in_code', 'verify_code') AND created_at < ?")
      .bind(dayAgo),
  ]);
}
