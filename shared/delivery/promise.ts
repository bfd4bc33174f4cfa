// When an order arrives, as a day of its country: the delivery promise of the product page, the cart, the checkout
// and the order. Pure, so the edge can work it out at the minute a kept page is served (a cut-off passing
// moves the date) and the API the same way when the order is placed. The owner sets the rules per
// country: the days the warehouse hands parcels over and the days carriers deliver (each country's
// week rests on its own weekend), the cut-off (earlier in Ramadan), each speed's zones and days on the
// way, and the public holidays (holidays.ts gives the defaults). Every day and cut-off is on the
// country's own clocks (its IANA zone, shared/country-days.ts): 2 pm is 2 pm in Dubai and in Kuwait.
import { dateIn, instantIn } from '../country-days';
import { addDays } from '../gulf-days';
import { inRamadan } from './holidays';

import { DELIVERY_SPEEDS, type DeliverySpeed } from './speeds';

export { DELIVERY_SPEEDS, type DeliverySpeed };

interface SpeedRule {
  speed: DeliverySpeed;
  /** The areas (Kuwait) or cities (Saudi Arabia) it reaches, by id; 'all' for the whole country. */
  zones: 'all' | readonly number[];
  /** Delivery days after the day it leaves: 0 the same day, 1 the next delivery day. */
  transitDays: number;
  /** Minutes after the country's midnight by which an order leaves that day, when it differs from the warehouse's. */
  cutoff?: number;
  ramadanCutoff?: number;
}

export interface DeliveryRules {
  /** Days of the week (0 Sunday … 6 Saturday) the warehouse hands parcels to the carriers. */
  dispatchDays: readonly number[];
  /** Days of the week the carriers deliver. */
  deliveryDays: readonly number[];
  /** Minutes after the country's midnight by which an order leaves the same day; in Ramadan the shorter hours'. */
  cutoff: number;
  ramadanCutoff: number;
  speeds: readonly SpeedRule[];
}

export interface DeliveryPromise {
  speed: DeliverySpeed;
  /** The day it leaves the warehouse and the day it arrives (the country's days, YYYY-MM-DD). */
  ships: string;
  arrives: string;
  /** The instant the promise moves (the cut-off of the day it would leave): "order within 2 h". */
  orderBy: number;
}

export interface PromiseInput {
  now: number;
  /** The country's IANA time zone (`TIME_ZONES[country]`): its days and cut-offs are on its clocks. */
  timeZone: string;
  rules: DeliveryRules;
  /** The country's holidays (its days) the owner kept or set. */
  holidays: ReadonlySet<string>;
  /** Her area or city once known; null before (only speeds for the whole country are promised). */
  zone: number | null;
  /** Working days before the stock can leave (0 from the country's warehouse; more from elsewhere). */
  handlingDays?: number;
}

const MINUTE = 60_000;
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

function reaches(rule: SpeedRule, zone: number | null): boolean {
  return rule.zones === 'all' || (zone !== null && rule.zones.includes(zone));
}

/** The first day on or after `date` that is one of `days` and no holiday (a year at most). */
function firstOpen(date: string, days: readonly number[], holidays: ReadonlySet<string>): string | null {
  let d = date;
  for (let i = 0; i < 366; i++, d = addDays(d, 1)) if (days.includes(weekday(d)) && !holidays.has(d)) return d;
  return null;
}

/** The instant of a day's minute on a zone's clocks. */
const at = (timeZone: string, date: string, minutes: number) => instantIn(timeZone, date) + minutes * MINUTE;

/** Each speed the shop offers her zone, with its day; the fastest first. */
export function deliveryPromises(input: PromiseInput): DeliveryPromise[] {
  const out: DeliveryPromise[] = [];
  for (const rule of input.rules.speeds) {
    if (!reaches(rule, input.zone)) continue;
    const promise = promiseFor(rule, input);
    if (promise) out.push(promise);
  }
  return out.sort((a, b) => a.arrives.localeCompare(b.arrives) || a.orderBy - b.orderBy);
}

function promiseFor(
  rule: SpeedRule,
  { now, timeZone, rules, holidays, handlingDays = 0 }: PromiseInput,
): DeliveryPromise | null {
  const cutoffOf = (date: string) =>
    inRamadan(date) ? (rule.ramadanCutoff ?? rules.ramadanCutoff) : (rule.cutoff ?? rules.cutoff);
  // The first day whose cut-off is still ahead: today before it, else the next day the warehouse works.
  let leaves = firstOpen(dateIn(timeZone, now), rules.dispatchDays, holidays);
  while (leaves && at(timeZone, leaves, cutoffOf(leaves)) <= now)
    leaves = firstOpen(addDays(leaves, 1), rules.dispatchDays, holidays);
  if (!leaves) return null;
  const orderBy = at(timeZone, leaves, cutoffOf(leaves));
  let ships: string | null = leaves;
  for (let i = 0; i < handlingDays && ships; i++) ships = firstOpen(addDays(ships, 1), rules.dispatchDays, holidays);
  if (!ships) return null;
  let arrives = firstOpen(ships, rules.deliveryDays, holidays);
  for (let i = 0; i < rule.transitDays && arrives; i++)
    arrives = firstOpen(addDays(arrives, 1), rules.deliveryDays, holidays);
  return arrives ? { speed: rule.speed, ships, arrives, orderBy } : null;
}

/**
 * The day a speed arrives when ordered once its cut-off has passed (issue 73): what the page warns of
 * beside "order by 2:00 PM", so the move is said before it happens. Null when nothing is promised then.
 */
export function arrivesAfterCutoff(input: PromiseInput, promise: DeliveryPromise): string | null {
  const later = deliveryPromises({ ...input, now: promise.orderBy }).find((p) => p.speed === promise.speed);
  return later?.arrives ?? null;
}

/** A promise as the API answers it (product, cart, checkout, order), in its field names. */
export interface PromiseAnswer {
  promises: Array<{
    speed: DeliverySpeed;
    arrives: string;
    order_by: number;
    /** The day as the shopper reads it, in the answer's language ("Sat, Nov 28", with the Hijri day
     * in Arabic): written by the API, so the page carries no date code of its own. */
    day: string;
    /** By when to order for that day, in the answer's language ("Order by 2:00 PM"; issue 73). */
    order_by_text: string;
    /** The day it arrives if ordered after that ("Orders after that arrive Sun, Nov 29."): the warning. */
    then_text: string | null;
    /** The product page's: the speed's fee for this product alone, below and above free delivery. */
    fee_text?: string;
    fee_free_delivery_text?: string;
  }>;
  /** The instant the first of them moves: a page that shows them is kept no longer. */
  valid_until: number;
}

/**
 * The cart's and checkout's delivery (decision 65): each speed offered for her zone with its day and
 * its fee for this cart (free-delivery rules applied, minor units), the speed the order takes, and why
 * a speed she asked for is not offered.
 */
export interface CheckoutDelivery {
  promises: Array<PromiseAnswer['promises'][number] & { fee: number }>;
  valid_until: number;
  speed: DeliverySpeed;
  problem: 'delivery_speed_unavailable' | null;
}
