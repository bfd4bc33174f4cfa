// The browser's session client (spec §7): JSON bodies through the worker's /api proxy, 30 s timeout,
// no retries, same-origin credentials, a per-session cache of flagged GETs keyed by language and country.
import type { ApiClient, CallOptions } from '#shared/api/client';
import { ApiFailure } from '#shared/api/client';
import { CACHED_CODE, fail, isEnvelope, TIMEOUT_MESSAGE, type Envelope } from '#shared/api/envelope';
import { REQUEST_TIMEOUT_MS, SIGNED_IN_HEADER } from '#shared/constants';
import type { CountryCode, Lang } from '#shared/locale';

export interface SessionClientOptions {
  lang: Lang;
  country: () => CountryCode;
  /**
   * Whether this page believes a shopper is signed in. Its calls then say so (x-signed-in), and the
   * worker answers 401 when the auth cookie is gone, instead of the API treating them as a guest's.
   */
  signedIn?: () => boolean;
  /** 401: the session is gone; sign out locally and go to sign in (see sessionEndedUrl). */
  onUnauthorized: () => void;
  /** 403 with a device reset: the worker registered a new device; reload. */
  onDeviceReset: () => void;
  fetch?: typeof fetch;
  /** Whether the browser believes it is online (navigator.onLine); a failed call then says "offline". */
  online?: () => boolean;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  timeoutMs?: number;
}

const CACHE_PREFIX = 'api:';

/**
 * The dictionary key that explains a failure: the server's key, or the one the client chose for a
 * failure without a server body (offline, network, timeout). Translate it with tKey, which shows the
 * generic error text for a key it does not know, never the key or a browser's "Failed to fetch".
 */
export function failureKey(error: unknown): string {
  return error instanceof ApiFailure ? (error.meta.key ?? error.meta.msg) : 'server_error';
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function createSessionClient(options: SessionClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const online = options.online ?? browserOnline;

  const cacheKey = (path: string) => `${CACHE_PREFIX}${options.lang}:${options.country()}:${path}`;

  function readCache<T>(path: string): Envelope<T> | null {
    try {
      const raw = options.storage?.getItem(cacheKey(path));
      if (!raw) return null;
      const env = JSON.parse(raw) as Envelope<T>;
      return { data: env.data, meta: { ...env.meta, code: CACHED_CODE } };
    } catch (error) {
      console.warn('session cache read failed', error);
      return null;
    }
  }

  function writeCache(path: string, env: Envelope<unknown>): void {
    try {
      options.storage?.setItem(cacheKey(path), JSON.stringify(env));
    } catch (error) {
      console.warn('session cache write failed', error);
    }
  }

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    opts: CallOptions = {},
  ): Promise<Envelope<T>> {
    if (method === 'GET' && opts.cache) {
      const hit = readCache<T>(path);
      if (hit) return hit;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
    const onAbort = () => controller.abort(opts.signal?.reason);
    opts.signal?.addEventListener('abort', onAbort);

    let response: Response;
    try {
      response = await doFetch(`/api${path}`, {
        method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          lang: options.lang,
          'x-country': options.country(),
          ...(options.signedIn?.() ? { [SIGNED_IN_HEADER]: '1' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted && !opts.signal?.aborted) {
        throw new ApiFailure(504, fail(TIMEOUT_MESSAGE, 504, 'request_timeout'));
      }
      // Spec §8: the error's own text in msg, code 500; the key says what the shopper reads.
      const text = error instanceof Error ? error.message : String(error);
      throw new ApiFailure(500, fail(text, 500, online() ? 'network_unreachable' : 'offline'));
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
    }

    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }

    if (!response.ok) {
      // No envelope (a proxy's HTML page): a gateway status means the shop is unreachable right now.
      const envelope = isEnvelope(parsed)
        ? (parsed as Envelope<unknown>)
        : fail(
            response.statusText || `HTTP ${response.status}`,
            500,
            response.status >= 502 && response.status <= 504 ? 'upstream_unavailable' : 'server_error',
          );
      // Not while the page is on its way to /logout-profile (<html data-signing-out>, client/accounts/sign-out.ts):
      // a 401 then is that sign-out's own doing.
      if (response.status === 401 && !globalThis.document?.documentElement.hasAttribute('data-signing-out'))
        options.onUnauthorized();
      if (response.status === 403 && envelope.meta.msg === 'device_token_invalid') options.onDeviceReset();
      throw new ApiFailure(response.status, envelope);
    }
    if (!isEnvelope(parsed)) throw new ApiFailure(500, fail('invalid response', 500, 'server_error'));
    const envelope = parsed as Envelope<T>;
    if (method === 'GET' && opts.cache) writeCache(path, envelope);
    return envelope;
  }

  return {
    get: (path, opts) => call('GET', path, undefined, opts),
    post: (path, body, opts) => call('POST', path, body ?? {}, opts),
  };
}

// Kept here for callers of the session client; the entry imports it from its own small module.
export { sessionEndedUrl } from './session-ended';
