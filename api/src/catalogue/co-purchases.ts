// "Bought together" and "customers also bought", learned from real orders (issue 64, decision 73).
// A nightly job reads the last year of orders of every order shard, counts per country which products
// were bought in the same order ('together') and by the same shopper in different orders ('also'), each
// weighted by its age so that last month's habits count more than last winter's, keeps a pair only once
// enough different shoppers bought both (so no row describes one shopper's baskets), and the best few a
// product. The product page and the cart read them; where they are thin the hand-set lists fill in.
import type { CountryCode } from '#shared/locale';
import { orderShards, type DatabaseEnv } from '../db/databases';

const DAY_MS = 86_400_000;

const CO_PURCHASE_RULES = {
  /** Orders older than this are not read. */
  windowDays: 365,
  /** An order this old counts half as much as one placed today. */
  halfLifeDays: 90,
  /** A pair is kept only once this many different shoppers bought both. */
  minShoppers: 3,
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

interface Tally {
  score: number;
  shoppers: Set<string>;
}

/**
 * The pairs worth keeping. 'together': each order holding both products adds its weight. 'also': each
 * shopper who bought one in an order and the other in a later or earlier order adds, once, the weight of
 * the newer of the two orders. Both directions of a pair are kept (A's list names B and B's names A).
 */
export function learnCoPurchases(
  baskets: Iterable<Basket>,
  now: number,
  rules: CoPurchaseRules = CO_PURCHASE_RULES,
): CoPurchase[] {
  const tallies = new Map<string, Tally>();
  const add = (country: CountryCode, kind: CoPurchaseKind, a: number, b: number, weight: number, shopper: string) => {
    const key = `${country}|${kind}|${a}|${b}`;
    const tally = tallies.get(key) ?? { score: 0, shoppers: new Set<string>() };
    tally.score += weight;
    tally.shoppers.add(shopper);
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
    const [country, shopper] = key.split('|') as [CountryCode, string];
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
    if (tally.shoppers.size < rules.minShoppers) continue;
    const [country, kind, a, b] = key.split('|') as [CountryCode, CoPurchaseKind, string, string];
    const list = kept.get(`${country}|${kind}|${a}`) ?? [];
    list.push({
      country,
      kind,
      product_id: Number(a),
      related_product_id: Number(b),
      score: Math.round(tally.score * 1e6) / 1e6,
      shoppers: tally.shoppers.size,
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

/** Orders that count: placed and not given up (a failed or cancelled payment bought nothing). */
const COUNTED = "o.status NOT IN ('cancelled', 'payment_failed', 'pending_payment')";
const PAGE = 2_000;

/** One shard's baskets in the window, a page of orders at a time. */
async function* shardBaskets(db: D1Database, since: number): AsyncGenerator<Basket> {
  let after = 0;
  for (;;) {
    const { results } = await db
      .prepare(
        // A guest's orders are one shopper by her e-mail; an order with neither (erased) is its own.
        `SELECT o.id, o.country, o.created_at AS at,
           coalesce('u' || o.user_id, 'e' || lower(trim(o.guest_email)), 'o' || o.id) AS shopper,
           (SELECT group_concat(i.product_id) FROM order_items i WHERE i.order_id = o.id) AS products
         FROM orders o WHERE o.id > ?1 AND o.created_at >= ?2 AND ${COUNTED} ORDER BY o.id LIMIT ?3`,
      )
      .bind(after, since, PAGE)
      .all<{ id: number; country: CountryCode; at: number; shopper: string; products: string | null }>();
    for (const r of results)
      if (r.products)
        yield { country: r.country, at: r.at, shopper: r.shopper, products: r.products.split(',').map(Number) };
    if (results.length < PAGE) return;
    after = results[results.length - 1]!.id;
  }
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
  const baskets: Basket[] = [];
  for (const shard of await orderShards(env)) for await (const b of shardBaskets(shard.db, since)) baskets.push(b);
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
