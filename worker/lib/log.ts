// The storefront's logger: every line carries this request's id (x-reqid), read from the request
// context, so code far from the Hono context (upstream calls) logs it too. The same context carries
// the request's trip meter (upstream/trip-meter.ts): how many calls it made to the API, and in how
// many sequential steps, reported on the request's log line.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { createLogger } from '#shared/observability/log';
import { REQUEST_ID_HEADER, requestIdFrom } from '#shared/observability/request-id';
import { newTripMeter, type TripMeter } from '../upstream/trip-meter';

const context = new AsyncLocalStorage<{ reqid: string; trips: TripMeter }>();

export const log = createLogger('storefront', () => context.getStore()?.reqid);

/** This request's id, for upstream calls made outside a Hono handler's reach. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqid;
}

/** This request's trip meter; undefined outside a request (a scheduled task, a test calling directly). */
export function currentTrips(): TripMeter | undefined {
  return context.getStore()?.trips;
}

/**
 * Takes a safe x-reqid from the caller or makes one (hono/request-id's own check lets short ids and
 * "=" through, so the header is read and validated here), answers with it, and runs the request in
 * its log context, ending with one line that says how it went and how many API calls it made.
 */
export function requestContext(): MiddlewareHandler[] {
  return [
    requestId({ headerName: '', generator: (c) => requestIdFrom(c.req.header(REQUEST_ID_HEADER)) }),
    async function logContext(c, next) {
      const reqid = c.get('requestId') as string;
      c.header(REQUEST_ID_HEADER, reqid);
      const started = Date.now();
      const trips = newTripMeter();
      await context.run({ reqid, trips }, next);
      // One line per request (path without its query: search terms stay out of the logs).
      context.run({ reqid, trips }, () =>
        log.info('request', {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Date.now() - started,
          api_calls: trips.calls,
          api_steps: trips.steps,
        }),
      );
    },
  ];
}
