// The pages that use the camera and microphone (the consultation call and its device check, decision
// 56), and the Permissions-Policy each document gets. Only a media page's document is allowed the camera
// and microphone; every other response, of both workers, refuses them. Kept out of shared/routes.ts and
// client/route-tree.tsx so that the browser's entry does not carry it: the media pages' own chunks and the
// workers import it.
import { splitLocalePath } from './locale';
import { PAGE_PATHS, type PageId } from './page-paths';

/** Every response's Permissions-Policy but a media page's document. */
export const DEFAULT_PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(self)';
/** A media page's document: camera and microphone for the shop's own origin. */
export const MEDIA_PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(), payment=(self)';
/**
 * The back office's pages take no payment (no Payment Request, no Apple Pay: staff record payments, they
 * make none), so they refuse it too; its consultation call's page gets the camera and microphone alone.
 */
export const STAFF_PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';
export const STAFF_MEDIA_PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(), payment=()';

// A route pattern as the router matches it: a :param is one segment, a trailing slash is allowed, and
// the case does not matter (react-router matches case-insensitively by default).
export const MEDIA_PAGE_IDS = ['profile-consultation-call', 'consultation-check'] as const satisfies readonly PageId[];
const MEDIA_PATTERNS = MEDIA_PAGE_IDS.map((id) => new RegExp(`^${PAGE_PATHS[id].replace(/:[^/]+/g, '[^/]+')}/?$`, 'i'));

/** Whether an unprefixed path (no /ar) is a media page's. */
export function isMediaPath(path: string): boolean {
  return MEDIA_PATTERNS.some((pattern) => pattern.test(path));
}

/** Whether a URL's pathname, in either language, is a media page's. */
export function isMediaPage(pathname: string): boolean {
  return isMediaPath(splitLocalePath(pathname).path);
}

/** The Permissions-Policy of a document at this pathname. */
export function permissionsPolicyFor(pathname: string): string {
  return isMediaPage(pathname) ? MEDIA_PERMISSIONS_POLICY : DEFAULT_PERMISSIONS_POLICY;
}
