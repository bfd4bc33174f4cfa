// The API's error reports: the shared reporter (#shared/observability/report-error.ts) bound to this
// worker's logger and DSN. Each worker has this module with this shape (worker/lib/report-error.ts,
// staff/lib/report-error.ts), because each has its own logger, context type and configuration.
// The DSN is read where the set-up reads it (env.SENTRY_DSN): events are captured exactly when the
// SDK was set up around the handler.
import { reportServerError } from '#shared/observability/report-error';
import { log } from './log';

/** The request as far as the report reads it: any Hono context of this worker fits. */
interface ReportedRequest {
  env: Pick<ApiEnv, 'SENTRY_DSN'>;
  req: { method: string; path: string };
}

export function reportError(c: ReportedRequest, error: unknown): void {
  reportServerError(
    { log, message: 'api error', dsn: c.env.SENTRY_DSN },
    { method: c.req.method, path: c.req.path },
    error,
  );
}
