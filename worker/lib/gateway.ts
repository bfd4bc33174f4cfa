// Step 3 of every request that acts as the shopper (docs/architecture/request-path.md, decision 53): the
// one module that talks to the commerce API with a shopper's session. A page's calls travel as one
// bundle trip (pageTrip, fed by the loaders' client in page-calls.ts); the /api proxy's and the file
// routes' calls go one by one (forward, fileCall, sessionCall); a browser without a device token is
// registered here (ensureDevice). Every call carries the session's identity, set by the transport
// (worker/upstream: through the API's door for the storefront, decision 78), flagged GETs are answered from the KV cache (worker/cache), and each trip's outcome
// (the bookmark, a new device, the answers) is handed to the session module's settle, which writes the
// cookies. Imports run one way: callers → this module → cache, upstream, session's settle.
import type { Context } from 'hono';
import { D1_BOOKMARK_HEADER, laterBookmark } from '#shared/api/d1-bookmark';
import { D1_SQL_HEADER, decodeD1Sql } from '#shared/api/d1-sql';
import { fail, isEnvelope, type Envelope } from '#shared/api/envelope';
import type { HerPartsAnswer, HerPartsAsk } from '#shared/api/her-parts-door';
import { BUNDLE_PATH, isBundleable, type BundleResult } from '#shared/api/page-bundle';
import type { DeviceAuthInput } from '#shared/api/schemas';
import { versionBookmark } from '#shared/catalogue/cache-version';
import type { AppEnv } from '../app-env';
import { type BatchAnswer, type BatchCall, cacheKey, catalogueVersion, throughCache, withCache } from '../cache';
import { cachePolicyFor } from '../cache/policies';
import { callUpstream } from '../upstream';
import { askHerParts, herPartsDoor } from '../upstream/her-parts';
import { mayChangeHer, renewHerVersion } from './her-version';
import { currentTrips, log } from './log';
import { type Answer, settle, type Session, type TripOutcome } from './session';

export type { BatchAnswer as PageAnswer, BatchCall as PageCall } from '../cache';

/**
 * The page's calls of one turn (decision 40): what the KV cache holds is answered from it, the other
 * reads travel as one POST /bundle (with the browser's device registration), and a write goes alone
 * after it, with the device the bundle gave. `departed` is told when the bundle leaves, unless a write
 * follows (its answer may set cookies). Read top to bottom, each module once: the cache, the transport
 * (every call of the trip through one `signedCall`), then one `settle` of everything the trip changed.
 * Never rejects: every call gets an answer, a failure at worst.
 */
export async function pageTrip(
  c: Context<AppEnv>,
  session: Session,
  batch: BatchCall[],
  departed: () => void,
): Promise<void> {
  try {
    await throughCache(c, session, batch, async (misses, version) => {
      // What is cached now (answers, the guest page) is cached under this version: read a state that
      // has the change that made it (the later bookmark: fixed-width hex, the later state sorts last).
      session.bookmark = laterBookmark(session.bookmark, versionBookmark(version));
      const reads: number[] = [];
      const writes: number[] = [];
      for (const [i, { call }] of misses.entries()) (isBundleable(call) ? reads : writes).push(i);
      if (writes.length === 0) departed();
      // The bundle first (the reads, and the device for a browser without one), then each write alone
      // as the device the bundle gave: one list of sends, so the transport is entered once.
      const sends: TripSend[] = [];
      if (reads.length > 0) {
        const calls = reads.map((i) => misses[i]!.call);
        const payload = { calls, device: devicePayload(c.req.header('user-agent') ?? '') };
        sends.push({ kind: 'bundle', at: reads, method: 'POST', path: BUNDLE_PATH, body: JSON.stringify(payload) });
      }
      for (const i of writes) {
        const { method, path, body } = misses[i]!.call;
        sends.push({ kind: 'write', at: [i], method, path, body: body === undefined ? '' : JSON.stringify(body) });
      }
      const answers: BatchAnswer[] = new Array(misses.length);
      const bookmarks: (string | null)[] = [];
      const settled: Answer[] = [];
      const outcome: TripOutcome & { device: string | null } = { bookmark: bookmarks, device: null, answers: settled };
      for (const send of sends) {
        // A write without a device (the bundle could not register one) is the server's trouble for a
        // moment, never sent to be refused as the shopper's bad token (issue 44).
        const device = outcome.device ?? session.deviceToken;
        if (send.kind === 'write' && !device) {
          answers[send.at[0]!] = { status: 503, envelope: fail('service_busy', 503) };
          continue;
        }
        const res = await signedCall(c, { ...session, deviceToken: device }, send.method, send.path, send.body);
        bookmarks.push(res.headers.get(D1_BOOKMARK_HEADER));
        const parsed: unknown = await res.json().catch(() => null);
        const envelope = isEnvelope(parsed) ? parsed : null;
        if (send.kind === 'write') {
          const answer = envelope ?? fail('upstream_unavailable', 502);
          const status = envelope ? res.status : 502;
          settled.push({ path: send.path.split('?')[0]!, status, data: answer.data });
          answers[send.at[0]!] = { status, envelope: withoutToken(answer) };
          continue;
        }
        const result = envelope?.data as BundleResult | null | undefined;
        const whole =
          res.status === 200 && !!result && Array.isArray(result.answers) && result.answers.length === send.at.length;
        if (!whole && (res.status === 200 || !envelope))
          log.error('bundle answered without its answers', { status: res.status });
        // The API refused the bundle itself (its own envelope and status) or answered something else.
        const refusal = envelope && res.status !== 200 ? { status: res.status, envelope } : null;
        if (whole) outcome.device = result!.device_token;
        for (const [j, i] of send.at.entries()) {
          const answer = whole ? result!.answers[j]! : null;
          answers[i] = answer
            ? {
                status: answer.status,
                envelope: (answer.body ?? fail('upstream_unavailable', 502)) as Envelope<unknown>,
              }
            : (refusal ?? { status: 502, envelope: fail('upstream_unavailable', 502) });
          // Each answer is settled with the session as if it had come alone.
          if (whole)
            settled.push({
              path: misses[i]!.call.path.split('?')[0]!,
              status: answers[i]!.status,
              data: answers[i]!.envelope.data,
            });
        }
      }
      settle(c, session, outcome);
      return answers;
    });
  } catch (error) {
    log.error('page calls failed', { error });
    for (const pending of batch) pending.done({ status: 502, envelope: fail('upstream_unavailable', 502) });
  }
}

/** One call of a page's trip: the bundle of its reads, or one write; `at` is where its answers go. */
interface TripSend {
  kind: 'bundle' | 'write';
  at: number[];
  method: string;
  path: string;
  body: string;
}

/** No token ever reaches page JavaScript: an answer that signed her in keeps its token in the cookie. */
function withoutToken(envelope: Envelope<unknown>): Envelope<unknown> {
  const data = envelope.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || !('access_token' in data)) return envelope;
  const { access_token: _token, ...rest } = data;
  return { ...envelope, data: rest };
}

export interface ForwardResult {
  status: number;
  body: string;
  cached: boolean;
  /** The API's Retry-After on a 429 or 503, for the browser. */
  retryAfter?: string;
}

/**
 * One call whose answer is an envelope (the /api proxy, a result upload, a loader's write): a device for
 * the browser first (503 `service_busy` when the API cannot register one), then the answer from the cache
 * or the API, settled with the session. A 403 for a device the API no longer knows registers a new one;
 * the call is not sent again (spec §4: the page reloads with the new device).
 */
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
  let bookmark: string | null = null;
  const load = async () => {
    const res = await signedCall(c, session, method, path, body, contentType);
    retryAfter = res.headers.get('retry-after') ?? undefined;
    bookmark = res.headers.get(D1_BOOKMARK_HEADER);
    return res;
  };
  if (!(await ensureDevice(c, session))) return deviceUnavailable();
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

  let envelope: Envelope<unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(result.body);
    if (isEnvelope(parsed)) envelope = parsed;
  } catch {
    // not JSON: answered below as the API being unavailable
  }
  settle(c, session, {
    bookmark,
    answers: envelope ? [{ path: bare, status: result.status, data: envelope.data }] : undefined,
  });
  if (!envelope) {
    log.error('upstream answered without an envelope', { path: bare, status: result.status });
    return { status: 502, body: JSON.stringify(fail('upstream_unavailable', 502)), cached: false };
  }
  if (result.status === 403 && envelope.meta.msg === 'device_token_invalid') {
    session.deviceToken = null;
    // The API no longer knew the device and could not register a new one (its database busy): that is
    // the server's trouble for a moment, not a bad token of the shopper's (issue 44).
    if (!(await registerDevice(c, session))) return deviceUnavailable();
  }
  const data = envelope.data as Record<string, unknown> | null;
  if (data && typeof data === 'object' && 'access_token' in data) {
    // No token ever reaches page JavaScript.
    delete data.access_token;
    return { ...result, body: JSON.stringify(envelope) };
  }
  return result;
}

/**
 * A shopper's call whose answer may be a file (a result download, her data archive): the raw answer. One
 * that is not a file (`isFile`) goes through the session's rules like any answer (a 401 ends the
 * sign-in); a download is never sent twice.
 */
export async function fileCall(
  c: Context<AppEnv>,
  session: Session,
  path: string,
  isFile: (res: Response) => boolean,
): Promise<{ res: Response; file: boolean }> {
  const res = await signedCall(c, session, 'GET', path);
  const file = isFile(res);
  const bookmark = res.headers.get(D1_BOOKMARK_HEADER);
  settle(c, session, file ? { bookmark } : { bookmark, answers: [{ path, status: res.status, data: null }] });
  return { res, file };
}

/**
 * One signed call as this session whose answer changes nothing but the session's D1 bookmark (a
 * calendar file): the raw answer.
 */
export async function sessionCall(
  c: Context<AppEnv>,
  session: Session,
  method: string,
  path: string,
): Promise<Response> {
  const res = await signedCall(c, session, method, path);
  settle(c, session, { bookmark: res.headers.get(D1_BOOKMARK_HEADER) });
  return res;
}

/**
 * One signed call to the API as this session (its tokens, language, country, the shopper's address, its
 * D1 bookmark and the request id), its D1 counts added to the request's. The raw answer: the caller
 * settles it with the session, the answer's bookmark header included.
 */
async function signedCall(
  c: Context<AppEnv>,
  session: Session,
  method: string,
  path: string,
  body: string | Uint8Array = '',
  contentType?: string,
): Promise<Response> {
  // A call as her that may change what her parts show: a fill of them kept at the edge is not read again
  // (her-version.ts). A page's bundle carries reads only; her parts' trip renews hers itself (her-page.ts).
  if (session.userToken && path !== BUNDLE_PATH && mayChangeHer(method, path)) renewHerVersion(c, session.secure);
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
  // The API's x-d1-* counts of this answer, added to the request's total (outside production's headers).
  const statements = Number(res.headers.get('x-d1-queries') ?? NaN);
  if (!Number.isNaN(statements))
    addD1Work(c, {
      statements,
      roundTrips: Number(res.headers.get('x-d1-roundtrips') ?? 0),
      sql: decodeD1Sql(res.headers.get(D1_SQL_HEADER)),
    });
  return res;
}

/**
 * Her own parts of her kept page by the API's door's method (decision 80), as her: null where the door
 * has no such method (API_ORIGIN, a stand-in API: the caller asks over HTTP) or, from `ask`'s promise,
 * when the API could not answer in time. Her reads are no older than the state the catalogue version
 * was made from, as the page's trip reads (pageTrip), so what is kept under it never shows what came
 * before it. The answer's D1 work is counted as any call's.
 */
export function herPartsCall(
  c: Context<AppEnv>,
  session: Session,
  version: string,
  places: Pick<HerPartsAsk, 'home' | 'product' | 'countries'>,
): Promise<HerPartsAnswer | null> | null {
  const door = session.userToken ? herPartsDoor(c.env, c.var.config) : null;
  if (!door) return null;
  const ask = {
    token: session.userToken!,
    lang: session.lang,
    country: session.country,
    bookmark: laterBookmark(session.bookmark, versionBookmark(version)),
    requestId: c.get('requestId'),
    ...places,
  };
  return askHerParts(door, c.var.config, ask).then((answer) => {
    if (answer?.d1) addD1Work(c, answer.d1);
    return answer;
  });
}

/** An answer's D1 work (outside production), added to the request's total and its named statements. */
function addD1Work(c: Context<AppEnv>, work: { statements: number; roundTrips: number; sql?: string[] }): void {
  const total = c.get('d1') ?? { statements: 0, roundTrips: 0 };
  c.set('d1', { statements: total.statements + work.statements, roundTrips: total.roundTrips + work.roundTrips });
  const sql = currentTrips()?.sql;
  if (sql) for (const statement of work.sql ?? []) sql.add(statement);
}

/**
 * A browser without a device token gets one from the API (spec §7 POST /device/auth) before its call
 * goes (`forward` asks itself; the file routes ask first). Answers whether the session has one now: when
 * the API could not register the device (its database busy), the caller says so as the server's trouble
 * (`deviceUnavailable`, `busyAnswer`), never sends the call without a token, which the API would refuse
 * as the shopper's bad token (403 `device_token_invalid`). A page's bundle registers the device itself.
 */
export function ensureDevice(c: Context<AppEnv>, session: Session): Promise<boolean> {
  if (session.deviceToken) return DEVICE_KNOWN;
  // Calls made together (a page's writes) wait for one registration, never make one each; a later
  // call tries again if it failed.
  let registering = registrations.get(session);
  if (!registering) {
    registering = registerDevice(c, session).finally(() => registrations.delete(session));
    registrations.set(session, registering);
  }
  return registering;
}

const DEVICE_KNOWN = Promise.resolve(true);
const registrations = new WeakMap<Session, Promise<boolean>>();

async function registerDevice(c: Context<AppEnv>, session: Session): Promise<boolean> {
  const body = JSON.stringify(devicePayload(c.req.header('user-agent') ?? ''));
  const res = await callUpstream(c.env, c.var.config, {
    method: 'POST',
    path: '/device/auth',
    body,
    deviceToken: null,
    userToken: null,
    lang: session.lang,
    country: session.country,
    clientIp: c.req.header('cf-connecting-ip'),
  });
  if (!res.ok) {
    log.error('device registration failed', { status: res.status });
    return false;
  }
  const json = (await res.json()) as { data?: { access_token?: string } };
  const token = json.data?.access_token ?? null;
  if (token) settle(c, session, { device: token });
  return token !== null;
}

/** What the API is told of a browser it registers as a device (spec §7 POST /device/auth). */
function devicePayload(userAgent: string): DeviceAuthInput {
  const os = /Android/i.test(userAgent)
    ? 'android'
    : /iPhone|iPad|iPod/i.test(userAgent)
      ? 'ios'
      : /Mac OS X/i.test(userAgent)
        ? 'macos'
        : /Windows/i.test(userAgent)
          ? 'windows'
          : /Linux/i.test(userAgent)
            ? 'linux'
            : 'other';
  return {
    device: { name: userAgent.slice(0, 120) || 'browser', uid: crypto.randomUUID(), platform: 'web' },
    os: { type: os, version: '' },
  };
}

/** The seconds after which a call refused for a device the API could not register may be tried again. */
const DEVICE_RETRY_AFTER_SECONDS = 2;

/**
 * The answer to a call that could not go because the API could not register the browser's device: 503
 * `service_busy` with when to try again, as the API answers its own passing database trouble.
 */
function deviceUnavailable(): ForwardResult {
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
