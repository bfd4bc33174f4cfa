// The ways to pay through the payment gateway, per country, and when each is offered: the card kinds
// (KNET, mada, cards, Apple Pay), STC Pay (Saudi Arabia's mobile wallet, SAR only) and buy now, pay
// later (Tabby in both countries, Tamara in Saudi Arabia), all through Tap (decision 42). No zod, no
// DOM: the API enforces these rules and the checkout pages read them as they render.
import type { Translator } from '../i18n';
import { mapCountries } from '../countries/map';
import { PAYMENTS } from '../countries/payments';
import type { CountryPayments } from '../countries/types';
import type { CountryCode } from '../locale';
import { countryDate, instantIn, timeZoneOf } from '../country-days';

export const CARD_KINDS = ['knet', 'mada', 'card', 'apple_pay'] as const;
export const PAY_LATER_METHODS = ['tabby', 'tamara'] as const;
export const GATEWAY_METHODS_ALL = [...CARD_KINDS, 'stc_pay', ...PAY_LATER_METHODS] as const;
export type GatewayMethod = (typeof GATEWAY_METHODS_ALL)[number];
export type PayLaterMethod = (typeof PAY_LATER_METHODS)[number];

/** Card kinds offered by Gulf gateways, per country (KNET is Kuwait's, mada Saudi Arabia's): each country's module says. */
export const CARD_METHODS = mapCountries((c) => PAYMENTS[c].cards);

/** Every gateway method a country has, in the order the review step lists them. */
export const GATEWAY_METHODS: Record<CountryCode, readonly GatewayMethod[]> = mapCountries((c) => PAYMENTS[c].methods);

/** Pay in four: the providers' plan that the product and cart pages show. */
const INSTALLMENTS = 4;

/**
 * The amounts (minor units of the country's currency, VAT included) a method accepts, from the country's
 * module: Tabby documents its minimum (1 KWD, 10 SAR); the maximums are those of the shop's merchant agreements.
 */
const methodLimits = (method: GatewayMethod, country: CountryCode): { min: number; max: number } | undefined =>
  (PAYMENTS[country].limits as CountryPayments['limits'])[method];

export function isPayLater(method: string | null | undefined): method is PayLaterMethod {
  return (PAY_LATER_METHODS as readonly string[]).includes(method ?? '');
}

/**
 * A way's name inside a sentence ("The payment with Tabby was not completed"): the provider's or card
 * scheme's name, never the option's label with its plan ("Tabby: pay in 4, interest-free").
 */
export function paymentWayName(t: Translator['t'], method: GatewayMethod): string {
  return isPayLater(method) ? t(`pay_later_name_${method}`) : t(`card_${method}`);
}

/** A method whose page is the provider's own (approve, OTP): failing there leads back to the review. */
export function isRedirectMethod(method: string | null | undefined): boolean {
  return method === 'stc_pay' || isPayLater(method);
}

/**
 * Why a way is not offered: below or above its amounts, or (`subscription`) an order that starts a
 * subscription, whose later deliveries are charged to a card the gateway keeps (SAVEABLE_METHODS).
 */
type UnavailableReason = 'below_minimum' | 'above_maximum' | 'subscription';

export interface UnavailableMethod {
  method: GatewayMethod;
  reason: UnavailableReason;
  /** The limit passed, in minor units (0 for `subscription`). */
  limit: number;
}

/**
 * Why a method is not offered for this amount, or null when it is. (Wallet top-ups take card kinds
 * only, by their schema: the pay-later providers lend for purchases, and STC Pay is a wallet itself.)
 */
export function unavailableReason(
  method: GatewayMethod,
  country: CountryCode,
  due: number,
): (UnavailableMethod & { reason: 'below_minimum' | 'above_maximum' }) | null {
  const limits = methodLimits(method, country);
  if (!limits) return null;
  if (due < limits.min) return { method, reason: 'below_minimum', limit: limits.min };
  if (due > limits.max) return { method, reason: 'above_maximum', limit: limits.max };
  return null;
}

/** What decides the ways beyond the country and the amount. */
export interface MethodContext {
  /** The order has lines to subscribe to (decision 45): only ways whose card the gateway keeps. */
  subscribing?: boolean;
}

/**
 * The country's methods for an amount due: those offered, and those not with the reason why. The one
 * rule for every screen and check: the review step's list, the cart's and product page's pay-later
 * note (payLaterOffered) and the API's calculate all ask it, so a way is never advertised on one page
 * and missing on the next.
 */
export function gatewayMethodsFor(
  country: CountryCode,
  due: number,
  context: MethodContext = {},
): { offered: GatewayMethod[]; unavailable: UnavailableMethod[] } {
  const offered: GatewayMethod[] = [];
  const unavailable: UnavailableMethod[] = [];
  for (const method of GATEWAY_METHODS[country]) {
    const why =
      context.subscribing && !SAVEABLE_METHODS.includes(method)
        ? { method, reason: 'subscription' as const, limit: 0 }
        : unavailableReason(method, country, due);
    if (why) unavailable.push(why);
    else offered.push(method);
  }
  return { offered, unavailable };
}

/**
 * An amount split into the plan's payments, in integer minor units like all money (shared/money.ts):
 * equal parts, the few minor units left over on the first payment (the one made today), so the parts
 * always add up to the amount. Kept here, not in money.ts, which every page's first JavaScript holds.
 */
export function splitInstallments(total: number, count = INSTALLMENTS): number[] {
  if (!Number.isInteger(total) || total < 0) throw new TypeError('money must be non-negative integer minor units');
  const part = Math.floor(total / count);
  return [total - part * (count - 1), ...Array.from({ length: count - 1 }, () => part)];
}

/**
 * The pay-later provider the product and cart pages advertise for this amount, or null: the first the
 * review step would offer (gatewayMethodsFor, the same rule, so a cart that subscribes shows none).
 */
export function payLaterOffered(country: CountryCode, due: number, context: MethodContext = {}): PayLaterMethod | null {
  const { offered } = gatewayMethodsFor(country, due, context);
  return PAY_LATER_METHODS.find((m) => offered.includes(m)) ?? null;
}

/**
 * Each provider's documented plan: Tabby's "pay in 4" takes a quarter at purchase and the rest in three
 * monthly payments; Tamara's split in 4 is monthly too, the first payment on the day of purchase.
 */
const PAY_LATER_PLANS: Record<PayLaterMethod, { count: number; everyMonths: number }> = {
  tabby: { count: INSTALLMENTS, everyMonths: 1 },
  tamara: { count: INSTALLMENTS, everyMonths: 1 },
};

export interface Installment {
  /** Minor units of the order's currency; the parts add up to the amount. */
  amount: number;
  /** The calendar day it is due in the order's country (YYYY-MM-DD, on its clocks). */
  day: string;
  /** Noon of that day in the country, for formatting with the shop's date formatter. */
  at: number;
}

/** `months` after a day, on the same day of the month or the month's last (31 Jan → 28 or 29 Feb). */
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * A pay-later plan's payments with their days: the amount split as splitInstallments does (the
 * remainder on today's), the first due on the day of purchase in the order's country (on its clocks:
 * 00:30 in Dubai is already the next day there), the next ones every plan period after it.
 */
export function installmentSchedule(
  method: PayLaterMethod,
  total: number,
  purchasedAt: number,
  country: CountryCode,
): Installment[] {
  const plan = PAY_LATER_PLANS[method];
  const start = countryDate(country, purchasedAt);
  return splitInstallments(total, plan.count).map((amount, i) => {
    const day = addMonths(start, i * plan.everyMonths);
    return { amount, day, at: instantIn(timeZoneOf(country), day, 12) };
  });
}

/**
 * A pay-later plan in words: "4 interest-free payments of SAR 37.50", or, when the amount does not
 * divide evenly, "SAR 37.51 today, then 3 payments of SAR 37.50, interest-free".
 */
export function payLaterPlan(t: Translator['t'], due: number, format: (minor: number) => string): string {
  const [first, ...rest] = splitInstallments(due);
  const part = rest[0]!;
  return first === part
    ? t('pay_later_plan_equal', { count: INSTALLMENTS, amount: format(part) })
    : t('pay_later_plan_first', { count: rest.length, first: format(first!), amount: format(part) });
}

/**
 * The ways whose card the gateway can keep for later charges a shopper did not start (subscribe and
 * save, decision 45): cards, mada and Apple Pay. KNET, STC Pay and pay-later plans cannot be charged so.
 */
export const SAVEABLE_METHODS: readonly GatewayMethod[] = ['card', 'mada', 'apple_pay'];
