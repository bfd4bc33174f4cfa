// The one place that talks to the commerce API, for both the /api proxy and server-side loaders: the
// KV cache for flagged GETs, the signed call, the answer's envelope, and no token ever in a body the
// browser gets. What an answer changes of the session (spec §4) is the session module's to decide
// (session.ts: applyAnswer, renewDevice); this module reports it and retries a loader's call once when
// the device was renewed. A request reads top to bottom: session first, then calls through here.
import type { Context } from 'hono';
import { ApiFailure, type ApiClient } from '#shared/api/client';
import { fail, isEnvelope, type Envelope } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { cacheKey, withCache } from '../cache';
import { cachePolicyFor } from '../cache/policies';
import { callUpstream } from '../upstream';
import { log } from './log';
import { applyAnswer, renewDevice, type Session } from './session';

export interface ForwardResult {
  status: number;
  body: string;
  cached: boolean;
  /** The API's Retry-After on a 429, for the browser. */
  retryAfter?: string;
  /** The API no longer knew the device and a new one was registered: the call may be sent again. */
  deviceRenewed?: boolean;
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

  applyAnswer(c, session, { path, status: result.status, data: envelope.data });
  const deviceRenewed =
    result.status === 403 && envelope.meta.msg === 'device_token_invalid' && (await renewDevice(c, session));
  const data = envelope.data as Record<string, unknown> | null;
  if (data && typeof data === 'object' && 'access_token' in data) {
    // No token ever reaches page JavaScript.
    delete data.access_token;
    return { ...result, body: JSON.stringify(envelope), deviceRenewed };
  }
  return { ...result, deviceRenewed };
}

/** The ApiClient route loaders get during server rendering. */
export function serverApi(c: Context<AppEnv>, session: Session): ApiClient {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
    const text = body === undefined ? '' : JSON.stringify(body);
    let result = await forward(c, session, method, path, text);
    // A device reset registered a new device: the render acts as the reload of spec §4, once.
    if (result.deviceRenewed) result = await forward(c, session, method, path, text);
    const envelope = JSON.parse(result.body) as Envelope<T>;
    if (result.status >= 400) throw new ApiFailure(result.status, envelope);
    return envelope;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
  };
}
