// An order's amounts, from the server's own prices (base fils) and the country's settings. Pure, so
// every rule is unit-tested: each unit price becomes what the shopper pays (their currency, VAT
// included, rounded once: the same payableMinor the cards show), then everything is integer minor
// units of that currency. Lines, subtotal, discount and delivery are VAT-inclusive; the VAT line is
// the VAT included in the total, computed once from it (decision 9).
import { convertFromBase, divRound, payableMinor, type CurrencyInfo } from '#shared/money';
import type { PricedTotals } from '#shared/orders/types';
import { freeDeliveryReached } from '#shared/country-amounts';
import { deliveryFeeFor } from '../delivery/fees';
import type { Frequency } from '#shared/subscriptions/frequency';
import { maxRedeemable, pointsValue, redeemProblem, type RedeemProblem } from '#shared/loyalty/rules';
import type { LoyaltyRules } from '#shared/loyalty/types';
import { saleVat } from '../e-invoice-sales/records';

/** Points the shopper asked to spend, her balance and her country's rules (signed-in shoppers only). */
export interface PointsAsk {
  asked: number;
  balance: number;
  rules: Pick<LoyaltyRules, 'redeem_step_points' | 'redeem_step_value' | 'min_payable' | 'is_active'>;
}

export interface PricedLine {
  sku_id: number;
  count: number;
  /** Base fils. */
  price: number;
  old_price: number | null;
  /** A subscribed line (decision 45): its frequency, shown with the line. */
  every?: Frequency | null;
}

export interface CountrySettings {
  /** The country's own threshold, minor units of its currency as paid (decision 52). */
  free_delivery_minor: number;
  delivery_fee: number;
  vat_basis_points: number;
}

export interface CouponRule {
  kind: 'percent' | 'fixed';
  /** percent: basis points; fixed: minor units of `currency`, or base fils without one. */
  value: number;
  /** The coupon country's currency; absent or null: a base amount, converted. */
  currency?: string | null;
}

export type Totals = PricedTotals;

/** What pricing found of the points asked: the most she may spend, and why the ask was refused. */
export interface PointsPriced {
  points_max: number;
  points_problem: RedeemProblem | null;
}

// What a delivery speed costs lives with the delivery rules (the product page prices speeds too).
export { deliveryFeeFor };

export function priceOrder(input: {
  lines: PricedLine[];
  currency: CurrencyInfo;
  settings: CountrySettings;
  /** The chosen delivery speed's own fee (minor units, VAT included); null or absent: the country's. */
  speedFee?: number | null;
  coupon?: CouponRule | null;
  /** Wallet balance the shopper chose to use (minor units of the currency), 0 for none. */
  walletAvailable?: number;
  /** Free units of buy-X-get-Y promotions (minor units, VAT included; decision 33). */
  promotionDiscount?: number;
  /** A friend's referral discount (minor units, VAT included), already found applicable; 0 for none. */
  referralDiscount?: number;
  /** The minimum payable of the country's loyalty rules: the referral discount never goes below it. */
  minPayable?: number;
  /** Points to spend, after everything else (issue 47). */
  points?: PointsAsk | null;
}): Totals & PointsPriced {
  const { settings } = input;
  // The VAT rate of this quote's settings row prices the units and the VAT line alike.
  const currency: CurrencyInfo = { ...input.currency, vatBasisPoints: settings.vat_basis_points };
  const lines = input.lines.map((l) => {
    const unit = payableMinor(l.price, currency);
    const old = l.old_price !== null && l.old_price > l.price ? payableMinor(l.old_price, currency) : null;
    return {
      sku_id: l.sku_id,
      count: l.count,
      unit_price: unit,
      old_unit_price: old,
      line_total: unit * l.count,
      every: l.every ?? null,
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
  const before_discount = lines.reduce((sum, l) => sum + (l.old_unit_price ?? l.unit_price) * l.count, 0);
  const subtotal_fils = input.lines.reduce((sum, l) => sum + l.price * l.count, 0);

  // Free units come off first (they are prices the shopper does not pay); a coupon then takes its
  // share of what is left.
  const promotion_discount = Math.min(input.promotionDiscount ?? 0, subtotal);
  let discount = promotion_discount;
  if (input.coupon) {
    const rest = subtotal - promotion_discount;
    // A fixed coupon is money off what is paid: in its own currency as typed, else its base amount
    // converted, no VAT added to it.
    const off =
      input.coupon.kind === 'percent'
        ? divRound(rest * input.coupon.value, 10_000)
        : input.coupon.currency === currency.currency
          ? input.coupon.value
          : convertFromBase(input.coupon.value, currency);
    discount += Math.min(off, rest);
  }
  // The country's own threshold, in its currency as paid, against the subtotal as paid (decision 52).
  const free_shipping = settings.free_delivery_minor;
  const free_delivery = freeDeliveryReached(subtotal, free_shipping);
  // The delivery fee setting is already in minor units of the currency, VAT included.
  const delivery = deliveryFeeFor(subtotal, free_delivery, settings.delivery_fee, input.speedFee ?? null);
  // A friend's referral discount, then points (issue 47): both lower the total the shopper pays, and
  // so the VAT included in it (a Saudi price includes VAT: the discount lowers the amount VAT is
  // computed on, like a coupon); neither takes what is left to pay below the minimum payable.
  // Delivery still follows the subtotal: a discount never costs the shopper her free delivery.
  const beforeLoyalty = subtotal - discount + delivery;
  const floor = input.minPayable ?? input.points?.rules.min_payable ?? 0;
  const referral_discount = Math.max(0, Math.min(input.referralDiscount ?? 0, beforeLoyalty - floor));
  const beforePoints = beforeLoyalty - referral_discount;
  const ask = input.points ?? null;
  const points_max = ask ? maxRedeemable(ask.balance, beforePoints, ask.rules) : 0;
  const points_problem: RedeemProblem | null =
    ask && ask.asked > 0 ? redeemProblem(ask.asked, points_max, ask.rules) : null;
  const points_used = ask && ask.asked > 0 && points_problem === null ? ask.asked : 0;
  const points_discount = ask ? pointsValue(points_used, ask.rules) : 0;
  const total = beforePoints - points_discount;
  // Where the country issues e-invoices (decision 75) the VAT is the document's (saleVat): the invoice,
  // the review step and the e-invoice show one figure.
  const vat = saleVat(currency.country, total, currency.vatBasisPoints);
  const wallet_used = Math.max(0, Math.min(input.walletAvailable ?? 0, total));
  return {
    currency: currency.currency,
    decimals: currency.decimals,
    lines,
    subtotal,
    before_discount,
    discount,
    promotion_discount,
    referral_discount,
    points_used,
    points_discount,
    points_max,
    points_problem,
    delivery,
    vat,
    total,
    wallet_used,
    due: total - wallet_used,
    subtotal_fils,
    free_shipping,
    free_delivery,
  };
}
