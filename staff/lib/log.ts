// The staff worker's logger: one JSON line per entry with this request's id (decision 16's shape).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { createLogger } from '#shared/observability/log';
import { REQUEST_ID_HEADER, requestIdFrom } from '#shared/observability/request-id';

const context = new AsyncLocalStorage<{ reqid: string }>();

export const log = createLogger('staff', () => context.getStore()?.reqid);

/** This request's id, for the error reports' tags. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqid;
}

export function requestContext(): MiddlewareHandler[] {
  return [
    requestId({ headerName: '', generator: (c) => requestIdFrom(c.req.header(REQUEST_ID_HEADER)) }),
    async function logContext(c, next) {
      const reqid = c.get('requestId') as string;
      c.header(REQUEST_ID_HEADER, reqid);
      const started = Date.now();
      await context.run({ reqid }, next);
      context.run({ reqid }, () =>
        log.info('request', { method: c.req.method, path: c.req.path, status: c.res.status, ms: Date.now() - started }),
      );
    },
  ];
}
