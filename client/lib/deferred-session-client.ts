// The browser's API client with its code loaded on the side (decision 18): the session client (timeout,
// per-session cache, failure and session handling) is no part of the page's first JavaScript. The entry
// creates this at start, which starts the download; calls made before it arrives wait for it.
import type { ApiClient, CallOptions } from '#shared/api/client';
import type { Envelope } from '#shared/api/envelope';
import type { SessionClientOptions } from './session-client';

export function deferredSessionClient(options: SessionClientOptions): ApiClient {
  let client: Promise<ApiClient> | null = null;
  const load = (): Promise<ApiClient> =>
    (client ??= import('./session-client').then(
      (m) => m.createSessionClient(options),
      (error: unknown) => {
        // A failed download (offline) is tried again by the next call.
        client = null;
        throw error;
      },
    ));
  void load().catch(() => undefined);
  return {
    get<T>(path: string, opts?: CallOptions): Promise<Envelope<T>> {
      return load().then((c) => c.get<T>(path, opts));
    },
    post<T>(path: string, body?: unknown, opts?: CallOptions): Promise<Envelope<T>> {
      return load().then((c) => c.post<T>(path, body, opts));
    },
  };
}
