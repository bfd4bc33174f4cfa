// The shop's delivery times and return policy as facts, in one place: the product and blood-test pages
// tell search engines these (client/lib/structured-data.ts), and the pages a shopper reads say the same
// (the delivery texts of migration 0005, the return-policy page; tests hold them together).
import type { CountryCode } from '../locale';

/** Days, from the day an order is placed: before it leaves the warehouse, then on its way. */
export interface DeliveryDays {
  handling: readonly [min: number, max: number];
  transit: readonly [min: number, max: number];
  /** Counted in working days (Sunday to Thursday), not every day. */
  workingDays: boolean;
}

/**
 * Kuwait: every governorate, the same day before the 2 pm cut-off, else the next day. Saudi Arabia: the
 * main cities through the courier partner, 2 to 4 working days.
 */
export const DELIVERY_DAYS: Record<CountryCode, DeliveryDays> = {
  KW: { handling: [0, 1], transit: [0, 1], workingDays: false },
  SA: { handling: [0, 1], transit: [2, 4], workingDays: true },
};

/** Unopened products in their original packaging, within this many days of delivery, collected by courier. */
export const RETURN_WINDOW_DAYS = 14;
