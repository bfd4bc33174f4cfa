// How the API answers an error, whichever way the call came in: the app's onError (api/src/index.ts) and
// the storefront's door's methods (door/her-parts.ts). One mapping, so a method call and an HTTP call
// of the same trouble get the same status and message key.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import type { MessageKey } from '#shared/api/message-keys';
import { BUSY_RETRY_AFTER_SECONDS, isTransientDbError } from '../db/transient';
import { ApiError, TooManyRequests } from '../lib/errors';

export interface ErrorAnswer {
  status: ContentfulStatusCode;
  key: MessageKey;
  /** The error's details, answered as the envelope's data (a validation failure's fields). */
  details?: unknown;
  /** Seconds after which trying again can succeed (Retry-After). */
  retryAfter?: number;
  /**
   * `refusal`: the caller's (an ApiError or Hono's own 4xx); `busy`: D1 busy or restarting after the
   * retries that are safe, the server's trouble for a moment (logged as a warning, never a 500 and never
   * a refusal that blames the shopper); `bug`: anything else, reported.
   */
  kind: 'refusal' | 'busy' | 'bug';
}

export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      key: error.key,
      ...(error.details ? { details: error.details } : {}),
      ...(error instanceof TooManyRequests ? { retryAfter: error.retryAfter } : {}),
      kind: 'refusal',
    };
  }
  if (error instanceof HTTPException)
    return { status: error.status, key: error.status === 404 ? 'not_found' : 'bad_request', kind: 'refusal' };
  if (isTransientDbError(error))
    return { status: 503, key: 'service_busy', retryAfter: BUSY_RETRY_AFTER_SECONDS, kind: 'busy' };
  return { status: 500, key: 'server_error', kind: 'bug' };
}
