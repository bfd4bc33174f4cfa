// After a request that may have queued mail (see where index.ts mounts it), a delivery run starts
// once the answer is on its way: the shopper never waits for the mail provider, and a provider
// failure only leaves the row for the cron's next run.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { deliverDueMail } from './deliver';
import { log } from '../lib/log';

export function deliverMailAfter(): MiddlewareHandler<AppEnv> {
  return async function deliverMailAfter(c, next) {
    await next();
    if (c.req.method !== 'POST' || c.res.status >= 400) return;
    let waitUntil: (promise: Promise<unknown>) => void;
    try {
      const ctx = c.executionCtx;
      waitUntil = ctx.waitUntil.bind(ctx);
    } catch {
      return; // no execution context (called outside a worker): the cron delivers it
    }
    waitUntil(deliverDueMail(c.env, { limit: 10 }).catch((error) => log.error('mail delivery run failed', { error })));
  };
}
