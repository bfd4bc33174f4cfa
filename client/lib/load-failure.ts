// A page that could not load because the connection did, not because of a bug: the route's code
// chunk (a dynamic import) or its data failed to arrive, typically the shopper went offline between
// pages. The route error page then says so, with a retry, instead of "Something went wrong".
import { ApiFailure } from '#shared/api/client';

/** How browsers word a dynamic import that could not be fetched (Chromium, Safari, Firefox). */
const IMPORT_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** The message key for a connection failure ('offline' or 'network_unreachable'), or null for any other error. */
export function loadFailureKey(error: unknown, online: boolean): 'offline' | 'network_unreachable' | null {
  const connection =
    (error instanceof TypeError && IMPORT_FAILED.test(error.message)) ||
    (error instanceof ApiFailure && (error.meta.msg === 'offline' || error.meta.msg === 'network_unreachable'));
  if (!connection) return null;
  return online ? 'network_unreachable' : 'offline';
}
