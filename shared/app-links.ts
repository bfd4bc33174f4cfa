// Which URLs open in the shop's mobile app (spec §2's mobile-app check), by the rules of the
// association file, and the two files the storefront serves from configuration: Apple's
// apple-app-site-association and Google's Digital Asset Links statement list (assetlinks.json).
//
// The association file says it twice, for the two generations of iOS:
// - `paths` (iOS 9–12, and the spec's format): an exact path ("/categories"), a prefix with a trailing
//   wildcard ("/products/*"), or a path with a query parameter ("/nutritionist?id=*", any value, or
//   "/search?q=vitamin", that value); "NOT " before a pattern keeps what it matches out of the app.
// - `components` (iOS 13 and later, which read them instead of `paths`): each component's "/" (the
//   URL's path), "?" (its query: one pattern for the whole query, or a dictionary of query-item names
//   and patterns for their values) and "#" (its fragment) must all match, a key left out matching
//   anything; in a pattern "*" matches any run of characters, none included, and "?" exactly one.
//   Path and query are matched as they travel, percent-encoded, and case-sensitively (Apple's defaults).
// In both, the first pattern that matches decides, and an excluding one (`exclude: true`, "NOT ") keeps
// the URL out of the app. The configuration holds the spec-format patterns once, unprefixed: each is
// served in English and under /ar, in both lists.
import { localizePath } from './locale';

export interface AppLinkComponent {
  '/'?: string;
  '?'?: string | Record<string, string>;
  '#'?: string;
  exclude?: boolean;
  comment?: string;
}

export interface AppLinkDetail {
  appIDs?: string[];
  appID?: string;
  components?: AppLinkComponent[];
  paths?: string[];
}

export interface AppAssociation {
  applinks?: { apps?: string[]; details?: AppLinkDetail[] };
}

/** One statement of a Digital Asset Links list: this site lets the Android app handle its URLs. */
export interface AssetLinkStatement {
  relation: string[];
  target: { namespace: 'android_app'; package_name: string; sha256_cert_fingerprints: string[] };
}

const NOT = 'NOT ';

// ——— the spec's patterns (`paths`) ———

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

type Decision = 'open' | 'exclude' | null;

function pathsDecision(paths: string[], url: URL): Decision {
  for (const p of paths) {
    const excluded = p.startsWith(NOT);
    if (matchesPattern(excluded ? p.slice(NOT.length) : p, url.pathname, url.searchParams))
      return excluded ? 'exclude' : 'open';
  }
  return null;
}

// ——— iOS 13 components ———

const globs = new Map<string, RegExp>();

/** Apple's wildcards: "*" any run of characters (none included), "?" exactly one; the rest literally. */
export function globMatches(pattern: string, text: string): boolean {
  let re = globs.get(pattern);
  if (!re) {
    const body = [...pattern]
      .map((ch) => (ch === '*' ? '.*' : ch === '?' ? '.' : ch.replace(/[\\^$.+()[\]{}|/]/g, '\\$&')))
      .join('');
    re = new RegExp(`^${body}$`, 'su');
    globs.set(pattern, re);
  }
  return re.test(text);
}

/** True when every key the component gives matches the URL (path, query, fragment). */
export function matchesComponent(c: AppLinkComponent, url: URL): boolean {
  if (c['/'] !== undefined && !globMatches(c['/'], url.pathname)) return false;
  const query = c['?'];
  if (typeof query === 'string') {
    if (!globMatches(query, url.search.slice(1))) return false;
  } else if (query) {
    // Each named query item must be there, with a value its pattern matches.
    for (const [name, pattern] of Object.entries(query))
      if (!url.searchParams.getAll(name).some((v) => globMatches(pattern, v))) return false;
  }
  if (c['#'] !== undefined && !globMatches(c['#'], url.hash.slice(1))) return false;
  return true;
}

function componentsDecision(components: AppLinkComponent[], url: URL): Decision {
  const hit = components.find((c) => matchesComponent(c, url));
  return hit ? (hit.exclude ? 'exclude' : 'open') : null;
}

// ——— the file ———

/** Every `paths` pattern of the file (the spec's reading: applinks.details[].paths). */
export function associationPaths(file: AppAssociation): string[] {
  return (file.applinks?.details ?? []).flatMap((d) => d.paths ?? []);
}

/**
 * Whether the file opens the URL in an app, read as iOS 13 and later read it: an entry's `components`
 * when it has them, else its `paths`; the first entry with a matching pattern decides.
 */
export function associationOpens(file: AppAssociation, url: URL): boolean {
  for (const d of file.applinks?.details ?? []) {
    const decision = d.components ? componentsDecision(d.components, url) : pathsDecision(d.paths ?? [], url);
    if (decision) return decision === 'open';
  }
  return false;
}

/**
 * True when the URL opens in the app. `load` reads the association file; any error while reading or
 * parsing it answers true, as the spec asks (the app is assumed to handle the link).
 */
export async function opensInApp(url: string | URL, load: () => Promise<AppAssociation>): Promise<boolean> {
  try {
    const u = typeof url === 'string' ? new URL(url, 'http://local') : url;
    return associationOpens(await load(), u);
  } catch {
    return true;
  }
}

// ——— the files served, from configuration ———

/** Each spec-format pattern in English and under /ar (an exclusion stays one). */
export function localizedPatterns(patterns: string[]): string[] {
  return patterns.flatMap((p) => {
    const excluded = p.startsWith(NOT);
    const pattern = excluded ? p.slice(NOT.length) : p;
    const prefix = excluded ? NOT : '';
    return [p, `${prefix}${localizePath(pattern, 'ar')}`];
  });
}

/**
 * A spec-format pattern as an iOS 13 component: its path, and its query item as a dictionary ("*" any
 * value, which must be there, as the spec's pattern wants). The spec's trailing-wildcard prefix is the
 * same glob; an exact path is matched exactly.
 */
export function componentOf(pattern: string): AppLinkComponent {
  const excluded = pattern.startsWith(NOT);
  const body = excluded ? pattern.slice(NOT.length) : pattern;
  const q = body.indexOf('?');
  const path = q >= 0 ? body.slice(0, q) : body;
  const query = q >= 0 ? Object.fromEntries(new URLSearchParams(body.slice(q + 1))) : undefined;
  return { '/': path, ...(query ? { '?': query } : {}), ...(excluded ? { exclude: true } : {}) };
}

/**
 * apple-app-site-association for the app ids ("<team id>.<bundle id>") and the spec-format patterns:
 * `components` for iOS 13 and later, the same patterns as `paths` for earlier ones (and the spec), both
 * in English and Arabic; `apps` empty, as iOS 12 and earlier require. No app: no details.
 */
export function appleAssociation(appIds: string[], patterns: string[]): AppAssociation {
  const all = localizedPatterns(patterns);
  return {
    applinks: {
      apps: [],
      details: appIds.length ? [{ appIDs: appIds, components: all.map(componentOf), paths: all }] : [],
    },
  };
}

/** assetlinks.json: the Android app (its package and signing certificates' SHA-256) may open every URL. */
export function assetLinks(packageName: string, fingerprints: string[]): AssetLinkStatement[] {
  if (!packageName || !fingerprints.length) return [];
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: packageName, sha256_cert_fingerprints: fingerprints },
    },
  ];
}
