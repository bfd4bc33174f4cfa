// Removing an account (spec §7 /user/remove, and the back office's erasure on request):
// personal data goes, the row stays (anonymised) so past orders keep their reference. One list of
// statements, for the caller's own batch; the uploaded files' R2 objects go after it (uploads/store.ts).
import { PAYMENT_PERSONAL_SET } from '../db/personal-fields';
import { userUploadStatements } from '../uploads/store';
import { removeUserPushStatements } from '../push';
import { revokeOtherSessions } from '../accounts/sessions';
import { removeUserSubscriptionStatements } from '../subscriptions/remove';
import { forgetAccountDevicesStatement } from '../accounts/phone-codes';
import { type HerDatabases, onCore, onShard, type Step } from './her-databases';

/** The same, each statement with its database: her orders' and payments' numbers are in her shard
 * (decision 61); a blood test's or consultation's payment stays in the core. */
export function removeAccountSteps(
  her: Pick<HerDatabases, 'core' | 'shard' | 'apart'>,
  userId: number,
  now = Date.now(),
): Step[] {
  const db = her.core;
  const numbers = onShard(
    her.shard.prepare('UPDATE orders SET whatsapp_to = NULL WHERE user_id = ?').bind(userId),
    her.shard.prepare(`UPDATE payments SET ${PAYMENT_PERSONAL_SET} WHERE user_id = ?`).bind(userId),
  );
  if (her.apart)
    numbers.push(...onCore(db.prepare(`UPDATE payments SET ${PAYMENT_PERSONAL_SET} WHERE user_id = ?`).bind(userId)));
  return [
    ...onCore(...before(db, userId, now)),
    // Numbers kept for WhatsApp updates and STC Pay go with the account.
    ...numbers,
    ...onCore(...after(db, userId, now)),
  ];
}

function before(db: D1Database, userId: number, now: number): D1PreparedStatement[] {
  return [
    // The devices that signed in with her number (read before the number is blanked below).
    forgetAccountDevicesStatement(db, userId),
    db
      .prepare(
        "UPDATE users SET name = '', email = 'deleted-' || id || '@deleted.invalid', phone = NULL, phone_verified_at = NULL, password_hash = '', deleted_at = ? WHERE id = ?",
      )
      .bind(now, userId),
    revokeOtherSessions(db, userId, null),
    db.prepare('DELETE FROM password_resets WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM phone_codes WHERE user_id = ?').bind(userId),
  ];
}

function after(db: D1Database, userId: number, now: number): D1PreparedStatement[] {
  return [
    // Subscriptions name an address: they (and the kept cards) go first.
    ...removeUserSubscriptionStatements(db, userId),
    // A kept blood-test order points at its address (a foreign key): that row stays as a blank husk.
    db
      .prepare(
        'DELETE FROM addresses WHERE user_id = ?1 AND id NOT IN (SELECT address_id FROM blood_test_orders WHERE user_id = ?1)',
      )
      .bind(userId),
    db
      .prepare(
        `UPDATE addresses SET label = '', recipient = '', phone = '', block = NULL, street = NULL, avenue = NULL, building = NULL,
           floor = NULL, apartment = NULL, district = NULL, building_number = NULL, postal_code = NULL, short_address = NULL, makani = NULL,
           is_default = 0, deleted_at = coalesce(deleted_at, ?2) WHERE user_id = ?1`,
      )
      .bind(userId, now),
    db.prepare('DELETE FROM notify_requests WHERE user_id = ?').bind(userId),
    // Her cart kept for its reminders (issue 64), and what was sent about it.
    db
      .prepare('DELETE FROM cart_reminders WHERE cart_id IN (SELECT id FROM saved_carts WHERE user_id = ?)')
      .bind(userId),
    db.prepare('DELETE FROM saved_carts WHERE user_id = ?').bind(userId),
    // What she viewed recently (issue 64).
    db.prepare('DELETE FROM viewed_products WHERE user_id = ?').bind(userId),
    // Wishlists: their items, others' follows of them, the shopper's own follows, the lists.
    db.prepare('DELETE FROM wishlist_items WHERE list_id IN (SELECT id FROM wishlists WHERE user_id = ?)').bind(userId),
    db
      .prepare(
        'DELETE FROM wishlist_follows WHERE user_id = ?1 OR list_id IN (SELECT id FROM wishlists WHERE user_id = ?1)',
      )
      .bind(userId),
    db.prepare('DELETE FROM wishlists WHERE user_id = ?').bind(userId),
    // Quiz answers: health data, gone with the account.
    db.prepare('DELETE FROM quiz_results WHERE user_id = ?').bind(userId),
    // Uploaded blood-test results and their files' rows; the caller deletes the R2 objects,
    // whose keys it reads first (uploads/store.ts: userUploadKeys).
    ...userUploadStatements(db, userId),
    // Web push: the devices' subscriptions, the topic choices and any local pushes.
    ...removeUserPushStatements(db, userId),
  ];
}
