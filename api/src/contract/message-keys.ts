// The message keys a route may answer in meta.msg beyond the ones it declares (decision 68): those its
// contract produces, and those any route may answer. A route's `messages` lists only its own keys, so
// these two lists are the rest of what it can say. The OpenAPI document (./openapi.ts) describes them,
// and every API integration test refuses an answer whose key is in none of the three
// (tests/integration/api/helpers.ts).
import type { MessageKey } from '#shared/api/message-keys';
import type { RouteContract } from './route-contract';

/** The keys any route may answer, whatever it does: each is decided outside the route's own code. */
export const APP_WIDE_MESSAGES = [
  // A plain success: ok(data) without a key of its own (shared/api/envelope.ts).
  'ok',
  // The signature check runs before every route (api/src/index.ts, middleware/signature).
  'signature_missing',
  'signature_invalid',
  'signature_expired',
  'signature_replayed',
  // The device token is checked before every route but a few exemptions (middleware/device).
  'device_token_invalid',
  // 429 limits guard the API against floods (lib/limits.ts, accounts/rate-limit.ts, the forms' limit): a
  // limit is put on or moved between routes without changing what they do, and the client shows the key
  // with Retry-After whichever route answered. A limit whose key means something to its form (a phone
  // code's wait, an export too soon) is the route's own and is declared there.
  'rate_limited',
  'too_many_requests',
  'too_many_attempts',
  // The server's trouble, never the route's (5xx; the onError of api/src/index.ts): an unexpected error,
  // the database busy or a shopper's data moving between shards (503), a gateway that did not answer (502).
  'server_error',
  'service_busy',
  'upstream_unavailable',
] as const satisfies readonly MessageKey[];

/** The keys a route's contract answers itself, before its handler runs (./validate.ts). */
export function contractMessages(entry: RouteContract): MessageKey[] {
  const keys = new Set<MessageKey>();
  if (entry.user) keys.add('unauthorized');
  if (entry.staff) keys.add('unauthorized').add('forbidden');
  if (entry.params) keys.add(entry.badParams === 'bad_request' ? 'bad_request' : 'not_found');
  if (entry.query) keys.add('bad_request');
  // A body that is no JSON is bad_request; JSON that is not the schema's, validation_failed.
  if (entry.body) keys.add('validation_failed').add('bad_request');
  // The upload routes' shared size check, declared and read (a type refused is each route's own key).
  if (entry.rawBody) keys.add('upload_too_large');
  return [...keys];
}
