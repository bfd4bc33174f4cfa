// The commerce API's logger: every line carries this request's id (x-reqid), read from the request
// context (shared/observability/request-log.ts), so code far from the Hono context (mail, payments)
// logs it too; cron runs get their own id.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { REQUEST_ID_HEADER, requestIdFrom } from '#shared/observability/request-id';
import { type RequestLog, requestLog } from '#shared/observability/request-log';

const api = requestLog('api', new AsyncLocalStorage<{ reqid: string }>());

export const { log, currentRequestId, withFreshRequestId } = api;

/** Runs a call that came by a method of the storefront's door (decision 80) under its request id. */
export const runRequest: RequestLog['runRequest'] = api.runRequest;

/**
 * Takes the storefront's x-reqid, or makes one when it is missing or unsafe (hono/request-id's own check
 * lets short ids and "=" through, so the header is read and validated here), answers with it, and runs
 * the request in its log context, ending with one line that says how it went.
 */
export function requestContext(): MiddlewareHandler[] {
  return [
    requestId({ headerName: '', generator: (c) => requestIdFrom(c.req.header(REQUEST_ID_HEADER)) }),
    (c, next) => api.logContext(c, next),
  ];
}
