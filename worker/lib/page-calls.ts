// The API client a page's loaders get during server rendering (decisions 40 and 53). It only gathers:
// calls made together (the country list and every loader of the matched routes start in the same turn
// of the event loop) wait for that turn to end and go to the gateway as one trip (gateway.ts pageTrip:
// the KV cache's answers, one POST /bundle with the browser's device registration, a write alone after
// it). A call made after the trip left (a deferred section, a loader that needed an earlier answer)
// starts the next one. It talks to nothing itself.
import type { Context } from 'hono';
import { ApiFailure, type ApiClient } from '#shared/api/client';
import type { Envelope } from '#shared/api/envelope';
import type { BundleCall } from '#shared/api/page-bundle';
import type { AppEnv } from '../app-env';
import { pageTrip, type PageAnswer, type PageCall } from './gateway';
import type { Session } from './session';

export interface PageApi extends ApiClient {
  /**
   * Whether every call so far was one of `isPublic`'s (the caller's rule: the page cache's) and was
   * answered without a server failure: a page that caught an API failure and rendered around it is
   * the shopper's to see, never one to keep for the next.
   */
  publicAndWhole(): boolean;
  /** Settles when the page's first read leaves for the API (a cache could not answer it); never, if none
   * does. A page that writes never counts as travelling: its answers may set cookies. */
  travelling(): Promise<void>;
  /** The earliest instant an answer's delivery promise moves (decision 65), or null if none made one:
   * a page showing it is kept no longer. */
  validUntil(): number | null;
}

/** An answer's `delivery.valid_until`, where it carries a delivery promise. */
function promiseExpiry(data: unknown): number | null {
  const delivery = (data as { delivery?: { valid_until?: unknown } } | null)?.delivery;
  return typeof delivery?.valid_until === 'number' ? delivery.valid_until : null;
}

export function pageApi(
  c: Context<AppEnv>,
  session: Session,
  isPublic: (method: string, path: string) => boolean = () => false,
): PageApi {
  let queue: PageCall[] = [];
  let allPublic = true;
  let failure = false;
  let validUntil: number | null = null;
  let departed: () => void = () => undefined;
  const travelling = new Promise<void>((resolve) => {
    departed = resolve;
  });

  function enqueue(call: BundleCall): Promise<PageAnswer> {
    return new Promise((done) => {
      queue.push({ call, done });
      if (queue.length > 1) return;
      // A timer, not a microtask: the router resolves lazy routes and their texts in microtasks, and
      // every loader of the page has called by the time the timer runs.
      setTimeout(() => {
        const batch = queue;
        queue = [];
        void pageTrip(c, session, batch, departed);
      }, 0);
    });
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
    if (!isPublic(method, path)) allPublic = false;
    const answer = await enqueue(body === undefined ? { method, path } : { method, path, body });
    if (answer.status >= 500) failure = true;
    const envelope = answer.envelope as Envelope<T>;
    const expiry = promiseExpiry(envelope?.data);
    if (expiry !== null) validUntil = Math.min(validUntil ?? expiry, expiry);
    if (answer.status >= 400) throw new ApiFailure(answer.status, envelope);
    return envelope;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    publicAndWhole: () => allPublic && !failure,
    travelling: () => travelling,
    validUntil: () => validUntil,
  };
}
