// A path the storefront sends to the API, read as the API reads it: the API's router matches the
// percent-decoded path (`/%73taff` is `/staff`), and a request's URL resolves dot segments before the API
// sees it (`/product/../staff/orders` is `/staff/orders`). The storefront's calls through its binding go
// unsigned (decision 78), and a signature over the raw path no longer catches a path that means another
// one, so a call is sent only when its path means what it says.

/** The path's part before its query, percent-decoded; null when it cannot be decoded. */
export function decodedPath(pathWithQuery: string): string | null {
  try {
    return decodeURIComponent(pathWithQuery.split('?')[0] ?? '');
  } catch {
    return null;
  }
}

/** Whether `pathWithQuery` names itself: absolute, decodable, no control character, backslash, dot or empty segment. */
export function isPlainPath(pathWithQuery: string): boolean {
  const path = decodedPath(pathWithQuery);
  if (!path?.startsWith('/')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return !/[\0-\x1f\x7f\\]/.test(path) && !/\/\/|\/\.\.?(\/|$)/.test(path);
}
