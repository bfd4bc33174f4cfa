// What an order would cost now: the server's own SKU prices and stock, the coupon's rules, the
// country's delivery and VAT, and the shopper's wallet. One D1 batch, shared by /order/calculate and
// /order/submit. Problems (sold out, over the buy limit, a coupon that does not apply) are reported,
// not thrown, so the cart can show them; submit refuses an order that has any.
import { shopperPart } from '../lib/shopper-part';
import { ApiError } from '../lib/errors';
import type { CalculateInput } from '#shared/api/order-schemas';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { payableMinor, type CurrencyInfo } from '#shared/money';
import type { PromotionResult } from '#shared/orders/promotions';
import { currencyStatement, knownCurrency, rememberCurrencies } from '../lib/currency';
import { couponInCountry, couponTermsProblem, couponWithAmountsSql } from './coupon-amounts';
import type { CouponRow } from '../db/rows';
import { col } from '../lib/lang';
import { skuPriceColumns } from '../db/country-prices';
import { type CashColumns, cashOnDeliveryOf, type CountryCash } from '#shared/payments/cash-on-delivery';
import { deliveryFeeFor, priceOrder, type CountrySettings, type PricedLine, type Totals } from './pricing';
import { promotionRules, promotionStatements } from './promotion-data';
import { evaluatePromotions, type PromotionRule } from './promotions';
import { discountedPrice, type Frequency, offeredFrequencies } from '#shared/subscriptions/frequency';
import type { SubscribeOffer } from '#shared/orders/types';
import { readSubscriptionDiscount, subscriptionDiscountStatement } from './subscription-discount';
import type { LoyaltyRules, PointsQuote, TierRule } from '#shared/loyalty/types';
import { earnBase, pointsFor } from '#shared/loyalty/rules';
import {
  EARLY_ACCESS_HORIZON_MS,
  earlyAccessMs,
  freeDeliveryFor,
  loyaltyStatements,
  readLoyalty,
  readReferral,
  addressOfFriendStatement,
  referralElsewhere,
  referralProblem,
  referralStatements,
  type Friend,
  type ReferrerFacts,
} from './loyalty-checkout';
import type { ReferralProblem } from '#shared/loyalty/checkout-refusals';
import type { CouponProblem } from '#shared/orders/coupon-problems';
import type { RedeemProblem } from '#shared/loyalty/rules';
import { type DatabaseEnv, guestOwner, routeFrom, routeStatement, userOwner } from '../db/databases';
import { deliveryStatement, promiseAnswer, readDelivery } from '../delivery/rules';
import type { CheckoutDelivery, DeliverySpeed } from '#shared/delivery/promise';

export interface QuoteLine extends PricedLine {
  /** Subscribe and save: the frequency the shopper chose, and the percent off it gave (decision 45). */
  every: Frequency | null;
  subscription_discount: number;
  /** The pack's supply (units, a day's units), which gives the frequencies a line may take. */
  pack_units: number | null;
  daily_units: number | null;
  product_id: number;
  product_slug: string;
  name: string;
  sku_name: string;
  image_key: string | null;
  stock: number;
  buy_limit: number | null;
}

type LineProblem = {
  sku_id: number;
  /** not_sold_here: her country does not sell the SKU (an own-priced country without its price, decision 77). */
  reason: 'unavailable' | 'not_sold_here' | 'out_of_stock' | 'over_limit';
  available: number;
};

/** A coupon as the quote reads it: its row (active ones only), and whether this shopper used it. */
interface Coupon extends Omit<CouponRow, 'is_active'> {
  /** How often this shopper has redeemed it (coupons with a per-person limit). */
  used_by_shopper: number;
}

export interface Quote {
  totals: Totals;
  lines: QuoteLine[];
  problems: LineProblem[];
  coupon: { code: string; applied: boolean; problem: CouponProblem | null; coupon: Coupon | null } | null;
  currency: CurrencyInfo;
  settings: CountrySettings;
  /** Cash on delivery in her country: the owner's choice or the country's default (issue 77). */
  cash: CountryCash;
  walletBalance: number;
  /** Every live promotion's result, in evaluation order (decision 33), and the rules read. */
  promotions: PromotionResult[];
  rules: PromotionRule[];
  /** Lines to subscribe to need an account: a guest's quote prices them once, and says so. */
  subscriptionProblem: 'subscription_needs_account' | null;
  /** Each line's subscribe-and-save offer: the frequencies its pack suits and the percent off. */
  subscribeOffers: SubscribeOffer[];
  /** Signed-in shoppers: her points, what she may spend and what this order earns (issue 47); null for guests. */
  points: (PointsQuote & { problem: RedeemProblem | null }) | null;
  /** What the order earns once delivered: at her tier, or for a guest what an account would earn; null while the programme is off. */
  pointsToEarn: number | null;
  /** A friend's referral code given: whether it applies, its discount, or why not. */
  referral: { code: string; applied: boolean; discount: number; problem: ReferralProblem | null } | null;
  /** What placing needs: the rules, her tier, and the referrer of an applied code. */
  loyalty: { rules: LoyaltyRules | null; tier: TierRule | null; referrer: ReferrerFacts | null };
  /** The speeds offered for her zone, each with its day and fee, and the one the order takes (decision 65);
   * null when the shop makes no promise in her country. */
  arrival: CheckoutDelivery | null;
}

export function shopperKey(couponId: number, shopper: { userId: number | null; email: string | null }): string | null {
  const part = shopperPart(shopper);
  return part ? `${couponId}:${part}` : null;
}

/**
 * A shopper's redemptions of coupon c (SQL, the shopper's part as ?2): the first is keyed
 * `<coupon>:<shopper>`, later ones `<coupon>:<shopper>#<n>` (redemptionKeySql), so the UNIQUE key
 * counts them and a range of the index finds them.
 */
const SHOPPER_USES_SQL = `SELECT count(*) FROM coupon_redemptions r
  WHERE r.once_key = c.id || ':' || ?2 OR (r.once_key >= c.id || ':' || ?2 || '#' AND r.once_key < c.id || ':' || ?2 || '$')`;

/** How often one shopper may use the coupon: null for no limit (a row written before 0027 has only the flag). */
export function personLimit(c: Pick<CouponRow, 'per_person_limit' | 'once_per_shopper'>): number | null {
  return c.per_person_limit ?? (c.once_per_shopper ? 1 : null);
}

export async function quote(
  db: D1Database,
  input: CalculateInput,
  ctx: {
    country: CountryCode;
    lang: Lang;
    userId: number | null;
    email?: string | null;
    /** A referral code's checks: the signed-in shopper's phone, the request's device, the delivery address when known. */
    friend?: Omit<Friend, 'userId' | 'email'> | null;
    /**
     * The Worker's databases (decision 61): a signed-in shopper's route is read in the same batch, and
     * when she is in another order shard her wallet and points are read there (one more round trip).
     * Without it her wallet and points are read from the core database (shard 0).
     */
    databases?: DatabaseEnv;
    /** Her delivery address's Kuwait area or Saudi city, when the caller already has the address (placing). */
    zone?: number | null;
  },
): Promise<Quote> {
  // The same SKU twice counts once, with the counts added.
  const counts = new Map<number, number>();
  const every = new Map<number, Frequency>();
  for (const item of input.items) {
    counts.set(item.sku_id, (counts.get(item.sku_id) ?? 0) + item.count);
    if (item.every) every.set(item.sku_id, item.every);
  }
  const ids = [...counts.keys()];
  // Rates and VAT are cached per isolate: usually no query; on a cold isolate, one more statement in the batch.
  let currency = knownCurrency(ctx.country);

  const part = shopperPart({ userId: ctx.userId, email: ctx.email ?? null });
  const statements = [
    db
      .prepare(
        'SELECT free_delivery_minor, delivery_fee, vat_basis_points, cod_enabled, cod_max_minor FROM country_settings WHERE country = ?',
      )
      .bind(ctx.country),
    db
      .prepare(
        `SELECT s.id AS sku_id, ${skuPriceColumns(ctx.country, 's')}, s.stock, s.buy_limit, s.${col('name', ctx.lang)} AS sku_name,
           p.id AS product_id, p.slug AS product_slug, p.${col('name', ctx.lang)} AS name, p.subscription_discount,
           s.pack_units, s.daily_units,
           (SELECT i.r2_key FROM product_images i WHERE i.product_id = p.id ORDER BY i.sort_order LIMIT 1) AS image_key
         FROM skus s JOIN products p ON p.id = s.product_id
         WHERE s.id IN (${ids.map(() => '?').join(', ')}) AND p.is_active = 1`,
      )
      .bind(...ids),
  ];
  // Only what this quote needs, still in the one round trip: the coupon (with whether this shopper
  // has used it) and the wallet balance.
  let couponAt = -1;
  let walletAt = -1;
  const currencyAt = currency ? -1 : statements.length;
  if (!currency) statements.push(currencyStatement(db));
  if (input.coupon) {
    couponAt = statements.length;
    statements.push(
      db
        .prepare(
          `${couponWithAmountsSql(3, `(${SHOPPER_USES_SQL}) AS used_by_shopper`)} WHERE c.code = ?1 AND c.is_active = 1`,
        )
        .bind(input.coupon, part ?? '', ctx.country),
    );
  }
  if (ctx.userId) {
    walletAt = statements.length;
    // The wallet's currency is the country's (KWD or SAR), known without the rate.
    statements.push(
      db
        .prepare('SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = ?')
        .bind(ctx.userId, COUNTRY_FACTS[ctx.country].currency),
    );
  }
  // The shop's subscription discount: what a subscribed line costs, and what the cart offers each line.
  const subscribing = every.size > 0 && ctx.userId !== null;
  const discountAt = statements.length;
  statements.push(subscriptionDiscountStatement(db));
  // The live promotions (their gifts with stock, their targets): three more statements, same batch. A
  // signed-in shopper's tier may open them early: those starting within the longest early access are
  // read too, and kept below only when her tier's early access reaches them.
  const now = Date.now();
  const promotionsAt = statements.length;
  statements.push(...promotionStatements(db, ctx.country, ctx.lang, now, ctx.userId ? EARLY_ACCESS_HORIZON_MS : 0));
  // Loyalty (issue 47): the rules and tiers, her points account; a referral code's facts. Same batch.
  const loyaltyAt = statements.length;
  const loyaltyReads = loyaltyStatements(db, ctx.country, ctx.userId);
  statements.push(...loyaltyReads.statements);
  const friend: Friend | null =
    ctx.userId && ctx.email !== undefined && ctx.email !== null
      ? {
          userId: ctx.userId,
          email: ctx.email,
          phone: ctx.friend?.phone ?? null,
          deviceId: ctx.friend?.deviceId ?? null,
          address: ctx.friend?.address ?? null,
          addressId: ctx.friend?.addressId ?? null,
        }
      : null;
  // Her guest orders' owner key, for her first-order check in other shards (decision 61).
  if (friend && input.referral_code && ctx.databases && friend.email)
    friend.guestOwner = await guestOwner(friend.email);
  const referralAt = input.referral_code && friend ? statements.length : -1;
  if (input.referral_code && friend) statements.push(...referralStatements(db, input.referral_code, friend, now));
  // The review step's chosen address (issue 61), in the same batch: its phone is compared in the
  // referral's statements, its door after them.
  const addressAt = referralAt >= 0 && friend?.addressId ? statements.length : -1;
  if (addressAt >= 0) statements.push(addressOfFriendStatement(db, friend!));
  // The delivery promise (decision 65): the country's rules, speeds and holidays, and the zone of the
  // address she chose when the caller does not know it; still the one batch.
  const deliveryAt = statements.length;
  statements.push(deliveryStatement(db, ctx.country, now));
  const zoneAt = ctx.zone === undefined && input.address_id && ctx.userId ? statements.length : -1;
  if (zoneAt >= 0)
    statements.push(
      db
        .prepare('SELECT area_id, city_id FROM addresses WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
        .bind(input.address_id, ctx.userId),
    );
  const routeAt = ctx.databases && ctx.userId ? statements.length : -1;
  if (ctx.databases && ctx.userId) statements.push(routeStatement(ctx.databases, userOwner(ctx.userId)));
  const results = await db.batch(statements);
  if (routeAt >= 0) {
    // Her wallet and points are in her shard: read again there when that is not the core (decision 61).
    const route = routeFrom(ctx.databases!, results[routeAt]!.results[0] as Parameters<typeof routeFrom>[1]);
    if (route.binding !== 'DB') {
      const mine = await route.db.batch([
        route.db
          .prepare('SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = ?')
          .bind(ctx.userId, COUNTRY_FACTS[ctx.country].currency),
        loyaltyStatements(route.db, ctx.country, ctx.userId).statements[0]!,
      ]);
      results[walletAt] = mine[0]!;
      results[loyaltyAt] = mine[1]!;
    }
  }
  if (addressAt >= 0) {
    const row = results[addressAt]!.results[0] as Record<string, unknown> | undefined;
    if (!row) throw new ApiError(400, 'address_required');
    friend!.address = row;
  }
  // What the core cannot answer of a referral's checks is read in the shards it names (none in shard 0).
  if (referralAt >= 0 && ctx.databases)
    await referralElsewhere(ctx.databases, results.slice(referralAt, referralAt + 2));
  const loyalty = readLoyalty(
    ctx.country,
    loyaltyReads.known,
    results.slice(loyaltyAt, loyaltyAt + loyaltyReads.statements.length),
  );
  const signedIn = ctx.userId !== null;
  const tier = signedIn ? loyalty.tier : null;
  if (!currency) {
    rememberCurrencies(results[currencyAt]!.results);
    currency = knownCurrency(ctx.country)!;
  }
  const { cod_enabled, cod_max_minor, ...countrySettings } = results[0]!.results[0] as unknown as CountrySettings &
    CashColumns;
  // Her tier's own free-delivery threshold replaces the country's in her quote (when lower).
  const settings: CountrySettings = {
    ...countrySettings,
    free_delivery_minor: freeDeliveryFor(countrySettings.free_delivery_minor, tier),
  };
  const cash = cashOnDeliveryOf(ctx.country, { cod_enabled, cod_max_minor });
  const shopDiscount = readSubscriptionDiscount(results[discountAt]!.results);
  type SkuRow = QuoteLine & {
    subscription_discount: number | null;
    pack_units: number | null;
    daily_units: number | null;
  };
  // A SKU her country does not sell is a problem of its own, not a line (country-prices.ts).
  const read = results[1]!.results as unknown as Array<SkuRow & { sold: number }>;
  const notSold = new Set(read.filter((r) => r.sold !== 1).map((r) => r.sku_id));
  const rows = read.filter((r) => r.sold === 1).map(({ sold: _sold, ...r }) => r as SkuRow);
  // What the cart may offer each line: the frequencies its pack suits and the percent off.
  const subscribeOffers = rows.map((l) => ({
    sku_id: l.sku_id,
    discount: l.subscription_discount ?? shopDiscount,
    offered: offeredFrequencies(l, counts.get(l.sku_id) ?? 1),
  }));
  const found = new Map(
    rows.map((l) => {
      // A subscribed line is priced at the subscription price, the one-time price struck through.
      const f = subscribing ? (every.get(l.sku_id) ?? null) : null;
      const percent = f ? (l.subscription_discount ?? shopDiscount) : 0;
      const line: QuoteLine = f
        ? {
            ...l,
            every: f,
            subscription_discount: percent,
            price: discountedPrice(l.price, percent),
            old_price: percent > 0 ? (l.old_price ?? l.price) : l.old_price,
          }
        : { ...l, every: null, subscription_discount: 0 };
      return [l.sku_id, line];
    }),
  );

  const problems: LineProblem[] = [];
  const lines: QuoteLine[] = [];
  for (const [skuId, count] of counts) {
    const row = found.get(skuId);
    if (!row) {
      problems.push({ sku_id: skuId, reason: notSold.has(skuId) ? 'not_sold_here' : 'unavailable', available: 0 });
      continue;
    }
    const limit = Math.min(row.stock, row.buy_limit ?? Number.POSITIVE_INFINITY);
    if (row.stock <= 0) problems.push({ sku_id: skuId, reason: 'out_of_stock', available: 0 });
    else if (count > limit)
      problems.push({
        sku_id: skuId,
        reason: row.stock < (row.buy_limit ?? Infinity) ? 'out_of_stock' : 'over_limit',
        available: limit,
      });
    lines.push({ ...row, count });
  }

  const walletBalance =
    walletAt < 0 ? 0 : ((results[walletAt]!.results[0] as { balance: number } | undefined)?.balance ?? 0);
  // A coupon of every country in this country's own amounts (decision 52).
  const couponRow =
    couponAt < 0
      ? null
      : couponInCountry((results[couponAt]!.results[0] as unknown as Coupon | undefined) ?? null, ctx.country);
  let coupon: Quote['coupon'] = null;
  const priced = lines.filter((l) => l.stock > 0);
  const subtotalFils = priced.reduce((sum, l) => sum + l.price * l.count, 0);
  // Promotions and a coupon in the shopper's currency see the lines as the shopper pays them (the VAT
  // rate of this quote's settings).
  const payable: CurrencyInfo = { ...currency, vatBasisPoints: settings.vat_basis_points };
  const subtotalPaid = priced.reduce((sum, l) => sum + payableMinor(l.price, payable) * l.count, 0);
  if (input.coupon) {
    const problem = couponProblem(couponRow, { fils: subtotalFils, paid: subtotalPaid }, part, ctx.country);
    coupon = { code: input.coupon, applied: problem === null, problem, coupon: couponRow };
  }

  const early = earlyAccessMs(tier);
  const rules = promotionRules(results.slice(promotionsAt, promotionsAt + 3)).filter(
    (r) => r.starts_at === null || r.starts_at - early <= now,
  );
  const promoLines = priced.map((l) => ({ ...l, unit_price: payableMinor(l.price, payable) }));
  const promotions = evaluatePromotions({
    rules,
    lines: promoLines,
    subtotal: promoLines.reduce((sum, l) => sum + l.unit_price * l.count, 0),
    country: ctx.country,
    now,
    earlyAccessMs: early,
    choices: new Map((input.gifts ?? []).map((g) => [g.promotion_id, g.sku_id])),
  });

  // A friend's code: checked against everything the batch read (./loyalty-checkout.ts).
  const referralReads = referralAt < 0 ? null : readReferral(results.slice(referralAt, referralAt + 2));
  let referral: Quote['referral'] = null;
  if (input.referral_code) {
    const problem = referralProblem({
      friend,
      reads: referralReads,
      rules: loyalty.rules,
      subtotal: subtotalPaid,
    });
    referral = {
      code: input.referral_code,
      applied: problem === null,
      discount: problem === null ? loyalty.rules!.referral_discount : 0,
      problem,
    };
  }
  const rulesOn = loyalty.rules?.is_active ? loyalty.rules : null;

  // The speeds offered for her zone (the whole country's before it is known); the order takes the one
  // she chose when offered, else the cheapest (the fastest of equals). Fees rank the same below and
  // above the free-delivery threshold (pricing.ts deliveryFeeFor), so the choice needs no totals.
  const zoneRow =
    zoneAt >= 0
      ? (results[zoneAt]!.results[0] as { area_id: number | null; city_id: number | null } | undefined)
      : null;
  const zone =
    ctx.zone !== undefined ? ctx.zone : zoneRow ? (zoneRow.area_id ?? zoneRow.city_id) : (input.zone ?? null);
  const rulesOfCountry = readDelivery(ctx.country, now, results[deliveryAt]);
  const answer = promiseAnswer(rulesOfCountry, { now, zone, lang: ctx.lang, country: ctx.country });
  const ownFee = (speed: DeliverySpeed) => rulesOfCountry?.fees[speed] ?? null;
  const offered = answer?.promises ?? [];
  const cheapest = offered.reduce<(typeof offered)[number] | null>(
    (best, p) =>
      !best || (ownFee(p.speed) ?? settings.delivery_fee) < (ownFee(best.speed) ?? settings.delivery_fee) ? p : best,
    null,
  );
  const asked = input.speed ? offered.find((p) => p.speed === input.speed) : undefined;
  const speed = asked?.speed ?? cheapest?.speed ?? null;

  const totals = priceOrder({
    lines: priced,
    currency,
    settings,
    speedFee: speed ? ownFee(speed) : null,
    coupon: coupon?.applied ? coupon.coupon : null,
    walletAvailable: input.use_wallet && ctx.userId ? walletBalance : 0,
    promotionDiscount: promotions.reduce((sum, p) => sum + (p.applied ? p.discount : 0), 0),
    referralDiscount: referral?.discount ?? 0,
    minPayable: loyalty.rules?.min_payable ?? 0,
    points: signedIn && rulesOn ? { asked: input.points ?? 0, balance: loyalty.balance, rules: rulesOn } : null,
  });
  if (referral?.applied) referral.discount = totals.referral_discount;
  // What the order earns once delivered (the money paid for goods): at her tier's multiplier, and for
  // a guest at the lowest tier's, what an account would earn (the cart shows it: issue 61).
  const pointsToEarn = rulesOn
    ? pointsFor(
        earnBase({ ...totals, vat_basis_points: settings.vat_basis_points }),
        currency.decimals,
        rulesOn.points_per_unit,
        (signedIn ? tier : loyalty.tiers[0])?.earn_multiplier_bp ?? 10_000,
      )
    : null;
  const points: Quote['points'] =
    signedIn && loyalty.rules
      ? {
          balance: loyalty.balance,
          max_points: totals.points_max,
          step_points: loyalty.rules.redeem_step_points,
          step_value: loyalty.rules.redeem_step_value,
          used: totals.points_used,
          discount: totals.points_discount,
          earns: pointsToEarn ?? 0,
          problem: totals.points_problem,
        }
      : null;
  const subscriptionProblem = every.size > 0 && ctx.userId === null ? 'subscription_needs_account' : null;
  return {
    totals,
    lines,
    problems,
    coupon,
    currency,
    settings,
    cash,
    walletBalance,
    promotions,
    rules,
    subscriptionProblem,
    subscribeOffers,
    points,
    pointsToEarn,
    referral,
    loyalty: { rules: loyalty.rules, tier, referrer: referral?.applied ? referralReads!.referrer : null },
    arrival:
      answer && speed
        ? {
            promises: offered.map((p) => ({
              ...p,
              fee: deliveryFeeFor(totals.subtotal, totals.free_delivery, settings.delivery_fee, ownFee(p.speed)),
            })),
            valid_until: answer.valid_until,
            speed,
            problem: input.speed && !asked ? 'delivery_speed_unavailable' : null,
          }
        : null,
  };
}

function couponProblem(
  c: Coupon | null,
  subtotal: { fils: number; paid: number },
  holder: string | null,
  country: CountryCode,
): CouponProblem | null {
  const knownShopper = holder !== null;
  if (!c) return 'coupon_invalid';
  // A code made for one shopper (a cart reminder's): anyone else's cart reads it as not valid.
  if (c.holder !== null && c.holder !== holder) return 'coupon_invalid';
  const terms = couponTermsProblem(c, subtotal, country);
  if (terms) return terms;
  const limit = personLimit(c);
  if (limit !== null && knownShopper && c.used_by_shopper >= limit) return 'coupon_already_used';
  return null;
}
