// Which URLs open in the shop's mobile app (spec §2's mobile-app check), by the rules of the
// association file, and the two files the storefront serves from configuration: Apple's
// apple-app-site-association and Google's Digital Asset Links statement list (assetlinks.json).
//
// The configuration holds the spec's patterns once, unprefixed: an exact path ("/categories"), a prefix
// with a trailing wildcard ("/products/*"), or a path with a query parameter ("/nutritionist?id=*", any
// value, or "/search?q=vitamin", that value); "NOT " before one keeps what it matches out of the app.
// Each is served in English and under /ar. The file says them twice, for the two generations of iOS,
// and each is read here exactly as iOS reads it:
// - `components` (iOS 13 and later): each component's "/" (the URL's path), "?" (its query: one pattern
//   for the whole query, or a dictionary of query-item names and patterns for their values) and "#"
//   (its fragment) must all match, a key left out matching anything. A spec pattern's query becomes a
//   dictionary, so "/nutritionist?id=*" is said exactly.
// - `paths` with the singular `appID` (iOS 12 and earlier): each pattern is matched against the URL's
//   path alone. There "?" is a wildcard for one character of the path, not the start of a query, so a
//   spec pattern with a query cannot be said: an including one is left out (that link stays in the
//   browser on old iOS), an excluding one keeps its whole path out (never opening too much).
// In both, "*" matches any run of characters (none included) and "?" exactly one; the path is matched
// percent-encoded, as it travels, and case-sensitively; the first pattern that matches decides, and an
// excluding one (`exclude: true`, "NOT ") keeps the URL out of the app.
import { localizePath } from './locale';

export interface AppLinkComponent {
  '/'?: string;
  '?'?: string | Record<string, string>;
  '#'?: string;
  exclude?: boolean;
  comment?: string;
}

interface AppLinkDetail {
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

// ——— the wildcards, and iOS 13 components ———

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

type Decision = 'open' | 'exclude' | null;

/** The legacy `paths` as iOS 12 and earlier read them: globs over the URL's path alone. */
function pathsDecision(paths: string[], url: URL): Decision {
  for (const p of paths) {
    const excluded = p.startsWith(NOT);
    if (globMatches(excluded ? p.slice(NOT.length) : p, url.pathname)) return excluded ? 'exclude' : 'open';
  }
  return null;
}

function componentsDecision(components: AppLinkComponent[], url: URL): Decision {
  const hit = components.find((c) => matchesComponent(c, url));
  return hit ? (hit.exclude ? 'exclude' : 'open') : null;
}

// ——— the file ———

/** Every `paths` pattern of the file (applinks.details[].paths, the legacy list). */
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
 * A spec-format pattern as a legacy `paths` entry, or null when it cannot be said there: in that format
 * "?" matches one character of the path, so an including pattern with a query is left out, and an
 * excluding one keeps its whole path out.
 */
export function legacyPathOf(pattern: string): string | null {
  const excluded = pattern.startsWith(NOT);
  const body = excluded ? pattern.slice(NOT.length) : pattern;
  const q = body.indexOf('?');
  if (q < 0) return pattern;
  return excluded ? `${NOT}${body.slice(0, q)}` : null;
}

/**
 * apple-app-site-association for the app ids ("<team id>.<bundle id>") and the spec-format patterns, in
 * English and Arabic: one entry per app, with `appIDs` and `components` for iOS 13 and later and the
 * singular `appID` and `paths` for earlier ones (which read an entry's `appID` only); `apps` empty, as
 * iOS 12 and earlier require. No app: no details.
 */
export function appleAssociation(appIds: string[], patterns: string[]): AppAssociation {
  const all = localizedPatterns(patterns);
  const components = all.map(componentOf);
  const paths = all.map(legacyPathOf).filter((p): p is string => p !== null);
  return {
    applinks: {
      apps: [],
      details: appIds.map((id) => ({ appID: id, appIDs: [id], components, paths })),
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
