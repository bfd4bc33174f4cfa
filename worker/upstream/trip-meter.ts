// Counts one request's calls to the API and the sequential steps they took: calls sent while another
// is in flight share its step, so a page whose loaders run together counts one step however many calls
// they make. At the edge each step is a long haul to wherever the API runs; the bench and the tests
// read both numbers (x-api-calls, x-api-steps outside production) to hold a page to one.

export interface TripMeter {
  calls: number;
  steps: number;
  inFlight: number;
  /** Outside production: a simulated round trip added to each call (the bench's geography mode). */
  simulatedRttMs: number;
  /** Outside production: a simulated round trip the API adds to each D1 round trip. */
  simulatedD1RttMs: number;
  /** Outside production, when the request asked (x-d1-sql: 1): the distinct D1 statements behind it. */
  sql?: Set<string>;
}

export function newTripMeter(): TripMeter {
  return { calls: 0, steps: 0, inFlight: 0, simulatedRttMs: 0, simulatedD1RttMs: 0 };
}

/** Runs one upstream call under the meter, after the simulated round trip when one is set. */
async function metered<T>(meter: TripMeter | undefined, call: () => Promise<T>): Promise<T> {
  if (!meter) return call();
  meter.calls += 1;
  if (meter.inFlight === 0) meter.steps += 1;
  meter.inFlight += 1;
  try {
    if (meter.simulatedRttMs > 0) await new Promise((resolve) => setTimeout(resolve, meter.simulatedRttMs));
    return await call();
  } finally {
    meter.inFlight -= 1;
  }
}

/**
 * One call under the meter that answers 'timeout' after `ms` (and runs `onTimeout`, which may abort it):
 * the timer wins the race even when the call ignores being aborted. No retry follows (spec §9).
 */
export async function meteredWithin<T>(
  meter: TripMeter | undefined,
  ms: number,
  call: () => Promise<T>,
  onTimeout: () => void = () => undefined,
): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      onTimeout();
      resolve('timeout');
    }, ms);
  });
  try {
    return await Promise.race([metered(meter, call), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
