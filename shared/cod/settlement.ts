// Where each delivered cash parcel stands (issue 62): paid in full, short, over, missing (delivered
// longer ago than a carrier takes to remit, on no statement) or not yet remitted. The week its totals
// count in is its country's (shared/country-days.ts countryWeekOf: from the first working day, on that
// country's clocks; Sunday in Kuwait and Saudi Arabia, Monday in the Emirates).

/**
 * Days after delivery within which a carrier's statement is expected: Aramex and SMSA remit weekly,
 * so two weeks without the parcel on a statement means it is missing.
 */
export const COD_MISSING_DAYS = 14;
const DAY = 24 * 60 * 60 * 1000;

export const SETTLEMENT_STATUSES = ['paid', 'short', 'over', 'missing', 'not_yet_remitted'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export function settlementStatus(
  cod: number,
  remitted: number | null,
  deliveredAt: number,
  now: number,
  missingDays = COD_MISSING_DAYS,
): SettlementStatus {
  if (remitted === null) return now - deliveredAt > missingDays * DAY ? 'missing' : 'not_yet_remitted';
  return remitted === cod ? 'paid' : remitted < cod ? 'short' : 'over';
}
