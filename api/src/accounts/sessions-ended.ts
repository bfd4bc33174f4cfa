// Tells the edge that a shopper's sessions ended (shared/session-ended.ts): written after the sessions'
// rows are revoked, so that the storefront's session passes made before now stop vouching for her.
import { SESSIONS_ENDED_TTL_S, sessionsEndedKey } from '#shared/session-ended';
import { log } from '../lib/log';

/**
 * Records that her sessions ended now. Never throws: the sessions are ended in D1 already, and without
 * the record a pass still lasts only its own 10 minutes (and shows nothing of her: decision 76).
 */
export async function noteSessionsEnded(env: Pick<ApiEnv, 'STOREFRONT_CACHE'>, userId: number): Promise<void> {
  try {
    await env.STOREFRONT_CACHE.put(sessionsEndedKey(userId), String(Date.now()), {
      expirationTtl: SESSIONS_ENDED_TTL_S,
    });
  } catch (error) {
    log.warn('sessions ended not told to the edge', { error });
  }
}
