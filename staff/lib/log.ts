// The staff worker's logger: one JSON line per entry with this request's id (decision 16's shape), from
// the request context both back-end workers share (shared/observability/request-log.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { REQUEST_ID_HEADER, requestIdFrom } from '#shared/observability/request-id';
import { requestLog } from '#shared/observability/request-log';

const staff = requestLog('staff', new AsyncLocalStorage<{ reqid: string }>());

export const { log, currentRequestId } = staff;

/** Takes a safe x-reqid or makes one, answers with it, and runs the request in its log context. */
export function requestContext(): MiddlewareHandler[] {
  return [
    requestId({ headerName: '', generator: (c) => requestIdFrom(c.req.header(REQUEST_ID_HEADER)) }),
    (c, next) => staff.logContext(c, next),
  ];
}
