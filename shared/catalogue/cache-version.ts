// The catalogue version: one key in the storefront's cache namespace. The API writes a new
// value after every back-office change to the catalogue; the storefront stores each cached answer with
// the version it was made under and treats an answer of another version as a miss. Cache keys hold
// the session's hash, so entries cannot be listed and deleted one by one: one key makes them all stale.
export const CATALOGUE_VERSION_KEY = 'catalogue-version';

/** A new version: time first, so two changes within a millisecond still differ by the random tail. */
export function nextCatalogueVersion(now = Date.now()): string {
  return `${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
}
