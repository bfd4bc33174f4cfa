// "Bought together" and "customers also bought", learned from real orders (issue 64, decision 73).
// A nightly job reads the last year of orders of every order shard, counts per country which products
// were bought in the same order ('together') and by the same shopper in different orders ('also'), each
// weighted by its age so that last month's habits count more than last winter's, keeps a pair only once
// enough different shoppers bought both (so no row describes one shopper's baskets), and the best few a
// product. The product page and the cart read them; where they are thin the hand-set lists fill in.
//
// Only money that moved counts, and a person counts once (issue 73): a cash order counts once delivered,
// any other once paid, so nobody publishes a pair with orders she never pays for; a shopper is her e-mail
// identity (the once-per-shopper coupon's, lib/email-identity.ts), an account's and a guest's alike, so
// "x+1@", "x+2@" and her account are one person, who adds to a pair's score once however often she orders.
import type { CountryCode } from '#shared/locale';
import { orderShards, type DatabaseEnv } from '../db/databases';
import { emailIdentity } from '../lib/email-identity';

const DAY_MS = 86_400_000;

const CO_PURCHASE_RULES = {
  /** Orders older than this are not read. */
  windowDays: 365,
  /** An order this old counts half as much as one placed today. */
  halfLifeDays: 90,
  /**
   * A pair is kept only once this many different shoppers (people, as shopperKey folds them, with paid
   * orders) bought both: one shopper's basket hides among four others, and making a pair up takes five
   * people's paid or delivered orders.
   */
  minShoppers: 5,
  /** The related products kept a product, country and kind. */
  perProduct: 8,
} as const;
export type CoPurchaseRules = { [K in keyof typeof CO_PURCHASE_RULES]: number };

/** One order's products (distinct), its country, when it was placed, and whose it was. */
export interface Basket {
  country: CountryCode;
  at: number;
  shopper: string;
  products: number[];
}

type CoPurchaseKind = 'together' | 'also';

export interface CoPurchase {
  country: CountryCode;
  kind: CoPurchaseKind;
  product_id: number;
  related_product_id: number;
  score: number;
  shoppers: number;
}

/** An order's weight: 1 today, halving every half-life; nothing outside the window. */
export function ageWeight(at: number, now: number, rules: CoPurchaseRules = CO_PURCHASE_RULES): number {
  const age = Math.max(0, now - at);
  if (age > rules.windowDays * DAY_MS) return 0;
  return 0.5 ** (age / (rules.halfLifeDays * DAY_MS));
}

/** Each shopper's best (newest) weight for the pair: she adds it once, however many orders she made. */
type Tally = Map<string, number>;

/**
 * The pairs worth keeping. 'together': each shopper whose order held both products adds, once, the
 * weight of her newest such order. 'also': each shopper who bought one in an order and the other in a
 * later or earlier order adds, once, the weight of the newer of the two orders. Both directions of a pair are kept (A's list names B and B's names A).
 */
export function learnCoPurchases(
  baskets: Iterable<Basket>,
  now: number,
  rules: CoPurchaseRules = CO_PURCHASE_RULES,
): CoPurchase[] {
  const tallies = new Map<string, Tally>();
  const add = (country: CountryCode, kind: CoPurchaseKind, a: number, b: number, weight: number, shopper: string) => {
    const key = `${country}|${kind}|${a}|${b}`;
    const tally: Tally = tallies.get(key) ?? new Map();
    if ((tally.get(shopper) ?? 0) < weight) tally.set(shopper, weight);
    tallies.set(key, tally);
  };
  // Per country and shopper: her orders in the window, for 'also'.
  const histories = new Map<string, Array<{ products: Set<number>; weight: number }>>();
  for (const basket of baskets) {
    const weight = ageWeight(basket.at, now, rules);
    if (weight === 0) continue;
    const products = [...new Set(basket.products)];
    for (const a of products)
      for (const b of products) if (a !== b) add(basket.country, 'together', a, b, weight, basket.shopper);
    const key = `${basket.country}|${basket.shopper}`;
    const history = histories.get(key) ?? [];
    history.push({ products: new Set(products), weight });
    histories.set(key, history);
  }
  for (const [key, orders] of histories) {
    if (orders.length < 2) continue;
    // The shopper is the rest of the key: an e-mail identity may hold a '|'.
    const bar = key.indexOf('|');
    const country = key.slice(0, bar) as CountryCode;
    const shopper = key.slice(bar + 1);
    // Her best (newest) weight for each pair bought in two different orders.
    const best = new Map<string, number>();
    for (let i = 0; i < orders.length; i++)
      for (let j = 0; j < orders.length; j++) {
        if (i === j) continue;
        const weight = Math.max(orders[i]!.weight, orders[j]!.weight);
        for (const a of orders[i]!.products)
          for (const b of orders[j]!.products) {
            if (a === b) continue;
            const pair = `${a}|${b}`;
            if ((best.get(pair) ?? 0) < weight) best.set(pair, weight);
          }
      }
    for (const [pair, weight] of best) {
      const [a, b] = pair.split('|').map(Number) as [number, number];
      add(country, 'also', a, b, weight, shopper);
    }
  }
  const kept = new Map<string, CoPurchase[]>();
  for (const [key, tally] of tallies) {
    if (tally.size < rules.minShoppers) continue;
    let score = 0;
    for (const weight of tally.values()) score += weight;
    const [country, kind, a, b] = key.split('|') as [CountryCode, CoPurchaseKind, string, string];
    const list = kept.get(`${country}|${kind}|${a}`) ?? [];
    list.push({
      country,
      kind,
      product_id: Number(a),
      related_product_id: Number(b),
      score: Math.round(score * 1e6) / 1e6,
      shoppers: tally.size,
    });
    kept.set(`${country}|${kind}|${a}`, list);
  }
  const rows: CoPurchase[] = [];
  for (const list of kept.values()) {
    list.sort((x, y) => y.score - x.score || y.shoppers - x.shoppers || x.related_product_id - y.related_product_id);
    rows.push(...list.slice(0, rules.perProduct));
  }
  return rows;
}

/**
 * Orders that count: money that moved and stayed. A cash order once delivered (and paid at the door); a
 * card or wallet order once paid; neither once its refunds (not failed) reach its total. A cash order
 * still "placed" or on its way, never paid for, or one sent back for all its money, says nothing of what
 * people buy, and costs its maker nothing.
 */
const COUNTED = `(o.status = 'delivered' OR (o.payment_method <> 'cod' AND o.status IN ('paid', 'processing', 'shipped')))
  AND coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed'), 0) < o.total`;
const PAGE = 2_000;

/** What an order says of whose it was. */
export interface OrderOwner {
  id: number;
  user_id: number | null;
  guest_email: string | null;
}

/**
 * Whose an order was, as one person: her e-mail identity (an account's address, or a guest's), so an
 * account and the guest orders of its address, and every "+tag" or Gmail-dot alias of it, are one
 * shopper; an account whose address is gone (erased) is its id; an order with neither is its own.
 */
export function shopperKey(order: OrderOwner, accountEmails: ReadonlyMap<number, string>): string {
  const email = order.user_id !== null ? accountEmails.get(order.user_id) : order.guest_email;
  if (email?.includes('@')) return `e:${emailIdentity(email)}`;
  return order.user_id !== null ? `u:${order.user_id}` : `o:${order.id}`;
}

interface BasketRow extends OrderOwner {
  country: CountryCode;
  at: number;
  products: string | null;
}

/** One shard's counted orders in the window, a page of orders at a time. */
async function* shardOrders(db: D1Database, since: number): AsyncGenerator<BasketRow> {
  let after = 0;
  for (;;) {
    const { results } = await db
      .prepare(
        `SELECT o.id, o.country, o.created_at AS at, o.user_id, o.guest_email,
           (SELECT group_concat(i.product_id) FROM order_items i WHERE i.order_id = o.id) AS products
         FROM orders o WHERE o.id > ?1 AND o.created_at >= ?2 AND ${COUNTED} ORDER BY o.id LIMIT ?3`,
      )
      .bind(after, since, PAGE)
      .all<BasketRow>();
    for (const r of results) if (r.products) yield r;
    if (results.length < PAGE) return;
    after = results[results.length - 1]!.id;
  }
}

/** Accounts' e-mail addresses (core database; accounts live there, their orders in any shard). */
async function accountEmails(db: D1Database, ids: number[]): Promise<Map<number, string>> {
  const emails = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const { results } = await db
      .prepare('SELECT id, email FROM users WHERE id IN (SELECT value FROM json_each(?)) AND deleted_at IS NULL')
      .bind(JSON.stringify(ids.slice(i, i + 500)))
      .all<{ id: number; email: string }>();
    for (const r of results) emails.set(r.id, r.email);
  }
  return emails;
}

/** Rows a statement: 7 columns each, under D1's 100 bound parameters. */
const ROWS_A_STATEMENT = 14;

/**
 * The nightly refresh: every shard's baskets (a shopper's orders are all in one shard, so her 'also'
 * pairs are whole), learned, written under this run's time, and the previous run's rows dropped.
 */
export async function refreshCoPurchases(
  env: DatabaseEnv,
  now = Date.now(),
  rules: CoPurchaseRules = CO_PURCHASE_RULES,
): Promise<{ baskets: number; pairs: number }> {
  const since = now - rules.windowDays * DAY_MS;
  const orders: BasketRow[] = [];
  for (const shard of await orderShards(env)) for await (const o of shardOrders(shard.db, since)) orders.push(o);
  const emails = await accountEmails(env.DB, [
    ...new Set(orders.flatMap((o) => (o.user_id === null ? [] : [o.user_id]))),
  ]);
  const baskets: Basket[] = orders.map((o) => ({
    country: o.country,
    at: o.at,
    shopper: shopperKey(o, emails),
    products: o.products!.split(',').map(Number),
  }));
  const rows = learnCoPurchases(baskets, now, rules);
  const db = env.DB;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_A_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_A_STATEMENT);
    statements.push(
      db
        .prepare(
          `INSERT OR REPLACE INTO co_purchases (country, kind, product_id, related_product_id, score, shoppers, refreshed_at)
           VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        )
        .bind(
          ...chunk.flatMap((r) => [r.country, r.kind, r.product_id, r.related_product_id, r.score, r.shoppers, now]),
        ),
    );
  }
  for (let i = 0; i < statements.length; i += 50) await db.batch(statements.slice(i, i + 50));
  await db.prepare('DELETE FROM co_purchases WHERE refreshed_at <> ?').bind(now).run();
  return { baskets: baskets.length, pairs: rows.length };
}
