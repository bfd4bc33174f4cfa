// Message keys the API and the storefront worker put in meta.msg. Each one is also a dictionary key,
// so the client can show it in either language (checked by a unit test).
export const MESSAGE_KEYS = [
  'ok',
  'bad_request',
  'validation_failed',
  'not_found',
  'method_not_allowed',
  'signature_missing',
  'signature_invalid',
  'signature_expired',
  'signature_replayed',
  'device_token_invalid',
  'unauthorized',
  'forbidden_cross_site',
  'payload_too_large',
  'server_error',
  'request_timeout',
  'upstream_unavailable',
  'invalid_credentials',
  'email_taken',
  'too_many_attempts',
  'reset_link_invalid',
  'phone_invalid',
  'too_many_requests',
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];
