// What a shopper's own parts of a page read besides her ask (her kept page's trip, decision 76): the env
// whose DB is her request's (its D1 session, counted and retried as the middlewares make it), the
// configuration, and where to put work that may finish after the answer. A route makes them from its
// context; the storefront's door makes them itself (door/her-parts.ts, decision 80).
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { ApiConfig } from '../lib/config';

export interface HerDeps {
  env: ApiEnv;
  config: ApiConfig;
  waitUntil: (work: Promise<unknown>) => void;
}

export function herDeps(c: Context<AppEnv>): HerDeps {
  return { env: c.env, config: c.var.config, waitUntil: (work) => c.executionCtx.waitUntil(work) };
}
