// The devices a shopper signed in, signed up or ordered from (account_devices, migration 0060): a
// friend's checkout on one of them is a self-referral (api/src/orders/loyalty-checkout.ts). One
// statement for the caller's own batch or run, so it costs no round trip of its own.

/** She was seen on this device now; null without a device (nothing to write). */
export function deviceSeenStatement(
  db: D1Database,
  userId: number,
  deviceId: string | null,
  now = Date.now(),
): D1PreparedStatement | null {
  if (!deviceId) return null;
  return db
    .prepare(
      `INSERT INTO account_devices (user_id, device_id, last_seen_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (user_id, device_id) DO UPDATE SET last_seen_at = ?3`,
    )
    .bind(userId, deviceId, now);
}
