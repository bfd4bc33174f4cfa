import { ApiFailure } from '#shared/api/client';

/** The message key of a failed call: the API's, or the generic one for a network failure. */
export function failureKey(error: unknown): string {
  return error instanceof ApiFailure ? (error.meta.key ?? error.meta.msg) : 'server_error';
}
