// After a request that may have queued mail or texts to phones (see where index.ts mounts these), a
// delivery run starts once the answer is on its way: the shopper never waits for the provider, and a
// provider failure only leaves the row for the cron's next run.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { deliverDueMail } from './deliver';
import { log } from '../lib/log';

export function afterAnswer(what: string, run: (c: Context<AppEnv>) => Promise<unknown>): MiddlewareHandler<AppEnv> {
  return async function deliverAfter(c, next) {
    await next();
    if (c.req.method !== 'POST' || c.res.status >= 400) return;
    let waitUntil: (promise: Promise<unknown>) => void;
    try {
      const ctx = c.executionCtx;
      waitUntil = ctx.waitUntil.bind(ctx);
    } catch {
      return; // no execution context (called outside a worker): the cron delivers it
    }
    waitUntil(run(c).catch((error) => log.error(`${what} delivery run failed`, { error })));
  };
}

export const deliverMailAfter = () => afterAnswer('mail', (c) => deliverDueMail(c.env, { limit: 10 }));
