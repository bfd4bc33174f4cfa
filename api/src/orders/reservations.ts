// Placing an order across two databases (decision 62). A shopper in shard 0 is placed in one batch as
// always. A shopper in another shard: (1) the core reserves, in one batch, the order's number (the
// order_owners primary key keeps it unique across shards), its stock, coupon and promotion uses, marked
// 'held' with what it took; (2) her shard writes the order, its lines, payment, wallet and points in one
// batch; (3) the core confirms the reservation ('placed') and queues the confirmation mail. When (2)
// fails the reservation is given back at once; when the request dies between the steps, the minute
// cron's sweep finds the held row: confirmed if her shard has the order, given back if not.
import { onBackInStock } from '../catalogue/back-in-stock';
import { type DatabaseEnv, type OwnerKey, shardFor } from '../db/databases';
import type { OrderOwnerRow } from '../db/rows';
import { randomToken, tokenHash } from '../accounts/tokens';
import { confirmationStatements, orderLinkStatement, receivedKey } from './confirmation-mail';
import { proofLinkFor } from './email-proof';
import { stockFlags } from './stock-holds';
import { orderView } from './view';

/** What the core gave a held order, to give back if the order never reaches her shard. */
export interface Holds {
  lines: Array<{ sku_id: number; product_id: number; count: number }>;
  coupon_id: number | null;
  promotions: Array<{
    promotion_id: number;
    gift_sku_id: number | null;
    gift_product_id: number | null;
    gift_count: number;
  }>;
}

/** Held orders older than this are swept: a submit's three steps take well under a second. */
const HELD_SWEEP_AFTER_MS = 2 * 60_000;
/** How many held orders one sweep settles (the minute cron's bounded batch). */
const HELD_SWEEP_BATCH = 50;

/** The order's row in the core's index, for an order placed in shard 0 (in the order's own batch). */
export function indexStatement(db: D1Database, orderId: number, owner: OwnerKey, now: number): D1PreparedStatement {
  return db
    .prepare("INSERT INTO order_owners (order_id, owner_key, state, created_at) VALUES (?, ?, 'placed', ?)")
    .bind(orderId, owner, now);
}

/** Step 1's row: the number taken and what is held (its primary key aborts the batch on a taken number). */
export function reserveStatement(
  db: D1Database,
  orderId: number,
  owner: OwnerKey,
  holds: Holds,
  now: number,
): D1PreparedStatement {
  return db
    .prepare("INSERT INTO order_owners (order_id, owner_key, state, holds, created_at) VALUES (?, ?, 'held', ?, ?)")
    .bind(orderId, owner, JSON.stringify(holds), now);
}

/** Step 3: the order is in her shard; nothing is given back any more. */
export function confirmStatement(db: D1Database, orderId: number): D1PreparedStatement {
  return db
    .prepare("UPDATE order_owners SET state = 'placed', holds = NULL WHERE order_id = ? AND state = 'held'")
    .bind(orderId);
}

/**
 * Gives back what a held order took, once: every statement acts only while the row is still held and
 * the last deletes it, so a release run twice (the submit and a sweep at once) gives back once.
 */
export function releaseStatements(db: D1Database, orderId: number, holds: Holds, now: number): D1PreparedStatement[] {
  const held = 'EXISTS (SELECT 1 FROM order_owners WHERE order_id = ?1 AND state = ?2)';
  const skus = new Map<number, number>();
  for (const l of holds.lines) skus.set(l.sku_id, (skus.get(l.sku_id) ?? 0) + l.count);
  for (const p of holds.promotions)
    if (p.gift_sku_id !== null && p.gift_count > 0)
      skus.set(p.gift_sku_id, (skus.get(p.gift_sku_id) ?? 0) + p.gift_count);
  const products = [
    ...holds.lines.map((l) => l.product_id),
    ...holds.promotions.flatMap((p) => (p.gift_product_id !== null && p.gift_count > 0 ? [p.gift_product_id] : [])),
  ];
  const statements: D1PreparedStatement[] = [
    // Before the stock changes: the back-in-stock event for SKUs still sold out (as a cancel writes it).
    ...onBackInStock({ DB: db }, [...skus.keys()], now, { whileSoldOut: true }),
    ...[...skus].map(([sku, count]) =>
      db.prepare(`UPDATE skus SET stock = stock + ?3 WHERE id = ?4 AND ${held}`).bind(orderId, 'held', count, sku),
    ),
  ];
  if (products.length) statements.push(stockFlags(db, products));
  if (holds.coupon_id !== null)
    statements.push(
      db.prepare(`UPDATE coupons SET used = used - 1 WHERE id = ?3 AND ${held}`).bind(orderId, 'held', holds.coupon_id),
      db.prepare(`DELETE FROM coupon_redemptions WHERE order_id = ?1 AND ${held}`).bind(orderId, 'held'),
    );
  for (const p of holds.promotions)
    statements.push(
      db
        .prepare(`UPDATE promotions SET used = used - 1 WHERE id = ?3 AND ${held}`)
        .bind(orderId, 'held', p.promotion_id),
    );
  statements.push(
    // A friend's referral and the subscriptions the order would have started end with it.
    db.prepare(`DELETE FROM referrals WHERE order_id = ?1 AND status = 'pending' AND ${held}`).bind(orderId, 'held'),
    db
      .prepare(`UPDATE subscriptions SET status = 'ended' WHERE first_order_id = ?1 AND status = 'pending' AND ${held}`)
      .bind(orderId, 'held'),
    db.prepare("DELETE FROM order_owners WHERE order_id = ? AND state = 'held'").bind(orderId),
  );
  return statements;
}

/**
 * The minute cron's sweep: held orders older than HELD_SWEEP_AFTER_MS are confirmed when her shard has
 * the order (the request died after step 2: a cash or wallet order's confirmation mail goes now, a
 * guest's with a new order link) and given back when it has not (it died before).
 */
export async function sweepHeldOrders(
  env: DatabaseEnv,
  siteOrigin: string,
  now = Date.now(),
): Promise<{ confirmed: number; released: number }> {
  const { results } = await env.DB.prepare(
    "SELECT order_id, owner_key, holds FROM order_owners WHERE state = 'held' AND created_at < ? ORDER BY created_at LIMIT ?",
  )
    .bind(now - HELD_SWEEP_AFTER_MS, HELD_SWEEP_BATCH)
    .all<Pick<OrderOwnerRow, 'order_id' | 'owner_key' | 'holds'>>();
  let confirmed = 0;
  let released = 0;
  for (const row of results) {
    const shard = await shardFor(env, row.owner_key as OwnerKey);
    const placed = await shard.db
      .prepare('SELECT lang, user_id, payment_method FROM orders WHERE id = ?')
      .bind(row.order_id)
      .first<{ lang: 'en' | 'ar'; user_id: number | null; payment_method: string }>();
    if (!placed) {
      await env.DB.batch(releaseStatements(env.DB, row.order_id, JSON.parse(row.holds!) as Holds, now));
      released++;
      continue;
    }
    const mail: D1PreparedStatement[] = [];
    // A card order is confirmed by its payment (payments/outcome.ts), as in shard 0.
    const order =
      placed.payment_method === 'card'
        ? null
        : await orderView(shard.db, row.order_id, placed.lang, undefined, undefined, env.DB);
    if (order) {
      const token = placed.user_id === null ? randomToken() : null;
      if (token) await orderLinkStatement(shard.db, { hash: await tokenHash(token) }, row.order_id, now).run();
      // An address nobody proved gets "order received" instead (decision 85); a guest's without the link
      // that proves it (the cron has no request's secret), an account's with its verification link.
      const proof = order.email
        ? await proofLinkFor(env.DB, placed.user_id === null ? { guest: true } : { userId: placed.user_id }, {
            email: order.email,
            lang: placed.lang,
            siteOrigin,
            mailKey: receivedKey(order.email, row.order_id),
            now,
          })
        : undefined;
      mail.push(
        ...confirmationStatements(env.DB, {
          order,
          lang: placed.lang,
          siteOrigin,
          kind: 'order_confirmation',
          link: token,
          now,
          proof,
        }),
      );
    }
    await env.DB.batch([confirmStatement(env.DB, row.order_id), ...mail]);
    confirmed++;
  }
  return { confirmed, released };
}
