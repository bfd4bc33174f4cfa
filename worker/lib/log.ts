// The storefront's logger: every line carries this request's id (x-reqid), read from the request
// context, so code far from the Hono context (upstream calls) logs it too.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { createLogger } from '#shared/observability/log';
import { REQUEST_ID_HEADER, requestIdFrom } from '#shared/observability/request-id';

const context = new AsyncLocalStorage<{ reqid: string }>();

export const log = createLogger('storefront', () => context.getStore()?.reqid);

/** This request's id, for upstream calls made outside a Hono handler's reach. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqid;
}

/**
 * Takes a safe x-reqid from the caller or makes one (hono/request-id's own check lets short ids and
 * "=" through, so the header is read and validated here), answers with it, and runs the request in
 * its log context, ending with one line that says how it went.
 */
export function requestContext(): MiddlewareHandler[] {
  return [
    requestId({ headerName: '', generator: (c) => requestIdFrom(c.req.header(REQUEST_ID_HEADER)) }),
    async function logContext(c, next) {
      const reqid = c.get('requestId') as string;
      c.header(REQUEST_ID_HEADER, reqid);
      const started = Date.now();
      await context.run({ reqid }, next);
      // One line per request (path without its query: search terms stay out of the logs).
      context.run({ reqid }, () =>
        log.info('request', { method: c.req.method, path: c.req.path, status: c.res.status, ms: Date.now() - started }),
      );
    },
  ];
}
