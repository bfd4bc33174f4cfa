// Server error reporting, the same in every worker (decision 16): each error becomes a log line, and a
// Sentry event when the worker has a DSN. Hono answers errors itself in onError, so the SDK's wrapper
// (sentry-handler.ts, the one Sentry set-up) never sees them: they are captured here. Without a DSN
// the SDK is never set up, and nothing is captured. No Workers globals: the SDK is called, not the runtime.
import { captureException, captureMessage } from '@sentry/cloudflare';
import type { Logger } from './log';

/** Where one worker reports: its logger, the message of its error lines, its DSN ('' or absent: none). */
export interface Reporting {
  log: Logger;
  message: string;
  dsn: string | undefined;
}

/** An error of the request `method path`: logged with it, and sent to Sentry when configured. */
export function reportServerError(to: Reporting, request: { method: string; path: string }, error: unknown): void {
  to.log.error(to.message, { method: request.method, path: request.path, error });
  if (to.dsn) captureException(error);
}

/**
 * Something wrong that is not an exception (a CSP violation): a warning event, only with a DSN. Tags, not
 * extras: the scrubber (scrub.ts) drops extras, so a tag's value must already be fit to keep.
 */
export function reportWarning(dsn: string | undefined, message: string, tags: Record<string, string>): void {
  if (dsn) captureMessage(message, { level: 'warning', tags });
}
