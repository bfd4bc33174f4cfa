// Redirect targets that come from a URL or a stored value (`to`, `return_url`, a payment's return
// path) are accepted only as paths of this site. The check resolves the value the way a browser does
// (WHATWG URL: tab, CR and LF removed, `\` read as `/`, `%2e%2e` as `..`) and keeps the result only
// when it stays on the same origin; encoded `//` and `/\` are refused too, for any later decoder.
// Pure: used by the storefront worker and the client alike.

const BASE = 'https://same-origin.invalid';
/** What browsers silently drop from a URL before parsing it. */
const BROWSER_STRIPPED = /[\t\n\r]/g;
/** A redirect target beginning like this leaves the site (protocol-relative). */
const OFF_SITE_START = /^\/[/\\]/;
const MAX_LENGTH = 2048;

/** CR, LF and NUL cannot go into a Location header: such a target is a bad request (400). */
export function breaksHeader(value: string): boolean {
  return /[\r\n\0]/.test(value);
}

function decodedFully(value: string): string | null {
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** The same-origin path (with query and hash) a redirect to `value` may use, or null. */
export function sameOriginPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  const stripped = value.replace(BROWSER_STRIPPED, '');
  // Other control characters have no place in a path; refuse rather than guess.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (/[\0-\x1f\x7f]/.test(stripped)) return null;
  if (!stripped.startsWith('/') || OFF_SITE_START.test(stripped)) return null;
  const decoded = decodedFully(stripped);
  if (decoded === null || OFF_SITE_START.test(decoded.replace(BROWSER_STRIPPED, ''))) return null;
  let url: URL;
  try {
    url = new URL(stripped, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  // "/a/..//evil" resolves to "//evil": still a way off the site.
  return OFF_SITE_START.test(path) ? null : path;
}
