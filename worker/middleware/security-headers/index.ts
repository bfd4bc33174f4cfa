// Security headers on every response; HTML also gets a CSP whose script nonce is fresh per response.
import type { MiddlewareHandler } from 'hono';
import { bytesToBase64 } from '#shared/bytes';
import { DEFAULT_PERMISSIONS_POLICY, permissionsPolicyFor } from '#shared/media-pages';

export interface SecurityHeadersOptions {
  /** Dev server needs inline styles (Vite injects CSS) and a websocket for HMR. */
  dev?: boolean;
}

/** Where browsers send CSP violation reports (worker/routes/csp-report.ts). */
export const CSP_REPORT_PATH = '/csp-report';

function createNonce(): string {
  return bytesToBase64(crypto.getRandomValues(new Uint8Array(16)));
}

function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "manifest-src 'self'",
    // The service worker (/sw.js); its own fetches fall under connect-src.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(dev ? [] : ['upgrade-insecure-requests']),
    // Violations are reported to the storefront (worker/routes/csp-report.ts): report-to where the
    // Reporting API exists, report-uri for the other browsers.
    `report-uri ${CSP_REPORT_PATH}`,
    'report-to csp',
  ].join('; ');
}

export function securityHeaders(options: SecurityHeadersOptions = {}): MiddlewareHandler {
  const dev = options.dev ?? false;
  return async function securityHeadersHandler(c, next) {
    const nonce = createNonce();
    c.set('nonce', nonce);
    await next();
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    const url = new URL(c.req.url);
    const html = h.get('content-type')?.startsWith('text/html') === true;
    // Camera and microphone only in the documents of the pages that use them, the consultation call and
    // its device check (shared/media-pages.ts); every other response refuses them. The policy is the
    // document's, so the app opens and leaves those pages by loading a document, never in place
    // (client/call/media-document.tsx, decision 56).
    h.set('Permissions-Policy', html ? permissionsPolicyFor(url.pathname) : DEFAULT_PERMISSIONS_POLICY);
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (url.protocol === 'https:') h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
    if (html) {
      h.set('Content-Security-Policy', contentSecurityPolicy(nonce, dev));
      h.set('Reporting-Endpoints', `csp="${CSP_REPORT_PATH}"`);
      // A page carrying a nonce must never be stored by a shared cache and replayed.
      h.set('Cache-Control', 'private, no-store');
    }
  };
}
