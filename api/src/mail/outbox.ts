// Queueing a mail: one INSERT the caller puts in the SAME D1 batch as the change the mail reports (the
// order, the payment outcome, the reset token), so either both are stored or neither is. The dedupe
// key makes a second queueing of the same mail (a replayed submit or webhook) a no-op.
//
// The gate (decision 85): the shop writes only to an address somebody proved. A mail of a proof kind
// (PROOF_KINDS: it asks the inbox to prove itself, and each is limited per inbox where it is asked for)
// and the staff's own mails go as asked. Every other kind is stored only when, as the batch runs, an
// account with that address has proven it (users.email_proven_at) or decision 72 proved it for a guest
// (cart_reminder_proofs, by the identity carts use): a condition in the INSERT itself, so no caller can
// forget it, and a proof recorded earlier in the same batch counts.
import { emailIdentity } from '../lib/email-identity';
import type { Mail } from './index';

export type MailKind =
  | 'order_confirmation'
  | 'payment_confirmation'
  | 'password_reset'
  | 'email_verification'
  | 'blood_test_reminder'
  | 'staff_invitation'
  | 'blood_test_results'
  /** The lab confirmed a home visit and named its nurse. */
  | 'blood_test_visit'
  /** The back office moved the order on: confirmed, shipped, delivered, cancelled, refunded. */
  | 'order_update'
  /** A product the shopper waits for is back in stock; a wishlist item's price fell. */
  | 'back_in_stock'
  | 'price_drop'
  /** The shop's decision on a shopper's review, question or answer. */
  | 'review_decision'
  /** Some days after delivery: how did you find it? Once an order. */
  | 'review_request'
  /** Subscribe and save: the order in three days; an order that could not be placed or paid. */
  | 'subscription_reminder'
  | 'subscription_failed'
  /** A product bought once should be running out. */
  | 'refill_reminder'
  /** Data rights (decision 49): her archive is ready; an uploaded file will be deleted for disuse. */
  | 'data_export_ready'
  | 'upload_retention_notice'
  /** Nutritionist consultations (decision 55): booked, a day and an hour before, the summary shared. */
  | 'consultation_confirmation'
  | 'consultation_reminder'
  | 'consultation_summary'
  /** Issue 61: a package bought; a consultation cancelled, refunded or moved (with its new calendar file). */
  | 'consultation_package'
  | 'consultation_cancelled'
  | 'consultation_refund'
  | 'consultation_moved'
  /** Loyalty (decision 58): moving up a tier, the birthday points, points about to expire. */
  | 'points_tier_up'
  | 'points_birthday'
  | 'points_expiry'
  /** Issue 64: a cart left behind, at the owner's steps. */
  | 'cart_reminder'
  /** Issue 73: a guest's address asked once whether it wants cart reminders. */
  | 'cart_reminder_confirm'
  /** Decision 85: an order placed with an address nobody proved yet: its number, total, link and the
   * link that proves the address, and nothing a stranger typed. */
  | 'order_received'
  /** Issue 75: Saudi e-invoices wait too long to be reported, or for a stamp: to the shop's owners. */
  | 'e_invoices_waiting';

export interface QueuedMail extends Mail {
  lang: 'en' | 'ar';
  kind: MailKind;
  /** One mail per cause, e.g. `order:<id>:confirmation`. */
  dedupeKey: string;
}

/** The row's values, in the column order both INSERTs below name. */
function mailValues(mail: QueuedMail, now: number): unknown[] {
  return [
    mail.to,
    mail.subject,
    mail.text,
    mail.html ?? null,
    mail.lang,
    mail.kind,
    mail.dedupeKey,
    now,
    now,
    headersJson(mail),
    mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
  ];
}

/** Mails that ask an inbox to prove itself: they may go to an address nobody proved (limited per inbox). */
const PROOF_KINDS: ReadonlySet<MailKind> = new Set([
  'email_verification',
  'password_reset',
  'cart_reminder_confirm',
  'order_received',
]);
/** The staff's own: an invitation an authenticated owner typed, the e-invoice warning to the owners. */
const STAFF_KINDS: ReadonlySet<MailKind> = new Set(['staff_invitation', 'e_invoices_waiting']);

/** Whether a mail of this kind waits for its address to be proven (decision 85). */
const needsProof = (kind: MailKind) => !PROOF_KINDS.has(kind) && !STAFF_KINDS.has(kind);

/**
 * SQL true when the address is proven: an account holds it (its stored address, compared without case)
 * and proved it, or a guest's proof names its identity. Binds: provenBinds(address).
 */
export const PROVEN_SQL = `(EXISTS (SELECT 1 FROM users WHERE email = ? AND email <> '' AND deleted_at IS NULL AND email_proven_at IS NOT NULL)
  OR EXISTS (SELECT 1 FROM cart_reminder_proofs WHERE email_identity = ? AND proven_at IS NOT NULL))`;
export const provenBinds = (address: string): unknown[] => [address.trim(), emailIdentity(address)];

export function queueMail(db: D1Database, mail: QueuedMail, now = Date.now()): D1PreparedStatement {
  if (needsProof(mail.kind)) return queueMailWhen(db, mail, now, { sql: 'TRUE', binds: [] });
  return db
    .prepare(
      `INSERT INTO mail_outbox (to_address, subject, body_text, body_html, lang, kind, dedupe_key, attempts, next_attempt_at, created_at, headers, attachments)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(...mailValues(mail, now));
}

/**
 * The same INSERT, stored only when `condition` (SQL over the database as the batch reaches it) holds:
 * a mail that must follow, or must not follow, another change that may race it.
 */
export function queueMailWhen(
  db: D1Database,
  mail: QueuedMail,
  now: number,
  condition: { sql: string; binds: unknown[] },
): D1PreparedStatement {
  // The WHERE also keeps SQLite from reading ON CONFLICT as a join's ON (the upsert-after-SELECT rule).
  const gate = needsProof(mail.kind);
  return db
    .prepare(
      `INSERT INTO mail_outbox (to_address, subject, body_text, body_html, lang, kind, dedupe_key, attempts, next_attempt_at, created_at, headers, attachments)
       SELECT ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ? WHERE (${condition.sql})${gate ? ` AND ${PROVEN_SQL}` : ''} ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(...mailValues(mail, now), ...condition.binds, ...(gate ? provenBinds(mail.to) : []));
}

const headersJson = (mail: QueuedMail) => (mail.headers ? JSON.stringify(mail.headers) : null);
