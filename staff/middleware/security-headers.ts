// Security headers of every staff page: no script runs (pages are static HTML and forms; the one
// exception is the consultation call's page, with its own script under the nonce), styles only
// under this response's nonce, nothing framed, nothing cached.
import type { MiddlewareHandler } from 'hono';
import { bytesToBase64 } from '#shared/bytes';
import { STAFF_MEDIA_PERMISSIONS_POLICY, STAFF_PERMISSIONS_POLICY } from '#shared/media-pages';

function staffCsp(nonce: string, callPage = false): string {
  return [
    "default-src 'none'",
    // The consultation call's page runs one script (/consultation-call.js, under this nonce) and opens
    // the room's WebSocket on this origin (decision 56); every other page runs none.
    callPage ? `script-src 'nonce-${nonce}'` : "script-src 'none'",
    ...(callPage ? ["connect-src 'self'"] : []),
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function securityHeaders(): MiddlewareHandler {
  return async function staffSecurityHeaders(c, next) {
    const nonce = bytesToBase64(crypto.getRandomValues(new Uint8Array(16)));
    c.set('nonce', nonce);
    await next();
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    // Not no-referrer: with it a form post's Origin is "null", and same-origin posts could not be told apart.
    h.set('Referrer-Policy', 'same-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('X-Robots-Tag', 'noindex, nofollow');
    // Camera and microphone on the consultation call's page only (decision 56); its links in are plain
    // links, so every page is a document of its own and carries its own policy. No page takes a payment.
    h.set('Permissions-Policy', c.get('callPage') === true ? STAFF_MEDIA_PERMISSIONS_POLICY : STAFF_PERMISSIONS_POLICY);
    h.set('Cache-Control', 'private, no-store');
    if (new URL(c.req.url).protocol === 'https:')
      h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    if (h.get('content-type')?.startsWith('text/html'))
      h.set('Content-Security-Policy', staffCsp(nonce, c.get('callPage') === true));
  };
}
