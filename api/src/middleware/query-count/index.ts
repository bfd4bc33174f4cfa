// Counts D1 work per request (statements, and round trips: a batch is one) and reports it in
// x-d1-queries / x-d1-roundtrips, outside production, so the bench counts queries instead of guessing.
// Outside production it also adds the bench's simulated distance to each round trip (geography mode),
// and, when the request asks with `x-d1-sql: 1`, names the distinct statements it ran in the response's
// `x-d1-sql` (URI-encoded JSON), so bench/capacity-pages.mjs can EXPLAIN exactly what a page runs.
import type { MiddlewareHandler } from 'hono';
import { D1_SQL_HEADER, encodeD1Sql } from '#shared/api/d1-sql';
import { parseSimulatedDistance, SIMULATED_D1_RTT_HEADER } from '#shared/api/simulated-distance';
import { derivedEnv } from '#api/src/lib/derived-env';

export interface QueryCount {
  statements: number;
  roundTrips: number;
  /** The distinct SQL texts run, when the request asked for them. */
  sql?: Set<string>;
}

/** Runs a D1 call after the simulated distance (the bench's geography mode), when there is one. */
function afterDelay<T>(delayMs: number, run: () => Promise<T>): Promise<T> {
  if (delayMs <= 0) return run();
  return new Promise((resolve) => setTimeout(resolve, delayMs)).then(run);
}

/**
 * A wrapped statement answers its SQL under this key, also through the wrappers put around it later
 * (the retrying one passes unknown keys on), so a batch's statements can be named.
 */
const SQL_OF = Symbol.for('shop.query-count.sql');

export function countingDatabase(db: D1Database, count: QueryCount, delayMs = 0): D1Database {
  const wrapStatement = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    return new Proxy(statement, {
      get(target, prop, receiver) {
        if (prop === SQL_OF) return sql;
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        if (prop === 'bind') return (...args: unknown[]) => wrapStatement(value.apply(target, args), sql);
        if (prop === 'first' || prop === 'all' || prop === 'run' || prop === 'raw') {
          return (...args: unknown[]) => {
            count.statements += 1;
            count.roundTrips += 1;
            count.sql?.add(sql);
            return afterDelay(delayMs, () => value.apply(target, args));
          };
        }
        return value.bind(target);
      },
    });
  };
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'prepare') return (sql: string) => wrapStatement(target.prepare(sql), sql);
      // A D1 session (read replicas) is counted like the binding it came from.
      if (prop === 'withSession')
        return (constraint?: string) => countingSession(target.withSession(constraint), count, delayMs);
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          count.statements += statements.length;
          count.roundTrips += 1;
          for (const statement of statements) {
            const sql = (statement as unknown as Record<symbol, unknown>)[SQL_OF];
            if (typeof sql === 'string') count.sql?.add(sql);
          }
          return afterDelay(delayMs, () => target.batch(statements));
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function countingSession(session: D1DatabaseSession, count: QueryCount, delayMs: number): D1DatabaseSession {
  const counted = countingDatabase(session as unknown as D1Database, count, delayMs);
  return new Proxy(session, {
    get(target, prop, receiver) {
      if (prop === 'prepare' || prop === 'batch') return Reflect.get(counted, prop);
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function queryCount(options: {
  enabled: (env: { ENVIRONMENT?: string }) => boolean;
}): MiddlewareHandler<{ Bindings: { DB: D1Database; ENVIRONMENT?: string } }> {
  return async function queryCountHandler(c, next) {
    if (!options.enabled(c.env)) return next();
    const count: QueryCount = { statements: 0, roundTrips: 0 };
    if (c.req.header(D1_SQL_HEADER) === '1') count.sql = new Set();
    const delayMs = parseSimulatedDistance(`d1=${c.req.header(SIMULATED_D1_RTT_HEADER) ?? ''}`).d1Ms;
    c.env = derivedEnv(c.env, { DB: countingDatabase(c.env.DB, count, delayMs) });
    await next();
    c.res.headers.set('x-d1-queries', String(count.statements));
    c.res.headers.set('x-d1-roundtrips', String(count.roundTrips));
    if (count.sql) c.res.headers.set(D1_SQL_HEADER, encodeD1Sql(count.sql));
  };
}
