// Which API paths a browser may reach through /api. The API's router matches percent-decoded paths,
// so the check here runs on the decoded path too: /api/device/%61uth is /device/auth.
// The API's OpenAPI description is a plain document, not an envelope the gateway can pass on; developers
// read docs/openapi.json (decision 17). A page bundle is the renderer's (decision 40): a browser asks
// for what it needs one call at a time, each under its own limits.
import { plainPath } from '#shared/api/plain-path';

const WORKER_ONLY_PATHS = new Set(['/device/auth', '/openapi.json', '/bundle']);
/**
 * Worker-to-API only: local-mode tools (/dev: the mail outbox, sandbox payments) are read by the
 * storefront's own pages; gateway webhooks arrive at /payments/webhook on the storefront (carriers'
 * at /carriers/{code}/webhook); images are served as bytes at /media, not as envelopes; the back office's /staff API is the staff worker's alone
 * (decision 27), so a shopper's browser never reaches it through the shop.
 */
const WORKER_ONLY_PREFIXES = ['/dev/', '/payments/webhook/', '/carriers/', '/media/', '/staff/'];

export type PathVerdict =
  | { ok: true; path: string }
  | { ok: false; status: 400 | 404; key: 'bad_request' | 'not_found' };

/** The verdict on an upstream path (without query) that a browser asked for. */
export function browserPath(rawPath: string): PathVerdict {
  // Control characters, backslashes and dot or empty segments have no place in an API path: the same rule
  // as the transport's for every call (shared/api/plain-path.ts).
  const decoded = plainPath(rawPath);
  if (decoded === null) return { ok: false, status: 400, key: 'bad_request' };
  const lower = decoded.toLowerCase();
  if (WORKER_ONLY_PATHS.has(lower.replace(/\/$/, '')) || WORKER_ONLY_PREFIXES.some((p) => `${lower}/`.startsWith(p))) {
    return { ok: false, status: 404, key: 'not_found' };
  }
  return { ok: true, path: rawPath };
}
