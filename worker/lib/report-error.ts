// The storefront's error reports: the shared reporter (#shared/observability/report-error.ts) bound to
// this worker's logger and DSN. Each worker has this module with this shape (api/src/lib/report-error.ts,
// staff/lib/report-error.ts), because each has its own logger, context type and configuration.
// The DSN is read where the set-up reads it (env.SENTRY_DSN): events are captured exactly when the
// SDK was set up around the handler.
import type { Context } from 'hono';
import { reportServerError, reportWarning } from '#shared/observability/report-error';
import type { AppEnv } from '../app-env';
import { log } from './log';

export function reportError(c: Context<AppEnv>, error: unknown): void {
  reportServerError(
    { log, message: 'storefront error', dsn: c.env.SENTRY_DSN },
    { method: c.req.method, path: new URL(c.req.url).pathname },
    error,
  );
}

/** A warning event for something wrong that is not an exception (a CSP violation). */
export function reportProblem(c: Context<AppEnv>, message: string, tags: Record<string, string>): void {
  reportWarning(c.env.SENTRY_DSN, message, tags);
}
