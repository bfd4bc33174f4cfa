// Decides whether a path opens in the mobile app, from the app-association file (spec §2).
// Pattern kinds: exact ("/cart"), prefix with a trailing wildcard ("/products/*"),
// and a path with a query parameter ("/products?category=*" or "/search?q=vitamin").

export interface AppAssociation {
  applinks?: { details?: Array<{ appIDs?: string[]; appID?: string; paths?: string[] }> };
}

export function matchesPattern(pattern: string, pathname: string, search: URLSearchParams): boolean {
  const q = pattern.indexOf('?');
  if (q >= 0) {
    const path = pattern.slice(0, q);
    if (!matchesPath(path, pathname)) return false;
    const wanted = new URLSearchParams(pattern.slice(q + 1));
    for (const [key, value] of wanted) {
      if (!search.has(key)) return false;
      if (value !== '*' && search.get(key) !== value) return false;
    }
    return true;
  }
  return matchesPath(pattern, pathname);
}

function matchesPath(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('*')) return pathname.startsWith(pattern.slice(0, -1));
  return trimSlash(pattern) === trimSlash(pathname);
}

function trimSlash(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

export function associationPaths(file: AppAssociation): string[] {
  return (file.applinks?.details ?? []).flatMap((d) => d.paths ?? []);
}

/**
 * True when the URL opens in the app. `load` reads the association file; any error while reading or
 * parsing it answers true, as the spec asks (the app is assumed to handle the link).
 */
export async function opensInApp(url: string | URL, load: () => Promise<AppAssociation>): Promise<boolean> {
  try {
    const u = typeof url === 'string' ? new URL(url, 'http://local') : url;
    const file = await load();
    const paths = associationPaths(file);
    return paths.some((p) => matchesPattern(p, u.pathname, u.searchParams));
  } catch {
    return true;
  }
}
