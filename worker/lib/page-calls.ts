// The API client a page's loaders get during server rendering (decision 40). Calls made together (the
// country list and every loader of the matched routes start in the same turn of the event loop) wait
// for that turn to end and then travel as one POST /bundle, with the browser's device registration
// when it has no valid token: one long haul per page, first visits included. Flagged GETs are answered
// from the KV cache first and only the misses travel. A call made after the bundle left (a deferred
// section, a loader that needed an earlier answer) starts the next bundle.
import type { Context } from 'hono';
import { ApiFailure, type ApiClient } from '#shared/api/client';
import { fail, type Envelope } from '#shared/api/envelope';
import { laterBookmark } from '#shared/api/d1-bookmark';
import { versionBookmark } from '#shared/catalogue/cache-version';
import { BUNDLE_PATH, isBundleable, type BundleCall, type BundleResult } from '#shared/api/page-bundle';
import type { AppEnv } from '../app-env';
import { cacheKey, catalogueVersion, readCached, storeCached } from '../cache';
import { cachePolicyFor, type CachePolicy } from '../cache/policies';
import { devicePayload } from '../upstream';
import { deviceUnavailable, forward, parseEnvelope, sessionCall } from './gateway';
import { log } from './log';
import { applyAnswer, ensureDevice, storeDeviceToken, type Session } from './session';

/** An answer as the loader gets it: parsed once, never written out and read again. */
interface Answer {
  status: number;
  envelope: Envelope<unknown>;
}

interface Pending {
  call: BundleCall;
  done: (answer: Answer) => void;
}

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
}

export function pageApi(
  c: Context<AppEnv>,
  session: Session,
  isPublic: (method: string, path: string) => boolean = () => false,
): PageApi {
  let queue: Pending[] = [];
  let allPublic = true;
  let failure = false;
  let departed: () => void = () => undefined;
  const travelling = new Promise<void>((resolve) => {
    departed = resolve;
  });

  function enqueue(call: BundleCall): Promise<Answer> {
    return new Promise((done) => {
      queue.push({ call, done });
      if (queue.length > 1) return;
      // A timer, not a microtask: the router resolves lazy routes and their texts in microtasks, and
      // every loader of the page has called by the time the timer runs.
      setTimeout(() => {
        const batch = queue;
        queue = [];
        void send(c, session, batch, departed);
      }, 0);
    });
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
    if (!isPublic(method, path)) allPublic = false;
    const answer = await enqueue(body === undefined ? { method, path } : { method, path, body });
    if (answer.status >= 500) failure = true;
    const envelope = answer.envelope as Envelope<T>;
    if (answer.status >= 400) throw new ApiFailure(answer.status, envelope);
    return envelope;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    publicAndWhole: () => allPublic && !failure,
    travelling: () => travelling,
  };
}

/** Answers a batch: from the cache where it can, the reads in one bundle, a write alone after it.
 * Never rejects: every pending call gets an answer, a failure envelope at worst. */
async function send(c: Context<AppEnv>, session: Session, batch: Pending[], departed: () => void): Promise<void> {
  try {
    const [lookups, version] = await Promise.all([
      Promise.all(batch.map((p) => lookup(c, session, p.call))),
      catalogueVersion(c),
    ]);
    // What is cached now (answers, the guest page) is cached under this version: read a state that
    // has the change that made it.
    session.bookmark = laterBookmark(session.bookmark, versionBookmark(version));
    const misses: Array<{ pending: Pending; cache: Lookup }> = [];
    const writes: Pending[] = [];
    for (const [i, pending] of batch.entries()) {
      const cache = lookups[i]!;
      if (cache.hit !== null) pending.done({ status: 200, envelope: JSON.parse(cache.hit) as Envelope<unknown> });
      else if (isBundleable(pending.call)) misses.push({ pending, cache });
      else writes.push(pending);
    }
    if (misses.length > 0) {
      if (writes.length === 0) departed();
      const answers = await bundle(
        c,
        session,
        misses.map((m) => m.pending.call),
      );
      for (const [i, { pending, cache }] of misses.entries()) {
        const answer = answers[i]!;
        // Written out now, before a loader could change what it was given.
        if (cache.key && cache.policy && answer.status === 200)
          storeCached(c.env.CACHE, cache.key, cache.policy, cache.version, JSON.stringify(answer.envelope), (p) =>
            c.executionCtx.waitUntil(p),
          );
        pending.done(answer);
      }
    }
    // A loader that writes (a mail link's confirmation) goes alone, after the bundle gave the device.
    // A write's answer may set cookies (a sign-out, a confirmed mail): it never lets the shell go first.
    if (writes.length > 0) {
      if (await ensureDevice(c, session)) await Promise.all(writes.map((pending) => alone(c, session, pending)));
      else {
        const busy = deviceUnavailable();
        for (const pending of writes) pending.done({ status: busy.status, envelope: JSON.parse(busy.body) });
      }
    }
  } catch (error) {
    log.error('page calls failed', { error });
    for (const pending of batch) pending.done({ status: 502, envelope: fail('upstream_unavailable', 502) });
  }
}

interface Lookup {
  hit: string | null;
  key: string | null;
  policy: CachePolicy | null;
  version: string;
}

async function lookup(c: Context<AppEnv>, session: Session, call: BundleCall): Promise<Lookup> {
  const policy = cachePolicyFor(call.method, call.path.split('?')[0]!);
  const key = policy ? await cacheKey(policy, session, call.path) : null;
  if (!policy || !key) return { hit: null, key: null, policy: null, version: '' };
  const found = await readCached(c.env.CACHE, key, catalogueVersion(c));
  return { hit: found.body, key, policy, version: found.version };
}

/** A call that cannot travel in a bundle goes alone, through the gateway's own rules. */
async function alone(c: Context<AppEnv>, session: Session, pending: Pending): Promise<void> {
  const { method, path, body } = pending.call;
  const result = await forward(c, session, method, path, body === undefined ? '' : JSON.stringify(body));
  pending.done({ status: result.status, envelope: JSON.parse(result.body) as Envelope<unknown> });
}

/** One POST /bundle; each answer is settled with the session as if it had come alone. */
async function bundle(c: Context<AppEnv>, session: Session, calls: BundleCall[]): Promise<Answer[]> {
  const payload = { calls, device: devicePayload(c.req.header('user-agent') ?? '') };
  const res = await sessionCall(c, session, 'POST', BUNDLE_PATH, JSON.stringify(payload));
  const text = await res.text();
  const envelope = parseEnvelope(text);
  const result = envelope?.data as BundleResult | null | undefined;
  if (res.status !== 200 || !result || !Array.isArray(result.answers) || result.answers.length !== calls.length) {
    if (res.status === 200 || !envelope) log.error('bundle answered without its answers', { status: res.status });
    // The API refused the bundle itself (its own envelope and status) or answered something else.
    const refusal = envelope && res.status !== 200 ? { status: res.status, envelope } : null;
    return calls.map(() => refusal ?? { status: 502, envelope: fail('upstream_unavailable', 502) });
  }
  if (result.device_token) storeDeviceToken(c, session, result.device_token);
  return result.answers.map((answer, i) => {
    const envelope = (answer.body ?? fail('upstream_unavailable', 502)) as Envelope<unknown>;
    applyAnswer(c, session, { path: calls[i]!.path.split('?')[0]!, status: answer.status, data: envelope.data });
    return { status: answer.status, envelope };
  });
}
