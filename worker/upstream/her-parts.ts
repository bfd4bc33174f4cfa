// Her parts of her kept page through the API's door by a method call (decision 80): the one call of her
// first view of her home or a product while her pass is fresh. Metered as any call to the API (one call,
// one step, the bench's simulated long haul), under the same timeout, and never rejecting: a call that
// failed or took too long answers null, which her page shows as her parts not loading (her-page.ts).
// Only through the binding: with API_ORIGIN (the API over HTTPS) there is no door, and a binding that
// offers no such method (a stand-in API of the tests) is asked over HTTP as before.
import type { HerPartsAnswer, HerPartsAsk, HerPartsDoor } from '#shared/api/her-parts-door';
import type { StorefrontConfig } from '../config';
import { currentTrips, log } from '../lib/log';
import { meteredWithin } from './trip-meter';

/** The door's method, where her parts can be asked by it. */
export function herPartsDoor(env: StorefrontEnv, config: StorefrontConfig): HerPartsDoor | null {
  if (config.API_ORIGIN) return null;
  const door = env.API as unknown as Partial<HerPartsDoor>;
  return typeof door.herParts === 'function' ? (door as HerPartsDoor) : null;
}

/** Her parts by the door's method; null when the API could not answer in time (logged here). */
export async function askHerParts(
  door: HerPartsDoor,
  config: StorefrontConfig,
  ask: Omit<HerPartsAsk, 'meter'>,
): Promise<HerPartsAnswer | null> {
  const trips = currentTrips();
  const meter = trips ? { d1RttMs: trips.simulatedD1RttMs, sql: trips.sql !== undefined } : null;
  try {
    const outcome = await meteredWithin(trips, config.API_TIMEOUT_MS, () => door.herParts({ ...ask, meter }));
    if (outcome === 'timeout') {
      log.error('upstream timed out', { method: 'RPC', path: 'herParts' });
      return null;
    }
    return outcome;
  } catch (error) {
    log.error('upstream unavailable', { method: 'RPC', path: 'herParts', error });
    return null;
  }
}
