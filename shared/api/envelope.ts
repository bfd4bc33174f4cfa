// The response envelope every API call returns: `{ data, meta }` (spec §7: payloads live in data.data
// from the client's point of view of an HTTP response body).

/** msgType 0: success or information; 1: error (spec §8). */
type MsgType = 0 | 1;

export interface Meta {
  /** A message key from the dictionaries, or a literal text when no key fits. */
  msg: string;
  /** HTTP status, or CACHED_CODE for a response served from the storefront cache. */
  code: number;
  msgType: MsgType;
  /** Set when msg is a literal text, so the client can still translate it. */
  key?: string;
}

export interface Envelope<T> {
  data: T;
  meta: Meta;
}

/** Internal status for a response served from the storefront's KV cache: a success (spec §4). */
export const CACHED_CODE = 700;

/** The literal timeout text of spec §8. */
export const TIMEOUT_MESSAGE = 'Looks like the server is taking to long to respond, please try again...';

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { data, meta: { msg, code: 200, msgType: 0 } };
}

export function fail(msg: string, code: number, key?: string): Envelope<null> {
  return { data: null, meta: key ? { msg, code, msgType: 1, key } : { msg, code, msgType: 1 } };
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (!value || typeof value !== 'object') return false;
  const meta = (value as { meta?: unknown }).meta;
  return !!meta && typeof meta === 'object' && typeof (meta as Meta).code === 'number';
}
