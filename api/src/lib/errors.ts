import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MessageKey } from '#shared/api/message-keys';

/** A known failure: becomes a 4xx envelope whose meta.msg is a message key. */
export class ApiError extends HTTPException {
  readonly key: MessageKey;
  readonly details: unknown;
  constructor(status: ContentfulStatusCode, key: MessageKey, details?: unknown) {
    super(status, { message: key });
    this.key = key;
    this.details = details;
  }
}

/** A limit was reached: 429 with the seconds after which trying again can succeed (Retry-After). */
export class TooManyRequests extends ApiError {
  readonly retryAfter: number;
  /** `inBody`: the seconds also go in the envelope's data (`retry_after`), for a form's countdown. */
  constructor(key: MessageKey, retryAfterSeconds: number, inBody = false) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, key, inBody ? { retry_after: seconds } : undefined);
    this.retryAfter = seconds;
  }
}
