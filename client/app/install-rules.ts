// When to offer installing the app. The browser's own offer (beforeinstallprompt) is held
// back and shown only after a real sign of interest, never on the first page of a visit:
// - an order was just placed (the success page of a shop or blood-test checkout): the shopper now has
//   something to come back for, and the app's notifications will tell them about it; or
// - a returning shopper (second visit or later) with something in the cart: they came back to buy.
// "Not now" keeps it away for 30 days.
import type { PageId } from '#shared/page-paths';

const DISMISS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Storage keys: visits and the dismissal in localStorage, the visit's page views in sessionStorage. */
export const INSTALL_KEYS = {
  dismissedAt: 'app-install-dismissed',
  visits: 'app-visits',
  pageViews: 'app-page-views',
} as const;

const ORDER_PLACED: readonly PageId[] = ['checkout-success', 'bt-checkout-success'];

export interface InstallMoment {
  /** The page being shown (undefined on a not-found page). */
  page: PageId | undefined;
  /** Page views in this visit (tab session), this one included. */
  pageViews: number;
  /** Visits from this browser, this one included. */
  visits: number;
  cartCount: number;
  /** When "Not now" was chosen (ms since the epoch), if ever. */
  dismissedAt: number | null;
  now: number;
}

export function shouldOfferInstall(m: InstallMoment): boolean {
  if (m.dismissedAt !== null && m.now - m.dismissedAt < DISMISS_DAYS * DAY_MS) return false;
  if (m.pageViews < 2) return false;
  if (m.page && ORDER_PLACED.includes(m.page)) return true;
  return m.visits >= 2 && m.cartCount > 0;
}

/** A stored number, or null when missing or not a number. */
export function storedNumber(value: string | null): number | null {
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}
