// Erasing an account (decision 49): the shopper's own "remove account" and the back office's erasure
// on request do the same, at once. Health data goes whole: uploaded results, their values and files,
// the shop's own results, the people she booked for, her reading profile, quiz answers. What tax law
// makes the shop keep stays without the person: orders and blood-test orders keep their amounts, VAT,
// dates and status (the Saudi simplified tax invoice is built from exactly those), with no name, phone,
// e-mail, address, tests or patient. Consent keeps its text version and time in consent_records.
// D1 first, in one batch; the R2 objects after it (an object left by a failed delete is ciphertext
// whose key is gone, or a review photo no page names any more).
//
// A shopper in another order shard (decision 61): her orders, payments, wallet and points are emptied
// in her shard's batch first, which also reads back what the core's batch needs (her wallet balances and
// points sums as that batch left them); then the core's batch erases the account, its health data and
// traces, with her order numbers and phones read from her shard bound in (no statement joins the two).
// A failure between the two leaves the account not yet erased, so the erasure can be run again; what
// the first try gave back to the core (stock, coupons of her cancelled orders) is then not given again.
import { emailIdentity } from '../lib/email-identity';
import { GIFT_PERSONAL_SET, NOTE_PERSONAL_SET, ORDER_PERSONAL_SET } from '../db/personal-fields';
import { storedKeys } from '../media/renditions';
import { recountStatement } from '../reviews/write';
import { deleteObjects, userUploadKeys } from '../uploads/store';
import { erasureCancels } from './erasure-cancels';
import { bringBack } from '../archive/bring-back';
import { archiveKeyring } from '../archive/file';
import { apiConfig } from '../lib/config';
import { pointsErasureStatements } from '../loyalty/erasure';
import { consultationAccountStatements, consultationHealthStatements } from './consultations';
import { walletBalancesStatement, walletOwedStatements } from './erasure-cancels';
import {
  assertWritable,
  type HerDatabases,
  herDatabasesFrom,
  herRouteStatement,
  onCore,
  onShard,
  statementsOf,
  type Step,
} from './her-databases';
import { removeAccountSteps } from './remove-account';
import { type ErasedPoints, pointsErasureCoreStatements, pointsErasureShardStatements } from '../loyalty/erasure';
import { log } from '../lib/log';

interface ErasedObjects {
  uploads: string[];
  media: string[];
  reviews: { id: number; product_id: number }[];
}

/** Everything of hers that lives outside D1 or needs one statement per row: read before the batch. */
async function objectsOf(db: D1Database, userId: number): Promise<ErasedObjects> {
  const [reviews, exports, returnObjects] = await db.batch([
    db
      .prepare(
        `SELECT r.id, r.product_id, (SELECT json_group_array(r2_key) FROM review_photos WHERE review_id = r.id) AS photos
         FROM reviews r WHERE r.user_id = ?`,
      )
      .bind(userId),
    db.prepare('SELECT r2_key FROM data_requests WHERE user_id = ? AND r2_key IS NOT NULL').bind(userId),
    // Her return photos and return labels (issue 62).
    db
      .prepare(
        `SELECT r2_key FROM return_photos WHERE user_id = ?1
         UNION ALL SELECT s.label_key FROM returns r JOIN shipments s ON s.id = r.shipment_id WHERE r.user_id = ?1 AND s.label_key IS NOT NULL`,
      )
      .bind(userId),
  ]);
  const rows = reviews!.results as { id: number; product_id: number; photos: string }[];
  return {
    uploads: [
      ...(await userUploadKeys(db, userId)),
      ...(exports!.results as { r2_key: string }[]).map((r) => r.r2_key),
      ...(returnObjects!.results as { r2_key: string }[]).map((r) => r.r2_key),
    ],
    media: rows.flatMap((r) => (JSON.parse(r.photos) as string[]).flatMap((key) => storedKeys('review', key, false))),
    reviews: rows.map(({ id, product_id }) => ({ id, product_id })),
  };
}

/** What the core's statements need from her shard when it is not the core: her order numbers and phones. */
interface FromShard {
  orders: number[];
  phones: string[];
}

function eraseHealthSteps(
  her: Pick<HerDatabases, 'core' | 'shard' | 'apart'>,
  userId: number,
  now: number,
  fromShard: FromShard | null,
): Step[] {
  const db = her.core;
  const shard = her.shard;
  const orders = 'SELECT id FROM blood_test_orders WHERE user_id = ?';
  return [
    ...onCore(
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
    ),
    // Orders keep amounts, VAT and items (the invoice the law requires) without the address or contact.
    ...onShard(
      shard.prepare(`UPDATE orders SET ${ORDER_PERSONAL_SET} WHERE user_id = ?`).bind(userId),
      shard
        .prepare(
          `UPDATE order_gifts SET ${GIFT_PERSONAL_SET} WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?)`,
        )
        .bind(userId),
    ),
    ...onCore(
      fromShard
        ? db
            .prepare('DELETE FROM refill_reminders WHERE order_id IN (SELECT value FROM json_each(?))')
            .bind(JSON.stringify(fromShard.orders))
        : db
            .prepare('DELETE FROM refill_reminders WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?)')
            .bind(userId),
      // Her answers to failed delivery attempts name her address and phone (shipments stay, anonymised).
      fromShard
        ? db
            .prepare('DELETE FROM redelivery_requests WHERE order_id IN (SELECT value FROM json_each(?))')
            .bind(JSON.stringify(fromShard.orders))
        : db
            .prepare('DELETE FROM redelivery_requests WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?)')
            .bind(userId),
      // An archive on offer goes with her (its object after the batch).
      db
        .prepare(
          "UPDATE data_requests SET status = CASE WHEN status IN ('requested', 'ready') THEN 'expired' ELSE status END, r2_key = NULL, wrapped_key = NULL, iv = NULL WHERE user_id = ?",
        )
        .bind(userId),
    ),
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
function traceSteps(
  her: Pick<HerDatabases, 'core' | 'shard' | 'apart'>,
  userId: number,
  fromShard: FromShard | null,
): Step[] {
  const db = her.core;
  const email = '(SELECT email FROM users WHERE id = ?1)';
  const phone = '(SELECT phone FROM users WHERE id = ?1)';
  const q = (sql: string) => db.prepare(sql).bind(userId);
  const s = (sql: string) => her.shard.prepare(sql).bind(userId);
  return [
    ...onCore(
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
      q('DELETE FROM guest_claims WHERE user_id = ?1'),
      q(`DELETE FROM phone_codes WHERE user_id = ?1 OR phone = ${phone}`),
      // Numbers her orders and payments held besides her account's (WhatsApp updates, STC Pay).
      fromShard
        ? db
            .prepare(
              `DELETE FROM message_outbox WHERE to_phone IN (SELECT value FROM json_each(?2)
               UNION SELECT payer_phone FROM payments WHERE user_id = ?1 AND payer_phone IS NOT NULL)`,
            )
            .bind(userId, JSON.stringify(fromShard.phones))
        : q(
            `DELETE FROM message_outbox WHERE to_phone IN (SELECT whatsapp_to FROM orders WHERE user_id = ?1 AND whatsapp_to IS NOT NULL
         UNION SELECT payer_phone FROM payments WHERE user_id = ?1 AND payer_phone IS NOT NULL)`,
          ),
      q(`DELETE FROM whatsapp_optouts WHERE phone = ${phone}`),
      q(`DELETE FROM contact_messages WHERE lower(email) = lower(${email}) OR phone = ${phone}`),
      // Sign-in and code limits keyed by her address or number ('acct:<email>|<ip>', 'phone-code:<phone>').
      q(`DELETE FROM failed_logins WHERE instr(key, ${email}) > 0 OR instr(key, ${phone}) > 0`),
      q(`DELETE FROM rate_events WHERE instr(key, ${email}) > 0 OR instr(key, ${phone}) > 0`),
      // A once-per-shopper coupon's key holds her e-mail: it keeps counting the use, not who.
      fromShard
        ? db
            .prepare(
              `UPDATE coupon_redemptions SET once_key = coupon_id || ':erased-' || order_id
             WHERE once_key IS NOT NULL AND order_id IN (SELECT value FROM json_each(?1))`,
            )
            .bind(JSON.stringify(fromShard.orders))
        : q(
            `UPDATE coupon_redemptions SET once_key = coupon_id || ':erased-' || order_id
       WHERE once_key IS NOT NULL AND order_id IN (SELECT id FROM orders WHERE user_id = ?1)`,
          ),
      // The own drivers' copies of her name, phone and address (issue 62); the stops' cash and steps stay.
      ...driverStopSteps(db, userId, fromShard),
    ),
    // Staff notes on her orders, refunds and wallet may name her; the amounts stay.
    ...onShard(
      s(`UPDATE order_events SET ${NOTE_PERSONAL_SET} WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?1)`),
      s(`UPDATE refunds SET ${NOTE_PERSONAL_SET} WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?1)`),
      s('UPDATE wallet_ledger SET note = NULL WHERE user_id = ?1'),
      s('DELETE FROM order_links WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?1)'),
    ),
    // Her returns (issue 62): the photos of damage can show her home (rows here, objects after the
    // batch); her note and staff's words go; the return's steps and amounts stay with its refund. The
    // return parcel's label prints her name and address: its object goes too.
    ...onCore(
      q('DELETE FROM return_photos WHERE user_id = ?1'),
      q('UPDATE returns SET note = NULL, reject_reason = NULL WHERE user_id = ?1'),
      q('UPDATE return_events SET note = NULL WHERE return_id IN (SELECT id FROM returns WHERE user_id = ?1)'),
      q(
        "UPDATE shipments SET label_key = NULL WHERE direction = 'return' AND id IN (SELECT shipment_id FROM returns WHERE user_id = ?1)",
      ),
    ),
    ...onCore(q('DELETE FROM sessions WHERE user_id = ?1')),
    ...onShard(her.shard.prepare('DELETE FROM idempotency_keys WHERE owner = ?').bind(`u:${userId}`)),
    // What staff changed on her account: the change is kept, the values (her old e-mail, name) are not.
    ...onCore(
      db
        .prepare(
          "UPDATE audit_log SET before_json = NULL, after_json = NULL WHERE resource IN ('customer', 'user') AND resource_id = ?",
        )
        .bind(String(userId)),
    ),
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
  // fields like any order's, and the files that held them are deleted from ARCHIVE and BACKUPS. Her
  // route rides in the same batch (shard 0: no round trip more).
  const coldSql = 'SELECT id FROM orders WHERE user_id = ? AND archive_key IS NOT NULL';
  const [routeRes, coldRes] = await db.batch([herRouteStatement(env, userId), db.prepare(coldSql).bind(userId)]);
  const her = herDatabasesFrom(env, routeRes);
  assertWritable(her);
  const cold = her.apart
    ? (await her.shard.prepare(coldSql).bind(userId).all<{ id: number }>()).results
    : (coldRes!.results as { id: number }[]);
  await bringBack(
    env,
    archiveKeyring(apiConfig(env as ApiEnv)),
    cold.map((o) => o.id),
    now,
    her.shard,
  );
  const objects = await objectsOf(db, userId);
  // Her address's identity: a cart she left as a guest under it, and its reminders' stop, go too (issue 64).
  const address = await db.prepare('SELECT email FROM users WHERE id = ?').bind(userId).first<{ email: string }>();
  const identity = address?.email ? emailIdentity(address.email) : null;
  const fromShard = her.apart ? await readFromShard(her.shard, userId) : null;
  // Visits, orders and subscriptions still to come are cancelled first, with their refunds.
  const cancels = await erasureCancels(her, userId, now);
  const steps: Step[] = [
    // Checked at the end of the batch: her points rows name her reviews and go only after deleted_at is set.
    ...onCore(db.prepare('PRAGMA defer_foreign_keys = on')),
    ...cancels.steps,
    // Mails and texts she was sent name her and what she did: before her address and number go.
    ...onCore(
      db.prepare('DELETE FROM mail_outbox WHERE to_address = (SELECT email FROM users WHERE id = ?)').bind(userId),
      db.prepare('DELETE FROM message_outbox WHERE to_phone = (SELECT phone FROM users WHERE id = ?)').bind(userId),
      ...(identity
        ? [
            db
              .prepare(
                'DELETE FROM cart_reminders WHERE cart_id IN (SELECT id FROM saved_carts WHERE guest_identity = ?)',
              )
              .bind(identity),
            db.prepare('DELETE FROM saved_carts WHERE guest_identity = ?').bind(identity),
            db.prepare('DELETE FROM cart_reminder_optouts WHERE email_identity = ?').bind(identity),
            db.prepare('DELETE FROM cart_reminder_proofs WHERE email_identity = ?').bind(identity),
          ]
        : []),
    ),
    ...traceSteps(her, userId, fromShard),
    ...eraseHealthSteps(her, userId, now, fromShard),
    ...onCore(
      ...consultationHealthStatements(db, userId, now),
      ...consultationAccountStatements(db, userId),
      ...reviewStatements(db, objects.reviews),
    ),
    ...removeAccountSteps(her, userId, now),
  ];
  if (!her.apart) {
    await db.batch([
      ...statementsOf(steps),
      // After deleted_at is set (the ledger's trigger allows its rows to go only then).
      ...pointsErasureStatements(db, userId, now),
      ...also,
    ]);
  } else {
    // Her shard first: its batch ends by reading what the core's batch records (her wallet balances and
    // points sums after the cancels), then her points rows go.
    const shardStatements = statementsOf(steps, 'shard');
    const results = await her.shard.batch([
      ...shardStatements,
      walletBalancesStatement(her.shard, userId),
      ...pointsErasureShardStatements(her.shard, userId, now),
    ]);
    const at = shardStatements.length;
    const balances = results[at]!.results as { currency: string; balance: number }[];
    const points: ErasedPoints = {
      sums: results[at + 1]!.results as ErasedPoints['sums'],
      balances: results[at + 2]!.results as ErasedPoints['balances'],
    };
    try {
      await db.batch([
        ...statementsOf(steps, 'core'),
        ...walletOwedStatements(db, userId, balances, now),
        ...pointsErasureCoreStatements(db, userId, now, points),
        ...also,
      ]);
    } catch (error) {
      log.error('erasure: her shard is emptied, the core batch failed; run the erasure again', {
        userId,
        shard: her.route.id,
        error,
      });
      throw error;
    }
  }
  await deleteObjects(env.UPLOADS, objects.uploads);
  if (objects.media.length) await deleteObjects(env.MEDIA, objects.media);
}

/** Her order numbers and the phones her orders and payments held, from her shard (another shard only). */
async function readFromShard(shard: D1Database, userId: number): Promise<FromShard> {
  const [orders, phones] = await shard.batch([
    shard.prepare('SELECT id FROM orders WHERE user_id = ?').bind(userId),
    shard
      .prepare(
        `SELECT whatsapp_to AS phone FROM orders WHERE user_id = ?1 AND whatsapp_to IS NOT NULL
         UNION SELECT payer_phone FROM payments WHERE user_id = ?1 AND payer_phone IS NOT NULL`,
      )
      .bind(userId),
  ]);
  return {
    orders: (orders!.results as { id: number }[]).map((o) => o.id),
    phones: (phones!.results as { phone: string }[]).map((p) => p.phone),
  };
}

/** Her parcels' stops on the own drivers' runs (who, where and the drivers' notes go), and the local carrier's copies. */
function driverStopSteps(db: D1Database, userId: number, fromShard: FromShard | null): D1PreparedStatement[] {
  const stops = fromShard
    ? 'SELECT id FROM driver_stops WHERE reference IN (SELECT reference FROM shipments WHERE order_id IN (SELECT value FROM json_each(?1)))'
    : 'SELECT id FROM driver_stops WHERE reference IN (SELECT reference FROM shipments WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?1))';
  const bind = fromShard ? JSON.stringify(fromShard.orders) : userId;
  const parcels = stops.replace(
    'SELECT id FROM driver_stops WHERE reference',
    'SELECT tracking_number FROM local_parcels WHERE reference',
  );
  return [
    db.prepare(`UPDATE driver_stop_events SET reason = NULL WHERE stop_id IN (${stops})`).bind(bind),
    db
      .prepare(
        `UPDATE driver_stops SET name = '', phone = '', address_lines = '[]', area = '', receiver_name = NULL,
           cash_note = NULL, fail_note = NULL WHERE id IN (${stops})`,
      )
      .bind(bind),
    // The local carrier's copies of her parcels (local mode): the request named her, her phone and door.
    ...['local_parcel_events', 'local_parcels'].map((table) =>
      db.prepare(`DELETE FROM ${table} WHERE tracking_number IN (${parcels})`).bind(bind),
    ),
  ];
}
