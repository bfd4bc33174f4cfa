// Server error reporting: Sentry through toucan-js when a DSN is configured, the log otherwise.
import type { Context } from 'hono';
import { Toucan } from 'toucan-js';
import { ERROR_SAMPLE_RATE, TRACES_SAMPLE_RATE } from '../../shared/constants';
import type { AppEnv } from '../app-env';

export function reportError(c: Context<AppEnv>, error: unknown): void {
  console.error('storefront error', c.req.method, new URL(c.req.url).pathname, error);
  const dsn = c.var.config?.SENTRY_DSN;
  if (!dsn) return;
  const sentry = new Toucan({
    dsn,
    context: c.executionCtx,
    request: c.req.raw,
    environment: c.var.config.ENVIRONMENT,
    sampleRate: ERROR_SAMPLE_RATE,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    // Spec §9: mask text. Request bodies and cookies are never sent.
    requestDataOptions: { allowedHeaders: ['user-agent', 'referer'], allowedSearchParams: /^$/ },
  });
  sentry.captureException(error);
}
