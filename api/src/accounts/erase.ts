// Erasing an account (decision 49): the shopper's own "remove account" and the back office's erasure
// on request do the same, at once. Health data goes whole: uploaded results, their values and files,
// the shop's own results, the people she booked for, her reading profile, quiz answers. What tax law
// makes the shop keep stays without the person: orders and blood-test orders keep their amounts, VAT,
// dates and status (the Saudi simplified tax invoice is built from exactly those), with no name, phone,
// e-mail, address, tests or patient. Consent keeps its text version and time in consent_records.
// D1 first, in one batch; the R2 objects after it (an object left by a failed delete is ciphertext
// whose key is gone, or a review photo no page names any more).
import { storedKeys } from '../media/renditions';
import { recountStatement } from '../reviews/write';
import { deleteObjects, userUploadKeys } from '../uploads/store';
import { erasureCancels } from '../data-rights/erasure-cancels';
import { removeAccountStatements } from './remove';
import { bringBack } from '../archive/bring-back';
import { archiveKeyring } from '../archive/file';
import { apiConfig } from '../lib/config';
import { pointsErasureStatements } from '../loyalty/erasure';
import { consultationAccountStatements, consultationHealthStatements } from '../consultations/data-rights';

interface ErasedObjects {
  uploads: string[];
  media: string[];
  reviews: { id: number; product_id: number }[];
}

/** Everything of hers that lives outside D1 or needs one statement per row: read before the batch. */
async function objectsOf(db: D1Database, userId: number): Promise<ErasedObjects> {
  const [reviews, exports] = await db.batch([
    db
      .prepare(
        `SELECT r.id, r.product_id, (SELECT json_group_array(r2_key) FROM review_photos WHERE review_id = r.id) AS photos
         FROM reviews r WHERE r.user_id = ?`,
      )
      .bind(userId),
    db.prepare('SELECT r2_key FROM data_requests WHERE user_id = ? AND r2_key IS NOT NULL').bind(userId),
  ]);
  const rows = reviews!.results as { id: number; product_id: number; photos: string }[];
  return {
    uploads: [
      ...(await userUploadKeys(db, userId)),
      ...(exports!.results as { r2_key: string }[]).map((r) => r.r2_key),
    ],
    media: rows.flatMap((r) => (JSON.parse(r.photos) as string[]).flatMap((key) => storedKeys('review', key, false))),
    reviews: rows.map(({ id, product_id }) => ({ id, product_id })),
  };
}

/** The health data and the personal fields of kept records (the part of the batch beyond the account's rows). */
export function eraseHealthStatements(db: D1Database, userId: number, now: number): D1PreparedStatement[] {
  const orders = 'SELECT id FROM blood_test_orders WHERE user_id = ?';
  return [
    // Consent: the text version and time stay as proof, the person does not.
    db
      .prepare(
        `INSERT INTO consent_records (purpose, consent_version, consent_at, erased_at)
         SELECT 'blood_test_upload', consent_version, consent_at, ?2 FROM blood_test_uploads WHERE user_id = ?1
         UNION ALL SELECT 'blood_test_booking', consent_version, consent_at, ?2 FROM blood_test_orders WHERE user_id = ?1`,
      )
      .bind(userId, now),
    // The shop's own results and what the booking said about her tests and visit.
    db.prepare(`DELETE FROM blood_test_results WHERE order_id IN (${orders})`).bind(userId),
    db.prepare(`DELETE FROM blood_test_order_items WHERE order_id IN (${orders})`).bind(userId),
    db.prepare('DELETE FROM blood_test_slot_bookings WHERE user_id = ?').bind(userId),
    db
      .prepare(
        "UPDATE blood_test_orders SET address = json_object('country', country), zone = '', nurse_id = NULL WHERE user_id = ?",
      )
      .bind(userId),
    // The people she booked for: gone, except the husk a kept booking must point to (a foreign key),
    // which keeps nothing that names or identifies anyone.
    db
      .prepare(
        'DELETE FROM blood_test_patients WHERE user_id = ?1 AND id NOT IN (SELECT patient_id FROM blood_test_orders WHERE user_id = ?1)',
      )
      .bind(userId),
    db
      .prepare(
        "UPDATE blood_test_patients SET name = '', national_id = '', date_of_birth = '', relation = 'other', deleted_at = coalesce(deleted_at, ?) WHERE user_id = ?",
      )
      .bind(now, userId),
    // Orders keep amounts, VAT and items (the invoice the law requires) without the address or contact.
    db
      .prepare(
        "UPDATE orders SET address = json_object('country', country), guest_email = NULL, guest_phone = NULL, whatsapp_to = NULL WHERE user_id = ?",
      )
      .bind(userId),
    db
      .prepare(
        "UPDATE order_gifts SET recipient = '', phone = '', message = NULL WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?)",
      )
      .bind(userId),
    db.prepare('DELETE FROM refill_reminders WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?)').bind(userId),
    // An archive on offer goes with her (its object after the batch).
    db
      .prepare(
        "UPDATE data_requests SET status = CASE WHEN status IN ('requested', 'ready') THEN 'expired' ELSE status END, r2_key = NULL, wrapped_key = NULL, iv = NULL WHERE user_id = ?",
      )
      .bind(userId),
  ];
}

/**
 * What else names or reaches her, beyond her account's own rows (docs/data-fates.md is the whole
 * list): her questions and answers on product pages (health text: gone, with the answers to her
 * questions), her votes and reports on others' reviews and answers (counts taken down), what she
 * searched, her alert and sign-in traces, codes and messages sent to her number, contact-form
 * messages from her address, and her e-mail in once-per-shopper coupon keys. These read her e-mail
 * and phone, so they run before her account row is blanked.
 */
function traceStatements(db: D1Database, userId: number): D1PreparedStatement[] {
  const email = '(SELECT email FROM users WHERE id = ?1)';
  const phone = '(SELECT phone FROM users WHERE id = ?1)';
  const q = (sql: string) => db.prepare(sql).bind(userId);
  return [
    // Questions and answers: her text goes, and staff answers to her questions with it.
    q(
      'UPDATE answers SET helpful_count = helpful_count - 1 WHERE id IN (SELECT answer_id FROM answer_votes WHERE user_id = ?1)',
    ),
    q('DELETE FROM answer_votes WHERE user_id = ?1'),
    q(
      `DELETE FROM answer_votes WHERE answer_id IN (SELECT id FROM answers WHERE user_id = ?1
         OR question_id IN (SELECT id FROM questions WHERE user_id = ?1))`,
    ),
    q('DELETE FROM answers WHERE user_id = ?1 OR question_id IN (SELECT id FROM questions WHERE user_id = ?1)'),
    q('DELETE FROM questions WHERE user_id = ?1'),
    // Her votes and reports on others' reviews.
    q(
      'UPDATE reviews SET helpful_count = helpful_count - 1 WHERE id IN (SELECT review_id FROM review_votes WHERE user_id = ?1)',
    ),
    q(
      'UPDATE reviews SET report_count = report_count - 1 WHERE id IN (SELECT review_id FROM review_reports WHERE user_id = ?1)',
    ),
    q('DELETE FROM review_votes WHERE user_id = ?1'),
    q('DELETE FROM review_reports WHERE user_id = ?1'),
    q('DELETE FROM search_terms WHERE user_id = ?1'),
    q('DELETE FROM alert_deliveries WHERE user_id = ?1'),
    q(`DELETE FROM email_verifications WHERE user_id = ?1 OR email = ${email}`),
    q(`DELETE FROM phone_codes WHERE user_id = ?1 OR phone = ${phone}`),
    // Numbers her orders and payments held besides her account's (WhatsApp updates, STC Pay).
    q(
      `DELETE FROM message_outbox WHERE to_phone IN (SELECT whatsapp_to FROM orders WHERE user_id = ?1 AND whatsapp_to IS NOT NULL
         UNION SELECT payer_phone FROM payments WHERE user_id = ?1 AND payer_phone IS NOT NULL)`,
    ),
    q(`DELETE FROM whatsapp_optouts WHERE phone = ${phone}`),
    q(`DELETE FROM contact_messages WHERE lower(email) = lower(${email}) OR phone = ${phone}`),
    // Sign-in and code limits keyed by her address or number ('acct:<email>|<ip>', 'phone-code:<phone>').
    q(`DELETE FROM failed_logins WHERE instr(key, ${email}) > 0 OR instr(key, ${phone}) > 0`),
    q(`DELETE FROM rate_events WHERE instr(key, ${email}) > 0 OR instr(key, ${phone}) > 0`),
    // A once-per-shopper coupon's key holds her e-mail: it keeps counting the use, not who.
    q(
      `UPDATE coupon_redemptions SET once_key = coupon_id || ':erased-' || order_id
       WHERE once_key IS NOT NULL AND order_id IN (SELECT id FROM orders WHERE user_id = ?1)`,
    ),
    // Staff notes on her orders, refunds and wallet may name her; the amounts stay.
    q('UPDATE order_events SET note = NULL WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?1)'),
    q('UPDATE refunds SET note = NULL WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?1)'),
    q('UPDATE wallet_ledger SET note = NULL WHERE user_id = ?1'),
    q('DELETE FROM order_links WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?1)'),
    q('DELETE FROM sessions WHERE user_id = ?1'),
    db.prepare('DELETE FROM idempotency_keys WHERE owner = ?').bind(`u:${userId}`),
    // What staff changed on her account: the change is kept, the values (her old e-mail, name) are not.
    db
      .prepare(
        "UPDATE audit_log SET before_json = NULL, after_json = NULL WHERE resource IN ('customer', 'user') AND resource_id = ?",
      )
      .bind(String(userId)),
  ];
}

/** Her reviews and their photos' rows (photos can show her); each product's rating is counted again. */
function reviewStatements(db: D1Database, reviews: ErasedObjects['reviews']): D1PreparedStatement[] {
  return reviews.flatMap(({ id, product_id }) => [
    db.prepare('DELETE FROM review_photos WHERE review_id = ?').bind(id),
    db.prepare('DELETE FROM review_votes WHERE review_id = ?').bind(id),
    db.prepare('DELETE FROM review_reports WHERE review_id = ?').bind(id),
    db.prepare('DELETE FROM reviews WHERE id = ?').bind(id),
    recountStatement(db, product_id),
  ]);
}

/**
 * Erases the account: one D1 batch (with the caller's own statements, e.g. its audit row), then the
 * R2 objects. `before` statements run ahead of the account's (they may still read her e-mail).
 */
export async function eraseAccount(
  env: Pick<ApiEnv, 'DB' | 'UPLOADS' | 'MEDIA' | 'ARCHIVE' | 'BACKUPS'>,
  userId: number,
  { now = Date.now(), also = [] as D1PreparedStatement[] } = {},
): Promise<void> {
  const db = env.DB;
  // Her cold orders come back first (decision 60): the statements below then empty their personal
  // fields like any order's, and the files that held them are deleted from ARCHIVE and BACKUPS.
  const { results: cold } = await db
    .prepare('SELECT id FROM orders WHERE user_id = ? AND archive_key IS NOT NULL')
    .bind(userId)
    .all<{ id: number }>();
  await bringBack(
    env,
    archiveKeyring(apiConfig(env as ApiEnv)),
    cold.map((o) => o.id),
    now,
  );
  const objects = await objectsOf(db, userId);
  // Visits, orders and subscriptions still to come are cancelled first, with their refunds.
  const cancels = await erasureCancels(db, userId, now);
  await db.batch([
    // Checked at the end of the batch: her points rows name her reviews and go only after deleted_at is set.
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...cancels.statements,
    // Mails and texts she was sent name her and what she did: before her address and number go.
    db.prepare('DELETE FROM mail_outbox WHERE to_address = (SELECT email FROM users WHERE id = ?)').bind(userId),
    db.prepare('DELETE FROM message_outbox WHERE to_phone = (SELECT phone FROM users WHERE id = ?)').bind(userId),
    ...traceStatements(db, userId),
    ...eraseHealthStatements(db, userId, now),
    ...consultationHealthStatements(db, userId, now),
    ...consultationAccountStatements(db, userId),
    ...reviewStatements(db, objects.reviews),
    ...removeAccountStatements(db, userId, now),
    // After deleted_at is set (the ledger's trigger allows its rows to go only then).
    ...pointsErasureStatements(db, userId, now),
    ...also,
  ]);
  await deleteObjects(env.UPLOADS, objects.uploads);
  if (objects.media.length) await deleteObjects(env.MEDIA, objects.media);
}
