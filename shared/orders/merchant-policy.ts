// The shop's delivery times and return policy as facts, in one place: the product and blood-test pages
// tell search engines these (client/lib/structured-data.ts), and the pages a shopper reads say the same
// (the delivery texts of migration 0005, the return-policy page; tests hold them together).

/**
 * Each country's delivery days, from its module (shared/countries/): Kuwait, every governorate, the same
 * day before the 2 pm cut-off, else the next day; Saudi Arabia, the main cities through the courier
 * partner, 2 to 4 working days.
 */
export { DELIVERY_DAYS } from '../countries/delivery';

/** Unopened products in their original packaging, within this many days of delivery, collected by courier. */
export const RETURN_WINDOW_DAYS = 14;
