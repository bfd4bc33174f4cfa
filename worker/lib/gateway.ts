// The one place that talks to the commerce API with a shopper's session, for the /api proxy, the file
// routes and the page bundles (page-calls.ts): the signed call with the session's identity, the KV
// cache for flagged GETs, the answer's envelope, and no token ever in a body the browser gets. What an
// answer changes of the session (spec §4) is the session module's to decide: each answer goes to its
// settleAnswer (a 403 for an unknown device registers a new one; the browser's call is not repeated,
// spec §4). Imports run one way: callers → this module → session.ts → upstream.
import type { Context } from 'hono';
import { fail, isEnvelope, type Envelope } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { cacheKey, catalogueVersion, withCache } from '../cache';
import { cachePolicyFor } from '../cache/policies';
import { callUpstream } from '../upstream';
import { log } from './log';
import { DEVICE_RETRY_AFTER_SECONDS, noteBookmark, settleAnswer, type Session } from './session';
import { D1_BOOKMARK_HEADER } from '#shared/api/d1-bookmark';

export interface ForwardResult {
  status: number;
  body: string;
  cached: boolean;
  /** The API's Retry-After on a 429 or 503, for the browser. */
  retryAfter?: string;
}

/**
 * One signed call to the API as this session (its tokens, language, country, the shopper's address and
 * the request id), its D1 counts added to the request's. The raw answer: for envelopes use `forward`;
 * this is for answers that are files (a result download, a calendar entry).
 */
export async function sessionCall(
  c: Context<AppEnv>,
  session: Session,
  method: string,
  path: string,
  body: string | Uint8Array = '',
  contentType?: string,
): Promise<Response> {
  const res = await callUpstream(c.env, c.var.config, {
    method,
    path,
    body,
    contentType,
    deviceToken: session.deviceToken,
    userToken: session.userToken,
    lang: session.lang,
    country: session.country,
    requestId: c.get('requestId'),
    clientIp: c.req.header('cf-connecting-ip') ?? undefined,
    bookmark: session.bookmark,
  });
  tallyQueries(c, res);
  noteBookmark(c, session, res.headers.get(D1_BOOKMARK_HEADER));
  return res;
}

/** One call whose answer is an envelope: from the cache or the API, then settled with the session. */
export async function forward(
  c: Context<AppEnv>,
  session: Session,
  method: string,
  path: string,
  body: string | Uint8Array = '',
  contentType?: string,
): Promise<ForwardResult> {
  // A 429's or a 503's Retry-After, for the browser, whether the call was a cached kind or not.
  let retryAfter: string | undefined;
  const load = async () => {
    const res = await sessionCall(c, session, method, path, body, contentType);
    retryAfter = res.headers.get('retry-after') ?? undefined;
    return res;
  };
  const bare = path.split('?')[0]!;
  const policy = cachePolicyFor(method, bare);
  let result: ForwardResult;
  if (policy) {
    const key = await cacheKey(policy, session, path);
    const r = await withCache(c.env.CACHE, key, policy, catalogueVersion(c), (p) => c.executionCtx.waitUntil(p), load);
    result = { status: r.status, body: r.body, cached: r.hit, retryAfter };
  } else {
    const res = await load();
    result = { status: res.status, body: await res.text(), cached: false, retryAfter };
  }

  const envelope = parseEnvelope(result.body);
  if (!envelope) {
    log.error('upstream answered without an envelope', { path: bare, status: result.status });
    return { status: 502, body: JSON.stringify(fail('upstream_unavailable', 502)), cached: false };
  }
  const { deviceRenewed } = await settleAnswer(c, session, {
    path: bare,
    status: result.status,
    msg: envelope.meta.msg,
    data: envelope.data,
  });
  // The API no longer knew the device and could not register a new one (its database busy): that is
  // the server's trouble for a moment, not a bad token of the shopper's (issue 44).
  if (result.status === 403 && envelope.meta.msg === 'device_token_invalid' && !deviceRenewed)
    return deviceUnavailable();
  const data = envelope.data as Record<string, unknown> | null;
  if (data && typeof data === 'object' && 'access_token' in data) {
    // No token ever reaches page JavaScript.
    delete data.access_token;
    return { ...result, body: JSON.stringify(envelope) };
  }
  return result;
}

/**
 * The answer to a call that could not go because the API could not register the browser's device: 503
 * `service_busy` with when to try again, as the API answers its own passing database trouble.
 */
export function deviceUnavailable(): ForwardResult {
  return {
    status: 503,
    body: JSON.stringify(fail('service_busy', 503)),
    cached: false,
    retryAfter: String(DEVICE_RETRY_AFTER_SECONDS),
  };
}

/** `deviceUnavailable` as the response of a route of the storefront's own (a file, an upload). */
export function busyAnswer(c: Context<AppEnv>): Response {
  const busy = deviceUnavailable();
  return c.body(busy.body, 503, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'private, no-store',
    'retry-after': busy.retryAfter!,
  });
}

/** The envelope in an answer's text, or null when it holds none. */
export function parseEnvelope(body: string): Envelope<unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return isEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Adds the API's x-d1-* counts of one upstream response to this request's total. */
function tallyQueries(c: Context<AppEnv>, res: Response): void {
  const statements = Number(res.headers.get('x-d1-queries') ?? NaN);
  if (Number.isNaN(statements)) return;
  const total = c.get('d1') ?? { statements: 0, roundTrips: 0 };
  c.set('d1', {
    statements: total.statements + statements,
    roundTrips: total.roundTrips + Number(res.headers.get('x-d1-roundtrips') ?? 0),
  });
}
