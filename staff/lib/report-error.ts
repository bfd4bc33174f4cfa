// The back office's error reports: the shared reporter (#shared/observability/report-error.ts) bound to
// this worker's logger and DSN. Each worker has this module with this shape (worker/lib/report-error.ts,
// api/src/lib/report-error.ts), because each has its own logger, context type and configuration.
// The DSN is read where the set-up reads it (env.SENTRY_DSN): events are captured exactly when the
// SDK was set up around the handler.
import type { Context } from 'hono';
import { reportServerError } from '#shared/observability/report-error';
import type { StaffAppEnv } from '../app-env';
import { log } from './log';

export function reportError(c: Context<StaffAppEnv>, error: unknown): void {
  reportServerError(
    { log, message: 'staff error', dsn: c.env.SENTRY_DSN },
    { method: c.req.method, path: c.req.path },
    error,
  );
}
