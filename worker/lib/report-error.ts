// Server error reporting: every error goes to the log, and to Sentry (@sentry/cloudflare, set up around
// the whole handler in worker/index.ts) when a DSN is configured. Hono answers errors itself in
// onError, so the SDK's wrapper never sees them: they are captured here.
import { captureException } from '@sentry/cloudflare';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { log } from './log';

export function reportError(c: Context<AppEnv>, error: unknown): void {
  log.error('storefront error', { method: c.req.method, path: new URL(c.req.url).pathname, error });
  if (c.var.config?.SENTRY_DSN) captureException(error);
}
