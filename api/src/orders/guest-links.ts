// Guest orders without an account: an unguessable link to one order (success page, confirmation
// mail, order lookup), and moving a guest's orders into an account once that account has proven
// it owns the e-mail address (a password reset through the mailed link).
import { localizePath } from '#shared/locale';
import { randomToken, tokenHash } from '../accounts/tokens';
import type { EmailVerificationRow, OrderRow } from '../db/rows';
import {
  core,
  type DatabaseEnv,
  guestOwner,
  orderRouteStatement,
  routeFrom,
  routeStatement,
  shardDatabase,
  userOwner,
} from '../db/databases';

/** A new link token for an order; only its hash is stored. */
export async function mintOrderLink(db: D1Database, orderId: number): Promise<string> {
  const token = randomToken();
  await db
    .prepare('INSERT INTO order_links (token_hash, order_id, created_at) VALUES (?, ?, ?)')
    .bind(await tokenHash(token), orderId, Date.now())
    .run();
  return token;
}

export function orderLinkPath(lang: 'en' | 'ar', token: string): string {
  return localizePath(`/order-lookup?key=${token}`, lang);
}

const LINKED_SQL =
  'SELECT l.order_id AS id, o.user_id IS NULL AS guest FROM order_links l JOIN orders o ON o.id = l.order_id WHERE l.token_hash = ?';

/**
 * The order a link opens, whether it is a guest's (no account to sign in to instead), and the database
 * holding it. A link's hash lives beside its order, in its shopper's order shard (decision 61): the core
 * (shard 0) is asked first, as before the split, and only a link it does not know is looked for in the
 * other shards (an unknown link, or a guest's in another shard: one round trip more).
 */
export async function linkedOrder(
  env: DatabaseEnv,
  token: string,
): Promise<{ id: number; guest: boolean; db: D1Database } | null> {
  const hash = await tokenHash(token);
  const db = core(env);
  const [found, shards] = await db.batch([
    db.prepare(LINKED_SQL).bind(hash),
    db.prepare("SELECT binding FROM order_shards WHERE state <> 'retired' AND binding <> 'DB' ORDER BY id"),
  ]);
  const here = found!.results[0] as { id: number; guest: number } | undefined;
  if (here) return { id: here.id, guest: here.guest === 1, db };
  const elsewhere = await Promise.all(
    (shards!.results as Array<{ binding: string }>).map(async ({ binding }) => {
      const shard = shardDatabase(env, binding);
      const row = await shard.prepare(LINKED_SQL).bind(hash).first<{ id: number; guest: number }>();
      return row ? { id: row.id, guest: row.guest === 1, db: shard } : null;
    }),
  );
  return elsewhere.find((l) => l !== null) ?? null;
}

/** Whether a link's token opens this order and the order is a guest's, for a batch of the order's database. */
export function guestLinkStatement(db: D1Database, hash: string, orderId: number): D1PreparedStatement {
  return db
    .prepare(
      'SELECT 1 AS ok FROM order_links l JOIN orders o ON o.id = l.order_id WHERE l.token_hash = ? AND l.order_id = ? AND o.user_id IS NULL',
    )
    .bind(hash, orderId);
}

/**
 * The order with this number whose shopper's e-mail is this one (any case), with the database holding
 * it and whether an account holds it, or null. The order's route rides in the statement's batch of the
 * core (decision 62): an order in another shard is read there (one trip more) and an account's e-mail
 * from the core (one more).
 */
export async function orderIdByEmail(
  env: DatabaseEnv,
  orderId: number,
  email: string,
): Promise<{ id: number; db: D1Database; account: boolean } | null> {
  const db = core(env);
  const [routeRes, found] = await db.batch([
    orderRouteStatement(env, orderId),
    db
      .prepare(
        'SELECT o.id, o.user_id FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ? AND lower(coalesce(u.email, o.guest_email)) = lower(?)',
      )
      .bind(orderId, email.trim()),
  ]);
  const route = routeFrom(env, routeRes!.results[0] as Parameters<typeof routeFrom>[1]);
  if (route.binding === 'DB') {
    const row = found!.results[0] as Pick<OrderRow, 'id' | 'user_id'> | undefined;
    return row ? { id: row.id, db, account: row.user_id !== null } : null;
  }
  const row = await route.db
    .prepare('SELECT id, user_id, guest_email FROM orders WHERE id = ?')
    .bind(orderId)
    .first<Pick<OrderRow, 'id' | 'user_id' | 'guest_email'>>();
  if (!row) return null;
  const owned =
    row.user_id === null
      ? row.guest_email
      : await db.prepare('SELECT email FROM users WHERE id = ?').bind(row.user_id).first<string>('email');
  return owned != null && owned.toLowerCase() === email.trim().toLowerCase()
    ? { id: row.id, db: route.db, account: row.user_id !== null }
    : null;
}

/** Whether any guest order with this address (any case) is still unclaimed in `db`: one row or none. */
export function guestOrdersStatement(db: D1Database, email: string): D1PreparedStatement {
  return db
    .prepare('SELECT 1 AS found FROM orders WHERE user_id IS NULL AND lower(guest_email) = lower(?) LIMIT 1')
    .bind(email);
}

/**
 * Gives a proven address's guest orders to its account (the e-mail compared without case), with the
 * core's order index naming the account as their owner (decision 62). Orders change owner within one
 * database only (decision 61): both in shard 0, in one batch of the core as before (the guest's and the
 * account's routes ride in it); both in the same other shard, there. A guest whose orders are in another
 * shard than the account, or whose move holds her writes, keeps them as a guest's for now (her links
 * still open them): the claim is kept (guest_claims) and the minute cron joins them (guest-claims.ts).
 * Answers the orders joined now. `proven` is SQL the core checks before giving them (binds: user id,
 * e-mail): the account still has the address.
 */
export async function claimGuestOrders(
  env: DatabaseEnv,
  userId: number,
  email: string,
  proven = 'TRUE',
): Promise<number> {
  const db = core(env);
  const address = email.trim();
  const guest = await guestOwner(address);
  const user = userOwner(userId);
  // Either in another shard, or held by a move's final copy (a claim then would be lost with the source).
  const elsewhere = `(EXISTS (SELECT 1 FROM shopper_shards r JOIN order_shards s ON s.id = r.shard_id
      WHERE r.owner_key IN ('user:' || CAST(?1 AS INTEGER), ?3) AND s.binding <> 'DB')
    OR EXISTS (SELECT 1 FROM shopper_moves m WHERE m.owner_key IN ('user:' || CAST(?1 AS INTEGER), ?3) AND m.state = 'locked'))`;
  const [guestRoute, userRoute, claimed] = await db.batch([
    routeStatement(env, guest),
    routeStatement(env, user),
    db
      .prepare(
        `UPDATE orders SET user_id = ?1 WHERE user_id IS NULL AND lower(guest_email) = lower(?2)
           AND ${proven} AND NOT ${elsewhere}`,
      )
      .bind(userId, address, guest),
    db
      .prepare(
        `UPDATE order_owners SET owner_key = 'user:' || CAST(?1 AS INTEGER) WHERE order_id IN
           (SELECT id FROM orders WHERE user_id = ?1 AND lower(guest_email) = lower(?2)) AND owner_key IS NOT 'user:' || CAST(?1 AS INTEGER)`,
      )
      .bind(userId, address),
  ]);
  const from = routeFrom(env, guestRoute!.results[0] as Parameters<typeof routeFrom>[1]);
  const to = routeFrom(env, userRoute!.results[0] as Parameters<typeof routeFrom>[1]);
  if (from.binding === 'DB' && to.binding === 'DB') return claimed!.meta.changes ?? 0;
  if (from.binding !== to.binding || from.moving || to.moving) {
    // Proven now, joined later: the minute cron brings both into one shard and claims them there
    // (guest-claims.ts). Kept only when the guest has orders to give.
    const waiting = await guestOrdersStatement(from.db, address).first();
    if (waiting)
      await db
        .prepare(
          `INSERT INTO guest_claims (user_id, email, created_at) SELECT ?1, ?2, ?3 WHERE ${proven} ON CONFLICT DO NOTHING`,
        )
        .bind(userId, address, Date.now())
        .run();
    return 0;
  }
  if (proven !== 'TRUE') {
    const still = await db.prepare(`SELECT 1 AS ok WHERE ${proven}`).bind(userId, address).first();
    if (!still) return 0;
  }
  const { results } = await from.db
    .prepare('UPDATE orders SET user_id = ? WHERE user_id IS NULL AND lower(guest_email) = lower(?) RETURNING id')
    .bind(userId, address)
    .all<{ id: number }>();
  // Until the index names her, the guest's route finds them: the same shard.
  if (results.length)
    await db
      .prepare('UPDATE order_owners SET owner_key = ? WHERE order_id IN (SELECT value FROM json_each(?))')
      .bind(user, JSON.stringify(results.map((r) => r.id)))
      .run();
  return results.length;
}

/** SQL for claimGuestOrders' `proven`: the account is not erased and still has the address. */
export const STILL_HERS =
  'EXISTS (SELECT 1 FROM users WHERE id = ?1 AND deleted_at IS NULL AND lower(email) = lower(?2))';

/** A verification link lasts a day. */
export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * At sign-up: when guest orders were placed with the new account's address, a link to prove the
 * address is mailed to it (only the owner of the mailbox can open it). Null when there are none.
 * Returns the token and the statement that stores it (not yet run).
 */
export async function verificationFor(
  env: DatabaseEnv,
  userId: number,
  email: string,
  /** Make the link whether or not guest orders use the address (an address an account adds). */
  always = false,
): Promise<{ token: string; hash: string; statement: D1PreparedStatement } | null> {
  const db = core(env);
  if (!always) {
    // The guest's orders are in her order shard: her route rides in the core's read (decision 61).
    const found = (on: D1Database) => guestOrdersStatement(on, email.trim());
    const [route, here] = await db.batch([routeStatement(env, await guestOwner(email.trim())), found(db)]);
    const where = routeFrom(env, route!.results[0] as Parameters<typeof routeFrom>[1]);
    const guest = where.binding === 'DB' ? here!.results[0] : await found(where.db).first();
    if (!guest) return null;
  }
  const token = randomToken();
  const hash = await tokenHash(token);
  const now = Date.now();
  // The caller stores it in the same batch as the mail that carries it.
  const statement = db
    .prepare(
      'INSERT INTO email_verifications (token_hash, user_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    )
    .bind(hash, userId, email.trim(), now, now + VERIFY_TTL_MS);
  return { token, hash, statement };
}

/**
 * Opens a verification link once: the address is proven (users.email_proven_at), its guest orders join the account. An
 * account made with a phone that asked to add this address gets it now, unless another account took
 * it meanwhile (decision 43).
 */
export async function claimByVerification(env: DatabaseEnv, token: string): Promise<number | null> {
  const db = core(env);
  const now = Date.now();
  const row = await db
    .prepare(
      'UPDATE email_verifications SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id, email',
    )
    .bind(now, await tokenHash(token), now)
    .first<Pick<EmailVerificationRow, 'user_id' | 'email'>>();
  if (!row) return null;
  // The link proved the inbox (decision 85): the account's address is proven when it is this one, the
  // one added now or the one she signed up with (an address changed since proves nothing of the new one).
  await db.batch([
    db
      .prepare(
        `UPDATE users SET email = ?2 WHERE id = ?1 AND email = '' AND deleted_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM users WHERE email = ?2 AND email <> '' AND deleted_at IS NULL)`,
      )
      .bind(row.user_id, row.email),
    db
      .prepare(
        'UPDATE users SET email_proven_at = ?3 WHERE id = ?1 AND email = ?2 AND deleted_at IS NULL AND email_proven_at IS NULL',
      )
      .bind(row.user_id, row.email, now),
  ]);
  // Only while the account still has that address (it may have been removed since).
  return claimGuestOrders(env, row.user_id, row.email, STILL_HERS);
}

/**
 * At sign-up (decision 85): the link that proves the new account's address. With guest orders under the
 * address, always (they join the account when it is opened; `guestOrders` picks that mail's text); with
 * none, only while the address is unproven. Null: no link to send.
 */
export async function signUpVerification(
  env: DatabaseEnv,
  userId: number,
  email: string,
  unproven: boolean,
): Promise<{ token: string; hash: string; statement: D1PreparedStatement; guestOrders: boolean } | null> {
  const forOrders = await verificationFor(env, userId, email);
  if (forOrders) return { ...forOrders, guestOrders: true };
  if (!unproven) return null;
  return { ...(await verificationFor(env, userId, email, true))!, guestOrders: false };
}
