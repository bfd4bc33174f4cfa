// The request context both back-end workers log under (decision 16): each request runs with its id in
// a context store, every log line reads the id from there (so code far from the Hono context, mail or
// payments, logs it too), and each request ends with one line that says how it went.
// The api and staff workers held this same code twice. It lives here, pure TypeScript: each worker
// hands in its own store (AsyncLocalStorage from node:async_hooks) and puts hono/request-id before
// `logContext` (api/src/lib/log.ts, staff/lib/log.ts); shared/ may not import Hono, so the context is
// described here by the little it is asked for.
import { createLogger, type LogFields, type Logger } from './log';
import { REQUEST_ID_HEADER } from './request-id';

/** What AsyncLocalStorage offers, as much as a log context needs of it. */
export interface ContextStore<S> {
  run<R>(store: S, work: () => R): R;
  getStore(): S | undefined;
}

/** What one request's closing line says of it (its path without the query: search terms stay out). */
interface RequestOutcome {
  method: string;
  path: string;
  status: number;
}

/** The part of a Hono context the log context uses. */
interface RequestContextLike {
  get(key: 'requestId'): unknown;
  header(name: string, value: string): void;
  req: { method: string; path: string };
  res: { status: number };
}

export interface RequestLog {
  log: Logger;
  /** This request's id; undefined outside a request. */
  currentRequestId(): string | undefined;
  /** Runs one request under its id, then writes its closing line. */
  runRequest(reqid: string, next: () => Promise<void>, outcome: () => RequestOutcome): Promise<void>;
  /**
   * Middleware after hono/request-id: answers with the request's id and runs the request under it,
   * ending with one line that says how it went.
   */
  logContext(c: RequestContextLike, next: () => Promise<void>): Promise<void>;
  /** Runs work outside a request (a cron trigger) under a fresh id of its own. */
  withFreshRequestId<R>(work: () => R): R;
}

export function requestLog(worker: string, store: ContextStore<{ reqid: string }>): RequestLog {
  const currentRequestId = () => store.getStore()?.reqid;
  const log = createLogger(worker, currentRequestId);
  const runRequest: RequestLog['runRequest'] = async (reqid, next, outcome) => {
    const started = Date.now();
    await store.run({ reqid }, next);
    const line: LogFields = { ...outcome(), ms: Date.now() - started };
    store.run({ reqid }, () => log.info('request', line));
  };
  return {
    log,
    currentRequestId,
    runRequest,
    async logContext(c, next) {
      const reqid = c.get('requestId') as string;
      c.header(REQUEST_ID_HEADER, reqid);
      await runRequest(reqid, next, () => ({ method: c.req.method, path: c.req.path, status: c.res.status }));
    },
    withFreshRequestId: (work) => store.run({ reqid: `cron-${crypto.randomUUID()}` }, work),
  };
}
