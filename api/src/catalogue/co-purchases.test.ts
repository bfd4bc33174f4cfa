import { describe, expect, it } from 'vitest';
import { ageWeight, learnCoPurchases, shopperKey, type Basket } from './co-purchases';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 0, 0);
const rules = { windowDays: 365, halfLifeDays: 90, minShoppers: 3, perProduct: 8 };

/** n different shoppers each ordering these products together, `daysAgo` days ago. */
function orders(n: number, products: number[], daysAgo = 0, country: Basket['country'] = 'KW', prefix = 's'): Basket[] {
  return Array.from({ length: n }, (_, i) => ({
    country,
    at: NOW - daysAgo * DAY,
    shopper: `${prefix}${i}`,
    products,
  }));
}

const pair = (rows: ReturnType<typeof learnCoPurchases>, kind: string, a: number, b: number, country = 'KW') =>
  rows.find((r) => r.kind === kind && r.country === country && r.product_id === a && r.related_product_id === b);

describe('learning what is bought together', () => {
  it('counts the orders holding both products, both ways, once they reach the minimum of shoppers', () => {
    const rows = learnCoPurchases([...orders(3, [1, 2]), ...orders(2, [1, 3])], NOW, rules);
    expect(pair(rows, 'together', 1, 2)).toMatchObject({ score: 3, shoppers: 3 });
    expect(pair(rows, 'together', 2, 1)).toMatchObject({ score: 3, shoppers: 3 });
    // Two shoppers are below the support threshold: no row names the pair.
    expect(pair(rows, 'together', 1, 3)).toBeUndefined();
    expect(pair(rows, 'together', 3, 1)).toBeUndefined();
  });

  it('does not let one shopper reach the minimum by ordering the same pair again and again', () => {
    const same = Array.from(
      { length: 10 },
      (): Basket => ({ country: 'KW', at: NOW, shopper: 'only', products: [1, 2] }),
    );
    expect(learnCoPurchases(same, NOW, rules)).toEqual([]);
  });

  it('weighs an order by its age: half at 90 days, nothing past the year', () => {
    expect(ageWeight(NOW, NOW, rules)).toBe(1);
    expect(ageWeight(NOW - 90 * DAY, NOW, rules)).toBeCloseTo(0.5, 10);
    expect(ageWeight(NOW - 180 * DAY, NOW, rules)).toBeCloseTo(0.25, 10);
    expect(ageWeight(NOW - 366 * DAY, NOW, rules)).toBe(0);
    const rows = learnCoPurchases([...orders(3, [1, 2], 90), ...orders(3, [1, 4], 0, 'KW', 't')], NOW, rules);
    expect(pair(rows, 'together', 1, 2)!.score).toBeCloseTo(1.5, 5);
    // The newer habit ranks first in product 1's list.
    expect(rows.filter((r) => r.kind === 'together' && r.product_id === 1).map((r) => r.related_product_id)).toEqual([
      4, 2,
    ]);
    // Orders older than the window count for nothing, not even for support.
    expect(pair(learnCoPurchases(orders(5, [1, 2], 400), NOW, rules), 'together', 1, 2)).toBeUndefined();
  });

  it('keeps each country apart', () => {
    const rows = learnCoPurchases([...orders(3, [1, 2], 0, 'KW'), ...orders(2, [1, 2], 0, 'SA')], NOW, rules);
    expect(pair(rows, 'together', 1, 2, 'KW')).toBeDefined();
    // Two Saudi shoppers do not borrow Kuwait's to reach the threshold.
    expect(pair(rows, 'together', 1, 2, 'SA')).toBeUndefined();
  });

  it('learns "customers also bought" from a shopper\'s different orders, once a shopper, at the newer weight', () => {
    const history: Basket[] = ['a', 'b', 'c'].flatMap((shopper) => [
      { country: 'SA' as const, at: NOW - 90 * DAY, shopper, products: [1] },
      { country: 'SA' as const, at: NOW - 180 * DAY, shopper, products: [1] },
      { country: 'SA' as const, at: NOW, shopper, products: [5] },
    ]);
    const rows = learnCoPurchases(history, NOW, rules);
    expect(pair(rows, 'also', 1, 5, 'SA')).toMatchObject({ score: 3, shoppers: 3 });
    expect(pair(rows, 'also', 5, 1, 'SA')).toMatchObject({ score: 3, shoppers: 3 });
    // Never in the same order: nothing "together".
    expect(rows.some((r) => r.kind === 'together')).toBe(false);
  });

  it('keeps the best few a product, by score, then shoppers, then id', () => {
    const baskets = Array.from({ length: 12 }, (_, k) => orders(3 + k, [100, 200 + k], 0, 'KW', `p${k}-`)).flat();
    const rows = learnCoPurchases(baskets, NOW, { ...rules, perProduct: 4 });
    expect(rows.filter((r) => r.product_id === 100 && r.kind === 'together').map((r) => r.related_product_id)).toEqual([
      211, 210, 209, 208,
    ]);
  });

  it('adds a shopper to a pair once, however many orders of it she makes (issue 73)', () => {
    const again = Array.from(
      { length: 10 },
      (): Basket => ({ country: 'KW', at: NOW, shopper: 's0', products: [1, 2] }),
    );
    const rows = learnCoPurchases([...orders(3, [1, 2]), ...again, ...orders(3, [1, 4], 0, 'KW', 't')], NOW, rules);
    // Ten orders of one shopper rank the pair no higher than three people's one each.
    expect(pair(rows, 'together', 1, 2)).toMatchObject({ score: 3, shoppers: 3 });
    expect(pair(rows, 'together', 1, 4)).toMatchObject({ score: 3, shoppers: 3 });
  });

  it('needs five shoppers by default: a basket hides among four others', () => {
    expect(learnCoPurchases(orders(4, [1, 2]), NOW)).toEqual([]);
    expect(pair(learnCoPurchases(orders(5, [1, 2]), NOW), 'together', 1, 2)).toMatchObject({ shoppers: 5 });
  });
});

describe('whose an order was', () => {
  const emails = new Map([
    [7, 'X.Y@gmail.com'],
    [8, 'other@example.com'],
  ]);
  it("is one person for an address's aliases, an account's and a guest's alike (issue 73)", () => {
    const keys = [
      shopperKey({ id: 1, user_id: null, guest_email: 'x+1@gmail.com' }, emails),
      shopperKey({ id: 2, user_id: null, guest_email: ' X+2@Gmail.com ' }, emails),
      shopperKey({ id: 3, user_id: null, guest_email: 'x.+3@googlemail.com' }, emails),
    ];
    expect(new Set(keys)).toEqual(new Set(['e:x@gmail.com']));
    // Her account and her guest orders are one shopper too.
    expect(shopperKey({ id: 4, user_id: 7, guest_email: null }, emails)).toBe(
      shopperKey({ id: 5, user_id: null, guest_email: 'xy+shop@googlemail.com' }, emails),
    );
    // Different people stay different.
    expect(shopperKey({ id: 6, user_id: 8, guest_email: null }, emails)).not.toBe(keys[0]);
  });

  it('is the account when its address is gone, and the order itself when nothing names anyone', () => {
    expect(shopperKey({ id: 9, user_id: 99, guest_email: null }, emails)).toBe('u:99');
    expect(shopperKey({ id: 10, user_id: null, guest_email: null }, emails)).toBe('o:10');
  });
});
