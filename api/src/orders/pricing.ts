// An order's amounts, from the server's own prices (base fils) and the country's settings. Pure, so
// every rule is unit-tested: each unit price becomes what the shopper pays (their currency, VAT
// included, rounded once: the same payableMinor the cards show), then everything is integer minor
// units of that currency. Lines, subtotal, discount and delivery are VAT-inclusive; the VAT line is
// the VAT included in the total, computed once from it (decision 9).
import { convertFromBase, divRound, payableMinor, vatIncluded, type CurrencyInfo } from '#shared/money';
import type { PricedTotals } from '#shared/orders/types';
import { freeDeliveryReached } from '#shared/country-amounts';
import type { Frequency } from '#shared/subscriptions/frequency';

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

export function priceOrder(input: {
  lines: PricedLine[];
  currency: CurrencyInfo;
  settings: CountrySettings;
  coupon?: CouponRule | null;
  /** Wallet balance the shopper chose to use (minor units of the currency), 0 for none. */
  walletAvailable?: number;
  /** Free units of buy-X-get-Y promotions (minor units, VAT included; decision 33). */
  promotionDiscount?: number;
}): Totals {
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
  const delivery = subtotal === 0 || free_delivery ? 0 : settings.delivery_fee;
  const total = subtotal - discount + delivery;
  const vat = vatIncluded(total, currency.vatBasisPoints);
  const wallet_used = Math.max(0, Math.min(input.walletAvailable ?? 0, total));
  return {
    currency: currency.currency,
    decimals: currency.decimals,
    lines,
    subtotal,
    before_discount,
    discount,
    promotion_discount,
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
