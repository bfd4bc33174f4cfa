// Changing the shop's country in this browser (KW/SA): the session's country (every call's x-country),
// its cookie (the server's pages) and the calls cached in the other currency. The header's switch and a
// cart reminder's link (which brings its cart back in the cart's own country) both do it.
import { COOKIE_NAMES, type CountryCode } from '#shared/locale';
import { setCookie } from '../lib/cookies';
import type { SessionState } from './session';

export function switchCountry(session: SessionState, code: CountryCode): void {
  session.country = code;
  setCookie(COOKIE_NAMES.country, code);
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('api:')) sessionStorage.removeItem(key);
  } catch {
    // no storage: nothing cached
  }
}
