// The order of a parcel's steps (decision 66): an event whose rank is not above the parcel's
// status_rank changes nothing, so a late or repeated event never moves a parcel back. A failed attempt
// is followed by another "out for delivery": the cycle is told apart by the attempts that failed before
// the event, so the second round ranks above the first, and a stale "in transit" stays below both.
import type { ParcelStatus } from '#api/src/carriers/types';

/** Within one round of delivery attempts. */
const STEP: Record<Exclude<ParcelStatus, 'cancelled' | 'returning' | 'returned' | 'delivered'>, number> = {
  created: 1,
  picked_up: 2,
  in_transit: 3,
  out_for_delivery: 4,
  failed_attempt: 5,
};

/** Ends of the parcel's journey, above every round: delivered above coming back. */
const FINAL: Record<'cancelled' | 'returning' | 'returned' | 'delivered', number> = {
  cancelled: 800_000,
  returning: 900_000,
  returned: 900_001,
  delivered: 1_000_000,
};

/** Rounds never reach the final ranks: a carrier gives up long before. */
const ROUND = 100;

/**
 * An event's rank: `failedBefore` is how many failed attempts of this parcel happened before it (a
 * failed attempt does not count itself), so round n's steps rank n·100 + step.
 */
export function parcelRank(status: ParcelStatus, failedBefore: number): number {
  if (status in FINAL) return FINAL[status as keyof typeof FINAL];
  return Math.min(failedBefore, 7_999) * ROUND + STEP[status as keyof typeof STEP];
}

/**
 * SQL for when a parcel was delivered (its first "delivered" event), else the far future: events after
 * it are the carrier's record (staff see them) but change neither her page nor the parcel's counts.
 */
export const DELIVERED_AT = (shipment: string) =>
  `COALESCE((SELECT min(d.at) FROM shipment_events d WHERE d.shipment_id = ${shipment} AND d.status = 'delivered'), 9e15)`;
