// What a blood-test booking costs now: the lab's price for the country (blood_test_prices, minor units,
// VAT included in Saudi Arabia), the coupon's rules, the VAT line and the shopper's wallet. One D1
// batch, shared by /bloodTestOrder/calculate and /bloodTestOrder/submit (which also reads each test's
// preparation, age and sex rules from the same rows).
import { saleVat } from '../e-invoice-sales';
import { type DatabaseEnv, type Route, routeFrom, routeStatement, userOwner } from '../db/databases';
import type { BloodTestCalculateInput } from '#shared/api/blood-test-order-schemas';
import type { BloodTestQuote, BloodTestQuoteLine } from '#shared/blood-tests/order-types';
import type { CountryCode, CurrencyCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { convertFromBase, convertToBase, divRound } from '#shared/money';
import { currencyStatement, knownCurrency, rememberCurrencies } from '../lib/currency';
import { couponInCountry, couponTermsProblem, couponWithAmountsSql } from '../orders/coupon-amounts';
import { COUPON_PROBLEMS } from '#shared/orders/coupon-problems';
import type { CouponRow } from '../db/rows';
import { ApiError } from '../lib/errors';

/** A chosen test with what booking needs to know about it. */
export interface BloodTestLine {
  sku_id: number;
  blood_test_id: number;
  name_en: string;
  name_ar: string;
  price: number;
  old_price: number | null;
  fasting_hours: number;
  morning_draw: number;
  stop_biotin_hours: number;
  preparation_en: string;
  preparation_ar: string;
  sample_type: string;
  min_age: number;
  sex: 'any' | 'female' | 'male';
}

export interface PricedBooking {
  quote: BloodTestQuote;
  lines: BloodTestLine[];
  coupon: Pick<CouponRow, 'id' | 'code'> | null;
  vatBasisPoints: number;
  /** Her wallet's shard when it is not the core's (read with `env`): the booking debits it there. */
  walletRoute?: Route | null;
}

/** The tests of these SKUs that are on sale in the country; a missing one is refused with its id. */
export function testLinesStatement(db: D1Database, skuIds: number[], country: CountryCode): D1PreparedStatement {
  return db
    .prepare(
      `SELECT k.id AS sku_id, t.id AS blood_test_id, t.name_en, t.name_ar, p.price, p.old_price, t.fasting_hours,
         t.morning_draw, t.stop_biotin_hours, t.preparation_en, t.preparation_ar, t.sample_type, t.min_age, t.sex
       FROM blood_test_skus k JOIN blood_tests t ON t.id = k.blood_test_id
       JOIN blood_test_prices p ON p.sku_id = k.id AND p.country = ?
       WHERE t.is_active = 1 AND k.id IN (${skuIds.map(() => '?').join(', ')})`,
    )
    .bind(country, ...skuIds);
}

export function assertAllFound(skuIds: number[], lines: BloodTestLine[]): void {
  const found = new Set(lines.map((l) => l.sku_id));
  const missing = skuIds.filter((id) => !found.has(id));
  if (missing.length) throw new ApiError(409, 'blood_test_unavailable', { sku_ids: missing });
}

type CouponForQuote = Pick<
  CouponRow,
  | 'id'
  | 'code'
  | 'kind'
  | 'value'
  | 'min_subtotal_fils'
  | 'max_uses'
  | 'used'
  | 'once_per_shopper'
  | 'per_person_limit'
  | 'country'
  | 'currency'
  | 'starts_at'
  | 'ends_at'
  | 'holder'
>;

export async function bloodTestQuote(
  db: D1Database,
  input: BloodTestCalculateInput,
  /** `env`: her wallet balance is read from her order shard (decision 61), her route in this batch. */
  ctx: { country: CountryCode; lang: Lang; userId: number | null; env?: DatabaseEnv },
): Promise<PricedBooking> {
  const skuIds = [...new Set(input.items.map((i) => i.sku_id))];
  const statements = [
    testLinesStatement(db, skuIds, ctx.country),
    db.prepare('SELECT vat_basis_points FROM country_settings WHERE country = ?').bind(ctx.country),
  ];
  let currency = knownCurrency(ctx.country);
  const currencyAt = currency ? -1 : statements.length;
  if (!currency) statements.push(currencyStatement(db));
  const couponAt = input.coupon ? statements.length : -1;
  if (input.coupon)
    statements.push(
      db.prepare(`${couponWithAmountsSql(2)} WHERE c.code = ?1 AND c.is_active = 1`).bind(input.coupon, ctx.country),
    );
  const walletAt = ctx.userId ? statements.length : -1;
  const balance = (at: D1Database) =>
    at
      .prepare('SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = ?')
      .bind(ctx.userId, COUNTRY_FACTS[ctx.country].currency);
  if (ctx.userId) statements.push(balance(db));
  const routeAt = ctx.userId && ctx.env ? statements.length : -1;
  if (ctx.userId && ctx.env) statements.push(routeStatement(ctx.env, userOwner(ctx.userId)));
  const results = await db.batch(statements);
  let walletRoute: Route | null = null;
  if (routeAt >= 0) {
    // Her wallet is in another shard: its balance from there (one more trip, for her only).
    const route = routeFrom(ctx.env!, results[routeAt]!.results[0] as Parameters<typeof routeFrom>[1]);
    if (route.binding !== 'DB') {
      walletRoute = route;
      results[walletAt] = await route.db.batch([balance(route.db)]).then((r) => r[0]!);
    }
  }
  if (!currency) {
    rememberCurrencies(results[currencyAt]!.results);
    currency = knownCurrency(ctx.country)!;
  }
  const lines = results[0]!.results as unknown as BloodTestLine[];
  assertAllFound(skuIds, lines);
  lines.sort((a, b) => skuIds.indexOf(a.sku_id) - skuIds.indexOf(b.sku_id));
  const vatBasisPoints = (results[1]!.results[0] as { vat_basis_points: number } | undefined)?.vat_basis_points ?? 0;
  // A coupon of every country in this country's own amounts (decision 52).
  const couponRow =
    couponAt < 0
      ? null
      : couponInCountry((results[couponAt]!.results[0] as unknown as CouponForQuote | undefined) ?? null, ctx.country);
  const walletBalance =
    walletAt < 0 ? 0 : ((results[walletAt]!.results[0] as { balance: number } | undefined)?.balance ?? 0);

  const subtotal = lines.reduce((sum, l) => sum + l.price, 0);
  const problem = input.coupon
    ? couponProblem(couponRow, { fils: convertToBase(subtotal, currency), paid: subtotal }, ctx.country)
    : null;
  const coupon = input.coupon && !problem ? couponRow : null;
  let discount = 0;
  if (coupon) {
    // A fixed amount in the coupon's own currency is taken as typed; a base amount is converted.
    discount =
      coupon.kind === 'percent'
        ? divRound(subtotal * coupon.value, 10_000)
        : coupon.currency === currency.currency
          ? coupon.value
          : convertFromBase(coupon.value, currency);
    discount = Math.min(discount, subtotal);
  }
  const total = subtotal - discount;
  const walletUsed = input.use_wallet && ctx.userId ? Math.max(0, Math.min(walletBalance, total)) : 0;
  const items: BloodTestQuoteLine[] = lines.map((l) => ({
    sku_id: l.sku_id,
    blood_test_id: l.blood_test_id,
    name: ctx.lang === 'ar' ? l.name_ar : l.name_en,
    price: l.price,
    old_price: l.old_price,
  }));
  return {
    lines,
    coupon: coupon ? { id: coupon.id, code: coupon.code } : null,
    vatBasisPoints,
    walletRoute,
    quote: {
      country: ctx.country,
      currency: COUNTRY_FACTS[ctx.country].currency as CurrencyCode,
      items,
      subtotal,
      discount,
      coupon: coupon?.code ?? null,
      coupon_error: problem,
      // The e-invoice's VAT where the country issues them (decision 75).
      vat: saleVat(ctx.country, total, vatBasisPoints),
      vat_rate: vatBasisPoints / 100,
      wallet_balance: walletBalance,
      wallet_used: walletUsed,
      total,
      due: total - walletUsed,
    },
  };
}

/**
 * The product checkout's coupon rules. Single-use-per-shopper coupons are for product orders only:
 * their redemption record names a product order (coupon_redemptions.order_id).
 */
/**
 * Why a coupon does not apply to a booking: an order's reasons but one, as a coupon limited per shopper
 * is refused outright here (coupon_invalid), never counted.
 */
export const BOOKING_COUPON_PROBLEMS = COUPON_PROBLEMS.filter(
  (p): p is Exclude<(typeof COUPON_PROBLEMS)[number], 'coupon_already_used'> => p !== 'coupon_already_used',
);

function couponProblem(
  c: CouponForQuote | null,
  subtotal: { fils: number; paid: number },
  country: CountryCode,
): (typeof BOOKING_COUPON_PROBLEMS)[number] | null {
  if (!c || c.once_per_shopper || c.per_person_limit !== null || c.holder !== null) return 'coupon_invalid';
  return couponTermsProblem(c, subtotal, country);
}
