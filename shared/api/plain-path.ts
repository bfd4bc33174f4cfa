// A path the storefront sends to the API, read as the API reads it: the API's router matches the
// percent-decoded path (`/%73taff` is `/staff`), and a request's URL resolves dot segments before the API
// sees it (`/product/../staff/orders` is `/staff/orders`). The storefront's calls through its binding go
// unsigned (decision 78), and a signature over the raw path no longer catches a path that means another
// one, so a call is sent only when its path means what it says.

/**
 * The path's part before its query, percent-decoded, when it names itself: absolute, decodable, no control
 * character, backslash, dot or empty segment; else null.
 */
export function plainPath(pathWithQuery: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathWithQuery.split('?')[0] ?? '');
  } catch {
    return null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  if (!path.startsWith('/') || /[\0-\x1f\x7f\\]/.test(path) || /\/\/|\/\.\.?(\/|$)/.test(path)) return null;
  return path;
}

/** Whether `pathWithQuery` names itself (plainPath). */
export function isPlainPath(pathWithQuery: string): boolean {
  return plainPath(pathWithQuery) !== null;
}
