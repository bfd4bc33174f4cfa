// One path to the commerce API for both the /api proxy and server-side loaders: device registration,
// the KV cache, token handling (tokens into httpOnly cookies, never into a body the browser gets),
// and the session rules of spec §4 (401 clears the session, 403 registers the device again).
import type { Context } from 'hono';
import type { UserDisplay } from '#shared/boot';
import { ApiFailure, type ApiClient } from '#shared/api/client';
import { fail, isEnvelope, type Envelope } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { cacheKey, withCache } from '../cache';
import { cachePolicyFor } from '../cache/policies';
import { callUpstream, registerDevice } from '../upstream';
import { log } from './log';
import { clearUserSession, refreshUser, storeDeviceToken, storeUserSession, type Session } from './session';

/** Upstream paths whose success answer carries a user access token. */
const TOKEN_PATHS = new Set(['/user/login', '/user/register', '/user/reset-password']);
const LOGOUT_PATH = '/user/logout';

export interface ForwardResult {
  status: number;
  body: string;
  cached: boolean;
  /** The API's Retry-After on a 429, for the browser. */
  retryAfter?: string;
}

export async function ensureDevice(c: Context<AppEnv>, session: Session): Promise<void> {
  if (session.deviceToken) return;
  const token = await registerDevice(
    c.env,
    c.var.config,
    c.req.header('user-agent') ?? '',
    session.lang,
    session.country,
    c.req.header('cf-connecting-ip'),
  );
  if (token) storeDeviceToken(c, session, token);
}

export async function forward(
  c: Context<AppEnv>,
  session: Session,
  method: string,
  path: string,
  body: string | Uint8Array = '',
  contentType?: string,
): Promise<ForwardResult> {
  const load = async () => {
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
    });
    tallyQueries(c, res);
    return res;
  };

  const policy = cachePolicyFor(method, path.split('?')[0]!);
  let result: ForwardResult;
  if (policy) {
    const key = await cacheKey(policy, session, path);
    const r = await withCache(c.env.CACHE, key, policy, (p) => c.executionCtx.waitUntil(p), load);
    result = { status: r.status, body: r.body, cached: r.hit };
  } else {
    const res = await load();
    result = {
      status: res.status,
      body: await res.text(),
      cached: false,
      retryAfter: res.headers.get('retry-after') ?? undefined,
    };
  }
  return afterUpstream(c, session, path.split('?')[0]!, result);
}

/** Adds the API's x-d1-* counts of one upstream response to this request's total. */
export function tallyQueries(c: Context<AppEnv>, res: Response): void {
  const statements = Number(res.headers.get('x-d1-queries') ?? NaN);
  if (Number.isNaN(statements)) return;
  const total = c.get('d1') ?? { statements: 0, roundTrips: 0 };
  c.set('d1', {
    statements: total.statements + statements,
    roundTrips: total.roundTrips + Number(res.headers.get('x-d1-roundtrips') ?? 0),
  });
}

async function afterUpstream(
  c: Context<AppEnv>,
  session: Session,
  path: string,
  result: ForwardResult,
): Promise<ForwardResult> {
  let envelope: Envelope<unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(result.body);
    envelope = isEnvelope(parsed) ? parsed : null;
  } catch {
    envelope = null;
  }
  if (!envelope) {
    log.error('upstream answered without an envelope', { path, status: result.status });
    return { status: 502, body: JSON.stringify(fail('upstream_unavailable', 502)), cached: false };
  }

  if (result.status === 401) clearUserSession(c, session);
  if (result.status === 403 && envelope.meta.msg === 'device_token_invalid') {
    session.deviceToken = null;
    await ensureDevice(c, session);
  }
  if (path === LOGOUT_PATH) clearUserSession(c, session);

  const data = envelope.data as Record<string, unknown> | null;
  // Any other answer carrying the signed-in user (set-name, set-phone, me, sync) refreshes the readable cookie.
  if (data && typeof data === 'object' && !TOKEN_PATHS.has(path) && result.status >= 200 && result.status < 300) {
    const user = userDisplay(data.user);
    if (user && session.userToken) refreshUser(c, session, user);
  }
  if (data && typeof data === 'object' && 'access_token' in data) {
    const token = data.access_token;
    if (TOKEN_PATHS.has(path) && result.status >= 200 && result.status < 300 && typeof token === 'string') {
      storeUserSession(c, session, token, userDisplay(data.user));
    }
    // No token ever reaches page JavaScript.
    delete data.access_token;
    return { ...result, body: JSON.stringify(envelope) };
  }
  return result;
}

function userDisplay(value: unknown): UserDisplay | null {
  if (!value || typeof value !== 'object') return null;
  const u = value as Record<string, unknown>;
  if ((typeof u.id !== 'number' && typeof u.id !== 'string') || typeof u.name !== 'string') return null;
  return {
    id: u.id,
    name: u.name,
    email: typeof u.email === 'string' ? u.email : '',
    phone: typeof u.phone === 'string' ? u.phone : null,
  };
}

/** The ApiClient route loaders get during server rendering. */
export function serverApi(c: Context<AppEnv>, session: Session): ApiClient {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
    const text = body === undefined ? '' : JSON.stringify(body);
    let result = await forward(c, session, method, path, text);
    // A device reset already registered a new device: the render acts as the reload of spec §4.
    if (result.status === 403 && session.deviceToken && JSON.parse(result.body).meta?.msg === 'device_token_invalid') {
      result = await forward(c, session, method, path, text);
    }
    const envelope = JSON.parse(result.body) as Envelope<T>;
    if (result.status >= 400) throw new ApiFailure(result.status, envelope);
    return envelope;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
  };
}
