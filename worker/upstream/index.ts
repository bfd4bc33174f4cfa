// The transport to the commerce API: through the API service binding (its StorefrontDoor entrypoint,
// decision 78), or API_ORIGIN when set, where every call is signed (shared/api/signing.ts). Each carries the session headers of spec §7; 30 s timeout, no retries.
// A call as the shopper goes through the gateway (worker/lib/gateway.ts), which alone calls this with a
// session's tokens; routes call it directly only for calls without a shopper (webhooks, media, SEO
// files, local tools).
import { fail, TIMEOUT_MESSAGE } from '#shared/api/envelope';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { isPlainPath } from '#shared/api/plain-path';
import { signRequest, SIGNATURE_HEADERS } from '#shared/api/signing';
import type { CountryCode, Lang } from '#shared/locale';
import { requestIdFrom } from '#shared/observability/request-id';
import type { StorefrontConfig } from '../config';
import { currentRequestId, currentTrips, log } from '../lib/log';
import { SIMULATED_D1_RTT_HEADER } from '#shared/api/simulated-distance';
import { D1_SQL_HEADER } from '#shared/api/d1-sql';
import { D1_BOOKMARK_HEADER } from '#shared/api/d1-bookmark';
import { meteredWithin } from './trip-meter';

export interface UpstreamCall {
  method: string;
  /** Upstream path with query, e.g. "/country" or "/product/1?x=y". */
  path: string;
  /** JSON text, or a file's bytes (uploads; then `contentType` says so). Signed as sent either way. */
  body?: string | Uint8Array;
  /** The body's type: JSON unless said otherwise. */
  contentType?: string;
  deviceToken: string | null;
  userToken: string | null;
  lang: Lang;
  country: CountryCode;
  /** This request's id (x-reqid); by default the one of the request being served. */
  requestId?: string;
  /** The shopper's IP (Cloudflare's CF-Connecting-IP), for the API's per-address abuse limits. */
  clientIp?: string;
  /** The session's D1 bookmark: the API reads a state at least this recent. */
  bookmark?: string | null;
  /** Headers passed through as they came (a payment gateway's webhook signature). */
  passHeaders?: Record<string, string>;
}

const INTERNAL_ORIGIN = 'https://shop-api.internal';

function jsonResponse(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

export async function callUpstream(
  env: StorefrontEnv,
  config: StorefrontConfig,
  call: UpstreamCall,
): Promise<Response> {
  // A path that means another one once decoded or resolved (`/product/../staff/…`), or holds what no
  // path does (a control character), is never sent: through the door no signature over the raw path
  // would catch it (shared/api/plain-path.ts). It names nothing the shopper may reach: not found, as the
  // API answers a product or page that is not there (her page says so, never a 5xx).
  if (!isPlainPath(call.path)) {
    log.warn('upstream path refused', { method: call.method });
    return jsonResponse(fail('not_found', 404), 404);
  }
  const body = call.body ?? '';
  const headers = new Headers({
    accept: 'application/json',
    // One id per shopper request in both workers' logs; not signed (a label for the logs, never trusted).
    [SIGNATURE_HEADERS.requestId]: requestIdFrom(call.requestId ?? currentRequestId()),
    [SIGNATURE_HEADERS.lang]: call.lang,
    [SIGNATURE_HEADERS.country]: call.country,
  });
  const hasBody = typeof body === 'string' ? body !== '' : body.byteLength > 0;
  if (hasBody) headers.set('content-type', call.contentType ?? 'application/json');
  if (call.deviceToken) headers.set(SIGNATURE_HEADERS.token, call.deviceToken);
  if (call.userToken) headers.set(SIGNATURE_HEADERS.authorization, `Bearer ${call.userToken}`);
  if (call.clientIp) headers.set(CLIENT_IP_HEADER, call.clientIp);
  if (call.bookmark) headers.set(D1_BOOKMARK_HEADER, call.bookmark);
  for (const [name, value] of Object.entries(call.passHeaders ?? {})) headers.set(name, value);
  const d1Rtt = currentTrips()?.simulatedD1RttMs ?? 0;
  if (d1Rtt > 0) headers.set(SIMULATED_D1_RTT_HEADER, String(d1Rtt));
  if (currentTrips()?.sql) headers.set(D1_SQL_HEADER, '1');
  // Over the internet (API_ORIGIN), signed last, over the identity headers exactly as they will be sent.
  // Through the binding, not at all: it reaches the API's own door for the storefront, which nothing
  // else can reach (decision 78); the HMAC, the body's digest and the API's nonce claim cost every call.
  if (config.API_ORIGIN) {
    const signed = await signRequest(
      config.SIGNING_SECRET,
      call.method,
      call.path,
      body,
      undefined,
      undefined,
      headers,
    );
    for (const [name, value] of Object.entries(signed)) headers.set(name, value);
  }

  const origin = config.API_ORIGIN ? config.API_ORIGIN.replace(/\/$/, '') : INTERNAL_ORIGIN;
  const controller = new AbortController();
  const request = new Request(origin + call.path, {
    method: call.method,
    headers,
    body: call.method === 'GET' || call.method === 'HEAD' ? undefined : (body as BodyInit),
    signal: controller.signal,
  });

  try {
    const send = () => (config.API_ORIGIN ? fetch(request) : env.API.fetch(request));
    const outcome = await meteredWithin(currentTrips(), config.API_TIMEOUT_MS, send, () => controller.abort());
    if (outcome === 'timeout') return jsonResponse(fail(TIMEOUT_MESSAGE, 504, 'request_timeout'), 504);
    return outcome;
  } catch (error) {
    if (controller.signal.aborted) return jsonResponse(fail(TIMEOUT_MESSAGE, 504, 'request_timeout'), 504);
    // The path without its query: search terms and file names stay out of the logs.
    log.error('upstream unavailable', { method: call.method, path: call.path.split('?')[0], error });
    return jsonResponse(fail('upstream_unavailable', 502), 502);
  }
}
