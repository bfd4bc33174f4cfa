// The 10-minute hold on a home-visit slot, counted down on the page. The visible clock ticks every
// second, but screen readers are told only twice (2 minutes left, expired): a live region that
// changed every second would talk over everything else on the page.

/** When the shopper is warned that the hold is running out. */
export const HOLD_WARN_SECONDS = 120;

/** Whole seconds left until the hold expires (never below zero). */
export function secondsLeft(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000));
}

/** The clock as m:ss with Latin digits, as prices are: 9:05, 0:59. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export type HoldAnnouncement = 'bt_hold_two_minutes' | 'bt_hold_expired';

/**
 * What to announce when the clock moves from `before` to `after` seconds left: the warning once, as
 * the count crosses two minutes (a page opened with less than that left says it at once, `before`
 * being null), and the expiry once.
 */
export function announcementFor(before: number | null, after: number): HoldAnnouncement | null {
  if (after === 0) return before === 0 ? null : 'bt_hold_expired';
  if (after <= HOLD_WARN_SECONDS && (before === null || before > HOLD_WARN_SECONDS)) return 'bt_hold_two_minutes';
  return null;
}
