// Whose address a guest's cart names (issue 73, decision 72 amended). Anyone can type any address at
// checkout, so a guest's cart is reminded only at an address proven hers: an order placed with it (its
// batch records the proof, orderedStatements), or the link of the one confirmation mail pressed. Until
// then the cart is kept but nothing is due. The confirmation mail is itself a mail to whoever the address
// belongs to, so it goes at most once an address a period (CONFIRM_DAYS), whoever asks and however often,
// within the per-IP and per-address limits of POST /cart/saved; it names no cart and no product, only the
// shop and what pressing the link does. An address an account holds is never reminded from a guest's
// cart: her account's cart is reminded when she is signed in.
import { localizePath, type Lang } from '#shared/locale';
import { emailIdentity } from '../lib/email-identity';
import { queueMailWhen } from '../mail/outbox';
import { identityOf, identityToken } from './identity-token';
import { firstStepDue, type ReminderSettings } from './settings';
import { confirmMail } from './confirm-mail';

/** One confirmation mail an address in this many days; its link works as long. */
const CONFIRM_DAYS = 30;
const CONFIRM_MS = CONFIRM_DAYS * 86_400_000;

export interface GuestAddress {
  /** An account holds the address (as typed, or its folded identity). */
  registered: boolean;
  /** An order was placed with it, or its confirmation link was pressed. */
  proven: boolean;
  /** When its last confirmation mail was asked for (null: never). */
  askedAt: number | null;
}

/** SQL true when an account holds the address ?1 (as typed) or its identity ?2. */
const REGISTERED_SQL = 'EXISTS (SELECT 1 FROM users WHERE email IN (lower(trim(?1)), ?2) AND deleted_at IS NULL)';

export async function guestAddress(db: D1Database, email: string): Promise<GuestAddress> {
  const row = await db
    .prepare(
      `SELECT ${REGISTERED_SQL} AS registered,
         (SELECT proven_at FROM cart_reminder_proofs WHERE email_identity = ?2) AS proven_at,
         (SELECT asked_at FROM cart_reminder_proofs WHERE email_identity = ?2) AS asked_at`,
    )
    .bind(email, emailIdentity(email))
    .first<{ registered: number; proven_at: number | null; asked_at: number | null }>();
  return { registered: !!row?.registered, proven: row?.proven_at != null, askedAt: row?.asked_at ?? null };
}

/**
 * The confirmation mail, when none went to the address in the period. The ask is recorded and the mail
 * queued in one batch, each on the condition that no other ask of the period got there first.
 */
export async function askToConfirm(
  db: D1Database,
  links: { secret: string; siteOrigin: string },
  email: string,
  lang: Lang,
  now: number,
): Promise<boolean> {
  const identity = emailIdentity(email);
  const token = await identityToken(links.secret, 'cart-confirm', identity);
  const url = `${links.siteOrigin}${localizePath('/cart-reminders/confirm', lang)}?t=${token}`;
  const mail = confirmMail(lang, url);
  const [asked] = await db.batch([
    db
      .prepare(
        `INSERT INTO cart_reminder_proofs (email_identity, asked_at) VALUES (?1, ?2)
         ON CONFLICT (email_identity) DO UPDATE SET asked_at = excluded.asked_at
         WHERE proven_at IS NULL AND (asked_at IS NULL OR asked_at <= ?2 - ?3)`,
      )
      .bind(identity, now, CONFIRM_MS),
    queueMailWhen(
      db,
      {
        to: email,
        lang,
        kind: 'cart_reminder_confirm',
        dedupeKey: `cart-confirm:${identity}:${now}`,
        ...mail,
      },
      now,
      // The ask above is this one's: recorded at this instant.
      {
        sql: 'EXISTS (SELECT 1 FROM cart_reminder_proofs WHERE email_identity = ? AND asked_at = ?)',
        binds: [identity, now],
      },
    ),
  ]);
  return (asked?.meta.changes ?? 0) > 0;
}

export type ConfirmOutcome = { ok: true } | { ok: false };

/**
 * The confirmation link pressed: the address is proven, and her open guest cart's first step is due
 * after the owner's delay. Refused when the signature does not hold, or no ask of the period names it.
 */
export async function confirmAddress(
  db: D1Database,
  secret: string,
  token: string,
  settings: ReminderSettings,
  now: number,
): Promise<ConfirmOutcome> {
  const identity = await identityOf(secret, 'cart-confirm', token);
  if (!identity) return { ok: false };
  const [proven] = await db.batch([
    db
      .prepare(
        'UPDATE cart_reminder_proofs SET proven_at = coalesce(proven_at, ?2) WHERE email_identity = ?1 AND (proven_at IS NOT NULL OR asked_at > ?2 - ?3)',
      )
      .bind(identity, now, CONFIRM_MS),
    db
      .prepare(
        `UPDATE saved_carts SET next_due_at = ?2 WHERE guest_identity = ?1 AND status = 'open' AND steps_sent = 0
           AND next_due_at IS NULL AND EXISTS (SELECT 1 FROM cart_reminder_proofs WHERE email_identity = ?1 AND proven_at IS NOT NULL)`,
      )
      // Her carts' countries are not read here: the home country's quiet hours, which the run checks
      // again on the cart's own clocks before it sends (reminders.ts).
      .bind(identity, firstStepDue(settings, now)),
    // An account holding the address (its identity) has it proven too (decision 85).
    db
      .prepare(
        `UPDATE users SET email_proven_at = ?2 WHERE email = ?1 AND deleted_at IS NULL AND email_proven_at IS NULL
           AND EXISTS (SELECT 1 FROM cart_reminder_proofs WHERE email_identity = ?1 AND proven_at IS NOT NULL)`,
      )
      .bind(identity, now),
  ]);
  return (proven?.meta.changes ?? 0) > 0 ? { ok: true } : { ok: false };
}

/** For a guest order's batch: the address she ordered with is hers; retention counts from her last order. */
export function provenByOrderStatement(db: D1Database, email: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO cart_reminder_proofs (email_identity, proven_at) VALUES (?, ?)
       ON CONFLICT (email_identity) DO UPDATE SET proven_at = excluded.proven_at`,
    )
    .bind(emailIdentity(email), now);
}
