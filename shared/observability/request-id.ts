// One id per request (header x-reqid): the storefront takes a well-formed id from its caller or makes
// one, sends it with every upstream call, and both workers write it in every log line and error report.
// Anything else a caller sends is replaced: the id lands in logs and must not carry markup or secrets.

export const REQUEST_ID_HEADER = 'x-reqid';

const SAFE_REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

export function isSafeRequestId(value: string | null | undefined): value is string {
  return typeof value === 'string' && SAFE_REQUEST_ID.test(value);
}

/** The caller's id when it is safe, else a fresh one. */
export function requestIdFrom(value: string | null | undefined): string {
  return isSafeRequestId(value) ? value : crypto.randomUUID();
}
