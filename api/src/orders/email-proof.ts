// A proven address (decision 85): the keys and statements that prove one, and the link an order's
// "order received" mail carries to prove it. The gate itself is in mail/outbox.ts.
import { localizePath, type Lang } from '#shared/locale';
import { emailIdentity } from '../lib/email-identity';
import { LIMITS } from '../lib/limits';
import { identityToken } from '../carts/identity-token';
import { randomToken, tokenHash } from '../accounts/tokens';
import { VERIFY_TTL_MS } from './guest-links';

/**
 * The dedupe key of a proof-class mail to an inbox: `inbox:<identity>:<rest>`. The per-inbox count of
 * "order received" mails reads these keys as one range of the outbox's unique index (inboxMailsSql).
 */
export const inboxKey = (email: string, rest: string) => `inbox:${emailIdentity(email)}:${rest}`;

/**
 * SQL true while the inbox got fewer than `max` proof-class mails (verification links, orders received)
 * in the window: their keys sort between `inbox:<identity>:` and `inbox:<identity>;` (';' follows ':').
 */
export function inboxRoomSql(email: string, now: number, rule: { max: number; windowMs: number }) {
  const identity = emailIdentity(email);
  return {
    sql: '(SELECT count(*) FROM mail_outbox WHERE dedupe_key > ? AND dedupe_key < ? AND created_at > ?) < ?',
    binds: [`inbox:${identity}:`, `inbox:${identity};`, now - rule.windowMs, rule.max],
  };
}

export const RECEIVED_RULE = LIMITS.orderReceivedPerEmail;

/** Her account's address is proven now (a link opened, a reset completed, an order paid or delivered). */
export function accountProvenStatement(db: D1Database, userId: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      "UPDATE users SET email_proven_at = ?2 WHERE id = ?1 AND email <> '' AND email_proven_at IS NULL AND deleted_at IS NULL",
    )
    .bind(userId, now);
}

/**
 * Accounts holding an address a guest proved (decision 72): proven too. The address as typed (any case)
 * or its folded identity, as carts/proof.ts finds an account holding a guest's address.
 */
export function accountsOfAddressProvenStatement(db: D1Database, email: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      'UPDATE users SET email_proven_at = ?3 WHERE email IN (lower(trim(?1)), ?2) AND deleted_at IS NULL AND email_proven_at IS NULL',
    )
    .bind(email, emailIdentity(email), now);
}

export interface ProofLink {
  url: string | null;
  /** Stored only with the mail that carries the link (each on its dedupe key). */
  statements: D1PreparedStatement[];
}

/**
 * The link an "order received" mail carries to prove the address: an account's verification link (the
 * verify-email flow), or a guest's confirmation link of decision 72 (the ask recorded with the mail).
 */
export async function proofLinkFor(
  db: D1Database,
  who: { userId: number } | { guest: true },
  c: { email: string; lang: Lang; siteOrigin: string; secret?: string; mailKey: string; now: number },
): Promise<ProofLink> {
  const withMail = 'EXISTS (SELECT 1 FROM mail_outbox WHERE dedupe_key = ?)';
  if ('userId' in who) {
    const token = randomToken();
    return {
      url: `${c.siteOrigin}${localizePath('/auth/verify-email', c.lang)}?token=${token}`,
      statements: [
        db
          .prepare(
            `INSERT INTO email_verifications (token_hash, user_id, email, created_at, expires_at) SELECT ?, ?, ?, ?, ? WHERE ${withMail}`,
          )
          .bind(await tokenHash(token), who.userId, c.email.trim(), c.now, c.now + VERIFY_TTL_MS, c.mailKey),
      ],
    };
  }
  if (!c.secret) return { url: null, statements: [] };
  const identity = emailIdentity(c.email);
  const token = await identityToken(c.secret, 'cart-confirm', identity);
  return {
    url: `${c.siteOrigin}${localizePath('/cart-reminders/confirm', c.lang)}?t=${token}`,
    statements: [
      // The confirmation page accepts an ask of the last 30 days (carts/proof.ts): this mail is one.
      db
        .prepare(
          `INSERT INTO cart_reminder_proofs (email_identity, asked_at) SELECT ?, ? WHERE ${withMail}
           ON CONFLICT (email_identity) DO UPDATE SET asked_at = excluded.asked_at WHERE proven_at IS NULL`,
        )
        .bind(identity, c.now, c.mailKey),
    ],
  };
}
