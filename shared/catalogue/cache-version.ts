// The catalogue version: one key in the storefront's cache namespace. The API writes a new
// value after every back-office change to the catalogue; the storefront stores each cached answer with
// the version it was made under and treats an answer of another version as a miss. Cache keys hold
// the session's hash, so entries cannot be listed and deleted one by one: one key makes them all stale.
export const CATALOGUE_VERSION_KEY = 'catalogue-version';

/**
 * A new version: time first, so two changes within a millisecond still differ by the random tail; then
 * the D1 bookmark of the primary after the change, so that a page rendered for this version reads a
 * replica that already has it (never the old price, kept again under the new version).
 */
export function nextCatalogueVersion(now = Date.now(), bookmark: string | null = null): string {
  const version = `${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  return bookmark ? `${version}@${bookmark}` : version;
}

/** The bookmark a version was made with, or null. */
export function versionBookmark(version: string): string | null {
  const at = version.indexOf('@');
  return at < 0 ? null : version.slice(at + 1);
}
