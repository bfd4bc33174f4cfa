// Request bodies are capped before a handler reads them: hono/body-limit trusts a Content-Length and
// counts the bytes of a chunked body as they arrive, so an oversized upload is refused without being
// held in memory. The refusal is the shop's envelope with its message key, like every other 4xx.
import { bodyLimit } from 'hono/body-limit';
import { fail } from '#shared/api/envelope';

export function limitBody(maxBytes: number) {
  return bodyLimit({ maxSize: maxBytes, onError: (c) => c.json(fail('payload_too_large', 413), 413) });
}
