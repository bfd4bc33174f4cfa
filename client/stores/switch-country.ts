// Changing the shop's country in this browser: the session's country (every call's x-country), its
// cookie (the server's pages) and the calls cached in the other currency. The header's switch and a
// cart reminder's link (which brings its cart back in the cart's own country) both do it.
import { COOKIE_NAMES, type CountryCode } from '#shared/locale';
import { setCookie } from '../lib/cookies';
import type { SessionState } from './session';

export async function switchCountry(session: SessionState, code: CountryCode): Promise<void> {
  // The page knew her old country's facts only (decision 77): the registry teaches money.ts every
  // country's (shared/countries/known.ts) before a price is shown in the new currency.
  await import('#shared/countries');
  session.country = code;
  setCookie(COOKIE_NAMES.country, code);
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('api:')) sessionStorage.removeItem(key);
  } catch {
    // no storage: nothing cached
  }
}
