// D1 errors that pass (issue 44): a database busy under contention (local D1 answers SQLITE_BUSY), a
// lost connection, a database object restarting. Cloudflare's D1 documentation lists these as "Retry
// the operation" (observability/debug-d1, "List of D1_ERRORs") and advises retrying, with backoff and
// jitter, what is safe to run twice (best-practices/retry-queries): D1 itself retries read-only
// statements, and only those. So:
//   - a read (a statement, or a batch of statements, that only reads) is tried up to twice more;
//   - any statement that met a busy lock is tried again too: SQLite answers SQLITE_BUSY before it writes,
//     and D1 runs each call (a batch included) as one transaction, rolled back whole when it fails;
//   - a write that says it may run twice with the same effect (`REPEATABLE`, e.g. her view's upsert to
//     the later time) is tried again like a read, and so is a batch of reads and such writes;
//   - whatever still fails is the server's trouble, answered 503 `service_busy` with Retry-After by the
//     API's one onError (index.ts), never a 500, never a 4xx that blames the shopper.
// The wrapper goes on the binding once per request (resilientDatabase middleware); route code does not change.
import type { MiddlewareHandler } from 'hono';
import { derivedEnv } from '../lib/derived-env';

/** What D1 says for an error its documentation says to retry, and SQLite's busy lock. */
const TRANSIENT =
  /SQLITE_BUSY|database is locked|Network connection lost|storage caused object to be reset|reset because its code was updated|D1 DB is overloaded|Too many requests queued/i;
/** A busy lock: nothing of the statement ran, whatever it was. */
const BUSY = /SQLITE_BUSY|database is locked/i;

/** The seconds a client should wait before trying again after a 503 `service_busy`. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

function messagesOf(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    parts.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(' | ');
}

/** An error (or its cause) that trying again a moment later may not meet. */
export function isTransientDbError(error: unknown): boolean {
  return TRANSIENT.test(messagesOf(error));
}

/**
 * What a statement's text starts with when running it twice has the effect of running it once (an upsert
 * to the later of two times, a trim to the newest rows): its outcome unknown after a lost connection, it
 * is safe to send again. Said by the statement itself, where its SQL is written.
 */
export const REPEATABLE = '/* repeatable */ ';

/** Whether a failed call of this statement may be sent again whatever the failure: a read, or repeatable. */
function mayRepeat(sql: string): boolean {
  return sql.startsWith(REPEATABLE) || isReadOnlySql(sql);
}

/** A statement that only reads (D1's own rule for what it retries: SELECT, WITH, EXPLAIN, no write). */
export function isReadOnlySql(sql: string): boolean {
  let known = readOnly.get(sql);
  if (known === undefined) {
    const text = sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ').trim();
    known =
      /^(SELECT|WITH|EXPLAIN)\b/i.test(text) &&
      !/\b(INSERT|UPDATE|DELETE|REPLACE|UPSERT|CREATE|DROP|ALTER|PRAGMA|VACUUM|ATTACH)\b/i.test(text);
    if (readOnly.size >= READ_ONLY_KEPT) readOnly.clear();
    readOnly.set(sql, known);
  }
  return known;
}

/**
 * What each statement's text was found to be. The shop's statements are a few hundred texts, some of
 * them several kilobytes (a signed-in shopper's parts), and three expressions over the whole text ran
 * for each statement of every call; the answer depends on the text alone. Bounded: emptied when full.
 */
const readOnly = new Map<string, boolean>();
const READ_ONLY_KEPT = 1000;

export interface RetryOptions {
  /** Attempts after the first. */
  retries?: number;
  /** The first pause; each next one doubles, with up to as much again of jitter. */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const SQL = Symbol('sql');
const WRAPPED = Symbol('retrying');

type Tagged = D1PreparedStatement & { [SQL]?: string };

async function withRetries<T>(run: () => Promise<T>, repeatable: boolean, options: RetryOptions): Promise<T> {
  const retries = options.retries ?? 2;
  const base = options.baseDelayMs ?? 25;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const again = isTransientDbError(error) && (repeatable || BUSY.test(messagesOf(error)));
      if (!again || attempt >= retries) throw error;
      const pause = base * 2 ** attempt;
      await sleep(pause + Math.random() * pause);
    }
  }
}

function wrapStatement(statement: D1PreparedStatement, sql: string, options: RetryOptions): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, prop, receiver) {
      if (prop === SQL) return sql;
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'bind')
        return (...args: unknown[]) => wrapStatement(value.apply(target, args) as D1PreparedStatement, sql, options);
      if (prop === 'first' || prop === 'all' || prop === 'run' || prop === 'raw')
        return (...args: unknown[]) => withRetries(() => value.apply(target, args), mayRepeat(sql), options);
      return value.bind(target);
    },
  });
}

/** The binding (or a D1 session of it) with D1's transient failures retried where that is safe. */
export function retryingDatabase<D extends D1Database | D1DatabaseSession>(db: D, options: RetryOptions = {}): D {
  if ((db as unknown as Record<symbol, unknown>)[WRAPPED]) return db;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === WRAPPED) return true;
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'prepare') return (sql: string) => wrapStatement((target as D1Database).prepare(sql), sql, options);
      if (prop === 'batch')
        return (statements: D1PreparedStatement[]) =>
          withRetries(
            () => (target as D1Database).batch(statements),
            statements.every((s) => mayRepeat((s as Tagged)[SQL] ?? 'INSERT')),
            options,
          );
      if (prop === 'withSession')
        return (constraint?: string) => retryingDatabase((target as D1Database).withSession(constraint), options);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Puts the retrying wrapper on the request's DB binding, once (a bundle's inner calls find it there). */
export function resilientDatabase(options: RetryOptions = {}): MiddlewareHandler<{ Bindings: { DB: D1Database } }> {
  return async function resilientDatabaseHandler(c, next) {
    c.env = derivedEnv(c.env, { DB: retryingDatabase(c.env.DB, options) });
    await next();
  };
}
