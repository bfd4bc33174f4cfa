// What a shopper's own parts of a page read besides her ask (her kept page's trip, decision 76): the env
// whose DB is her request's (its D1 session, counted and retried as the middlewares make it), the
// configuration (nothing of hers is left to finish after the answer: her view is written in her read's
// batch, decision 82). A route makes them from its context; the storefront's door makes them itself
// (door/her-parts.ts, decision 80).
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { ApiConfig } from '../lib/config';

export interface HerDeps {
  env: ApiEnv;
  config: ApiConfig;
}

export function herDeps(c: Context<AppEnv>): HerDeps {
  return { env: c.env, config: c.var.config };
}
