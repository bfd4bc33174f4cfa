import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MessageKey } from '../../../shared/api/message-keys';

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
