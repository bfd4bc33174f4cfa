// How long is left before a promise's cut-off, in whole hours and minutes ("order within 3 h 20 min").
// Apart from promise.ts so that the pages which print the countdown carry no rule code (decision 65).

const MINUTE = 60_000;

/** Hours and minutes from `now` to `orderBy`, rounded down to the minute; null once it has passed. */
export function timeLeft(orderBy: number, now: number): { hours: number; minutes: number } | null {
  const total = Math.floor((orderBy - now) / MINUTE);
  if (total < 1) return null;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
