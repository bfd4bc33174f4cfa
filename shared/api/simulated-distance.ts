// The bench's geography mode (bench/geography.mjs): on localhost every hop costs a millisecond, so the
// cost of distance is simulated. A page request may carry `x-simulate-rtt: api=120` (each call from
// the storefront to the API waits 120 ms: the storefront at a Gulf edge, the API beside D1) or
// `d1=120` (each D1 round trip waits 120 ms: both workers at the edge, D1 far away). Both workers
// ignore it in production.

export const SIMULATED_RTT_HEADER = 'x-simulate-rtt';
/** The D1 part, passed from the storefront to the API on each call of the request. */
export const SIMULATED_D1_RTT_HEADER = 'x-simulate-d1-rtt';

const MAX_MS = 2000;

export interface SimulatedDistance {
  apiMs: number;
  d1Ms: number;
}

/** Reads `api=120`, `d1=120` or `api=120,d1=40`; anything else (or a value over 2 s) is no delay. */
export function parseSimulatedDistance(value: string | null | undefined): SimulatedDistance {
  const out: SimulatedDistance = { apiMs: 0, d1Ms: 0 };
  for (const part of (value ?? '').split(',')) {
    const match = /^\s*(api|d1)=(\d{1,4})\s*$/.exec(part);
    if (!match) continue;
    const ms = Math.min(Number(match[2]), MAX_MS);
    if (match[1] === 'api') out.apiMs = ms;
    else out.d1Ms = ms;
  }
  return out;
}
