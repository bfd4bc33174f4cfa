import { describe, expect, it } from 'vitest';
import { evaluatePromotions, type EvaluateInput, type PromotionRule } from './promotions';

const NOW = Date.UTC(2026, 10, 1);
const gift = (sku_id: number, stock: number) => ({
  sku_id,
  product_id: sku_id * 10,
  slug: `p${sku_id}`,
  name: `Gift ${sku_id}`,
  sku_name: '30 caps',
  image: null,
  in_stock: stock > 0,
  stock,
});
const rule = (over: Partial<PromotionRule>): PromotionRule => ({
  id: 1,
  kind: 'gift_threshold',
  name: 'Free gift',
  country: null,
  starts_at: null,
  ends_at: null,
  is_active: 1,
  min_subtotal_minor: 20_000,
  buy_count: 1,
  free_count: 0,
  max_per_order: 1,
  max_uses: null,
  used: 0,
  priority: 0,
  targets: { product_ids: [], sku_ids: [] },
  gifts: [gift(9, 5)],
  ...over,
});
const run = (over: Partial<EvaluateInput>) =>
  evaluatePromotions({
    rules: [],
    lines: [],
    subtotal: 0,
    country: 'KW',
    now: NOW,
    choices: new Map(),
    ...over,
  });

describe('gift threshold', () => {
  it('gives the gift from the threshold on, and says by how much the cart is short below it', () => {
    const [above] = run({ rules: [rule({})], subtotal: 20_000 });
    expect(above).toMatchObject({
      applied: true,
      gift: { sku_id: 9, count: 1 },
      threshold: 20_000,
      remaining: 0,
      reason: { key: 'promo_threshold_applied', params: { amount: 20_000 } },
    });
    const [below] = run({ rules: [rule({})], subtotal: 17_500 });
    expect(below).toMatchObject({
      applied: false,
      gift: null,
      remaining: 2_500,
      reason: { key: 'promo_threshold_short', params: { amount: 2_500 } },
    });
  });

  it('compares the country’s own threshold in its currency: SAR 250.00, not KWD 20 converted (issue 44)', () => {
    const saudi = rule({ min_subtotal_minor: 25_000 });
    const [short] = run({ rules: [saudi], subtotal: 24_999, country: 'SA' });
    expect(short).toMatchObject({ applied: false, threshold: 25_000, remaining: 1 });
    expect(short!.reason).toEqual({ key: 'promo_threshold_short', params: { amount: 1 } });
    const [reached] = run({ rules: [saudi], subtotal: 25_000, country: 'SA' });
    expect(reached).toMatchObject({ applied: true, threshold: 25_000, remaining: 0 });
  });

  it('does not run in a country that has no amount of its own', () => {
    const [r] = run({ rules: [rule({ min_subtotal_minor: null })], subtotal: 99_000, country: 'SA' });
    expect(r).toMatchObject({ applied: false, reason: { key: 'promo_not_active' } });
  });

  it('gives the chosen gift, else the first in stock; an out-of-stock gift is not given, explained', () => {
    const two = rule({ gifts: [gift(9, 0), gift(8, 3), gift(7, 3)] });
    expect(run({ rules: [two], subtotal: 30_000 })[0]!.gift).toEqual({ sku_id: 8, count: 1 });
    expect(run({ rules: [two], subtotal: 30_000, choices: new Map([[1, 7]]) })[0]!.gift).toEqual({
      sku_id: 7,
      count: 1,
    });
    // A choice that is sold out or not offered falls back to the first in stock.
    expect(run({ rules: [two], subtotal: 30_000, choices: new Map([[1, 9]]) })[0]!.gift!.sku_id).toBe(8);
    expect(run({ rules: [two], subtotal: 30_000, choices: new Map([[1, 555]]) })[0]!.gift!.sku_id).toBe(8);
    const none = run({ rules: [rule({ gifts: [gift(9, 0)] })], subtotal: 30_000 })[0]!;
    expect(none).toMatchObject({ applied: false, gift: null, reason: { key: 'promo_gift_out_of_stock' } });
    expect(none.options[0]!.in_stock).toBe(false);
  });

  it('counts the paid lines of the gift SKU before the gift takes stock', () => {
    const [r] = run({
      rules: [rule({ gifts: [gift(9, 2)] })],
      subtotal: 30_000,
      lines: [{ sku_id: 9, product_id: 90, count: 2, unit_price: 15_000, stock: 2 }],
    });
    expect(r).toMatchObject({ applied: false, reason: { key: 'promo_gift_out_of_stock' } });
  });

  it('honours dates, country, the active flag and the total limit', () => {
    const at = (over: Partial<PromotionRule>) => run({ rules: [rule(over)], subtotal: 30_000 })[0]!;
    expect(at({ starts_at: NOW + 1 }).reason.key).toBe('promo_not_active');
    expect(at({ ends_at: NOW - 1 }).reason.key).toBe('promo_not_active');
    expect(at({ starts_at: NOW - 1, ends_at: NOW + 1 }).applied).toBe(true);
    expect(at({ country: 'SA' }).reason.key).toBe('promo_not_active');
    expect(at({ country: 'KW' }).applied).toBe(true);
    expect(at({ is_active: 0 }).reason.key).toBe('promo_not_active');
    expect(at({ max_uses: 3, used: 3 })).toMatchObject({ applied: false, reason: { key: 'promo_used_up' } });
    expect(at({ max_uses: 3, used: 2 }).applied).toBe(true);
  });

  it('runs by priority then id: the first promotion takes the last unit of a shared gift', () => {
    const a = rule({ id: 1, priority: 0, gifts: [gift(9, 1)] });
    const b = rule({ id: 2, priority: 5, gifts: [gift(9, 1)] });
    const c = rule({ id: 3, priority: 0, gifts: [gift(9, 1)] });
    const results = run({ rules: [c, a, b], subtotal: 30_000 });
    expect(results.map((r) => [r.promotion_id, r.applied])).toEqual([
      [2, true],
      [1, false],
      [3, false],
    ]);
  });
});

describe('gift with purchase', () => {
  const gwp = rule({
    kind: 'gift_with_purchase',
    targets: { product_ids: [10], sku_ids: [] },
    buy_count: 2,
    max_per_order: 2,
  });
  const line = (count: number) => ({ sku_id: 1, product_id: 10, count, unit_price: 5_000, stock: 50 });

  it('gives one gift per X units of the product, up to the per-order cap, and says how many are missing', () => {
    expect(run({ rules: [gwp], lines: [line(1)] })[0]).toMatchObject({
      applied: false,
      reason: { key: 'promo_gwp_short', params: { count: 1 } },
    });
    expect(run({ rules: [gwp], lines: [line(2)] })[0]).toMatchObject({
      applied: true,
      gift: { sku_id: 9, count: 1 },
      reason: { key: 'promo_gwp_applied', params: { count: 1 } },
    });
    expect(run({ rules: [gwp], lines: [line(9)] })[0]!.gift).toEqual({ sku_id: 9, count: 2 });
  });

  it('gives what stock allows', () => {
    const low = { ...gwp, gifts: [gift(9, 1)] };
    expect(run({ rules: [low], lines: [line(4)] })[0]!.gift).toEqual({ sku_id: 9, count: 1 });
  });
});

describe('buy X get Y', () => {
  const b2g1 = rule({
    kind: 'buy_x_get_y',
    gifts: [],
    buy_count: 2,
    free_count: 1,
    max_per_order: 5,
    targets: { product_ids: [10], sku_ids: [21] },
  });

  it('makes the cheapest units free, one per group of three', () => {
    const [r] = run({
      rules: [b2g1],
      lines: [
        { sku_id: 1, product_id: 10, count: 2, unit_price: 5_000, stock: 9 },
        { sku_id: 21, product_id: 20, count: 1, unit_price: 3_000, stock: 9 },
        { sku_id: 30, product_id: 30, count: 5, unit_price: 100, stock: 9 },
      ],
    });
    expect(r).toMatchObject({
      applied: true,
      discount: 3_000,
      reason: { key: 'promo_bxgy_applied', params: { count: 1, buy: 2, free: 1 } },
    });
    const [six] = run({ rules: [b2g1], lines: [{ sku_id: 1, product_id: 10, count: 7, unit_price: 5_000, stock: 9 }] });
    expect(six).toMatchObject({ discount: 10_000, reason: { params: { count: 2 } } });
  });

  it('says how many more units are needed, and caps the free units per order', () => {
    const [short] = run({
      rules: [b2g1],
      lines: [{ sku_id: 1, product_id: 10, count: 2, unit_price: 5_000, stock: 9 }],
    });
    expect(short).toMatchObject({
      applied: false,
      discount: 0,
      reason: { key: 'promo_bxgy_short', params: { count: 1 } },
    });
    const capped = { ...b2g1, max_per_order: 1 };
    expect(
      run({ rules: [capped], lines: [{ sku_id: 1, product_id: 10, count: 9, unit_price: 5_000, stock: 9 }] })[0]!
        .discount,
    ).toBe(5_000);
  });

  it('frees a unit once: a later offer on the same units counts only the rest', () => {
    const lines = [{ sku_id: 1, product_id: 10, count: 3, unit_price: 5_000, stock: 9 }];
    const second = { ...b2g1, id: 2 };
    const results = run({ rules: [second, b2g1], lines });
    expect(results.map((r) => [r.promotion_id, r.applied, r.discount])).toEqual([
      [1, true, 5_000],
      [2, false, 0],
    ]);
  });

  it('is not used up before the cart qualifies, and is when it does', () => {
    const full = { ...b2g1, max_uses: 1, used: 1 };
    const lines = [{ sku_id: 1, product_id: 10, count: 3, unit_price: 5_000, stock: 9 }];
    expect(run({ rules: [full], lines })[0]).toMatchObject({
      applied: false,
      discount: 0,
      reason: { key: 'promo_used_up' },
    });
  });
});

describe('a tier’s early access (issue 47)', () => {
  it('opens a promotion to her early_access_hours before its start, not sooner', () => {
    const HOUR = 60 * 60 * 1000;
    const soon = rule({ starts_at: NOW + 20 * HOUR });
    // Everyone else: not yet.
    expect(run({ rules: [soon], subtotal: 20_000 })[0]).toMatchObject({ applied: false });
    // Silver's 24 hours reach a start 20 hours away; 12 hours do not.
    expect(run({ rules: [soon], subtotal: 20_000, earlyAccessMs: 24 * HOUR })[0]).toMatchObject({ applied: true });
    expect(run({ rules: [soon], subtotal: 20_000, earlyAccessMs: 12 * HOUR })[0]).toMatchObject({ applied: false });
  });
});
