// The booking's rules as the shopper reads them before she pays, from the time she picked: free cancel
// until 24 hours before (then no refund), moving the time up to twice until 24 hours before, and the
// join window. The API applies the same numbers (shared/consultations rules); the profile shows the
// times the API answers for a booked consultation.
export const CANCEL_FREE_HOURS = 24;
export const RESCHEDULE_HOURS = 24;
export const RESCHEDULE_MAX = 2;
export const JOIN_OPENS_MINUTES = 10;
export const JOIN_CLOSES_MINUTES = 30;
export const HOLD_MINUTES = 10;

const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface RuleTimes {
  cancelFreeUntil: number;
  rescheduleUntil: number;
  rescheduleMax: number;
  joinOpensAt: number;
  joinClosesAt: number;
}

export function ruleTimes(startsAt: number, endsAt: number): RuleTimes {
  return {
    cancelFreeUntil: startsAt - CANCEL_FREE_HOURS * HOUR,
    rescheduleUntil: startsAt - RESCHEDULE_HOURS * HOUR,
    rescheduleMax: RESCHEDULE_MAX,
    joinOpensAt: startsAt - JOIN_OPENS_MINUTES * MINUTE,
    joinClosesAt: endsAt + JOIN_CLOSES_MINUTES * MINUTE,
  };
}
