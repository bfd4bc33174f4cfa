// A database busy for a moment (issue 44): under contention local D1 answers SQLITE_BUSY, and D1 in
// production documents a few errors to retry. The API retries what is safe (reads; any statement that
// met a busy lock, which ran nothing), and answers what still fails with 503, Retry-After and the
// message key `service_busy`: never a 500, never a refusal that blames the shopper. The failures are
// provoked through the DB binding the app is given, so the app's own code runs unchanged.
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { app } from '#api/src/index';
import { isReadOnlySql, isTransientDbError, REPEATABLE } from '#api/src/db/transient';
import { signedRequest, type SignedInit } from '../../support/signed-fetch';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { DEVICE, deviceToken, json, shopperRow } from './helpers';

const BUSY = 'D1_ERROR: database is locked: SQLITE_BUSY';
const LOST = 'D1_ERROR: Network connection lost.';

interface Flaky {
  /** How many calls (statement or batch) may still fail. */
  failures: number;
  /** Which SQL fails (a batch fails when any of its statements would). */
  matches: (sql: string) => boolean;
  message: string;
  /** The calls that failed, and those that ran. */
  failed: string[];
  ran: string[];
}

function flaky(over: Partial<Flaky>): Flaky {
  return { failures: Number.POSITIVE_INFINITY, matches: () => true, message: BUSY, failed: [], ran: [], ...over };
}

/** The binding (and its D1 sessions), failing as `plan` says before each call reaches the database. */
function flakyDatabase<D extends D1Database | D1DatabaseSession>(db: D, plan: Flaky): D {
  const attempt = (sql: string, run: () => Promise<unknown>) => {
    if (plan.failures > 0 && plan.matches(sql)) {
      plan.failures -= 1;
      plan.failed.push(sql);
      return Promise.reject(new Error(plan.message));
    }
    plan.ran.push(sql);
    return run();
  };
  const statement = (s: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(s, {
      get(target, prop, receiver) {
        if (prop === 'flakySql') return sql;
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        if (prop === 'bind') return (...args: unknown[]) => statement(value.apply(target, args), sql);
        if (['first', 'all', 'run', 'raw'].includes(prop as string))
          return (...args: unknown[]) => attempt(sql, () => value.apply(target, args));
        return value.bind(target);
      },
    });
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'prepare') return (sql: string) => statement((target as D1Database).prepare(sql), sql);
      if (prop === 'batch')
        return (statements: D1PreparedStatement[]) =>
          attempt(statements.map((s) => (s as unknown as { flakySql: string }).flakySql).join(';\n'), () =>
            (target as D1Database).batch(statements),
          );
      if (prop === 'withSession')
        return (constraint?: string) => flakyDatabase((target as D1Database).withSession(constraint), plan);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A signed request to the API, whose DB binding fails as `plan` says. */
async function callWith(plan: Flaky, path: string, init: SignedInit = {}): Promise<Response> {
  const request = await signedRequest(path, {
    ...init,
    headers: {
      [CLIENT_IP_HEADER]: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...init.headers,
    },
  });
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...env, DB: flakyDatabase(env.DB, plan) }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const COUNTRIES = (sql: string) => /FROM countries c LEFT JOIN country_settings/.test(sql);
const DEVICE_ROW = (sql: string) => /INSERT INTO devices/.test(sql);
const VIEW_ROW = (sql: string) => /INSERT INTO viewed_products/.test(sql);

describe('a database busy for a moment', () => {
  it('retries a read: the busy answers are not seen, the read succeeds', async () => {
    const token = await deviceToken();
    const plan = flaky({ failures: 2, matches: COUNTRIES });
    const res = await callWith(plan, '/country', { token });
    expect(res.status).toBe(200);
    expect((await json(res)).meta.msg).toBe('ok');
    expect(plan.failed).toHaveLength(2);
    expect(plan.ran.filter(COUNTRIES)).toHaveLength(1);
  });

  it('retries a read that lost its connection, as D1 documents', async () => {
    const token = await deviceToken();
    const plan = flaky({ failures: 1, matches: COUNTRIES, message: LOST });
    const res = await callWith(plan, '/country', { token });
    expect(res.status).toBe(200);
    expect(plan.failed).toHaveLength(1);
  });

  it('answers a read still failing after its retries with 503, Retry-After and service_busy, not 500', async () => {
    const token = await deviceToken();
    const plan = flaky({ matches: COUNTRIES });
    const res = await callWith(plan, '/country', { token });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await json(res)).meta).toEqual({ msg: 'service_busy', code: 503, msgType: 1 });
    // The first try and two more.
    expect(plan.failed).toHaveLength(3);
  });

  it('tries a write that met a busy lock again (nothing of it ran), and stores it once', async () => {
    const plan = flaky({ failures: 1, matches: DEVICE_ROW });
    const res = await callWith(plan, '/device/auth', { body: JSON.stringify(DEVICE) });
    expect(res.status).toBe(200);
    expect(plan.failed).toHaveLength(1);
    expect(plan.ran.filter(DEVICE_ROW)).toHaveLength(1);
  });

  it('does not repeat a write whose outcome is unknown (a lost connection): 503, tried once', async () => {
    const plan = flaky({ matches: DEVICE_ROW, message: LOST });
    const res = await callWith(plan, '/device/auth', { body: JSON.stringify(DEVICE) });
    expect(res.status).toBe(503);
    expect(plan.failed).toHaveLength(1);
  });

  it("retries her product page's batch after a lost connection: its one write is her view, which may run twice", async () => {
    await loadCatalogueFixture(env.DB);
    const her = await shopperRow('transient-view');
    const token = await deviceToken();
    const plan = flaky({ failures: 1, matches: VIEW_ROW, message: LOST });
    const res = await callWith(plan, '/product/alpha-vitamin-d3-1000/v2', {
      token,
      headers: { authorization: `Bearer ${her.token}` },
    });
    expect(res.status).toBe(200);
    expect(plan.failed).toHaveLength(1);
    expect(plan.ran.filter(VIEW_ROW)).toHaveLength(1);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM viewed_products WHERE user_id = ?')
      .bind(her.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it('answers a device registration the database cannot store with 503 service_busy: no 500, no 403', async () => {
    const plan = flaky({ matches: DEVICE_ROW });
    const res = await callWith(plan, '/device/auth', { body: JSON.stringify(DEVICE) });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    const body = await json(res);
    expect(body.meta.msg).toBe('service_busy');
    expect(body.data).toBeNull();
  });
});

describe('what counts as transient, and as a read', () => {
  it('knows D1’s retryable errors and SQLite’s busy lock, and nothing else', () => {
    for (const message of [
      BUSY,
      LOST,
      'D1_ERROR: Internal error while starting up D1 DB storage caused object to be reset.',
      'D1_ERROR: D1 DB reset because its code was updated.',
      'D1_ERROR: D1 DB is overloaded. Too many requests queued.',
    ])
      expect(isTransientDbError(new Error(message)), message).toBe(true);
    expect(isTransientDbError(new Error('x', { cause: new Error(BUSY) }))).toBe(true);
    for (const message of ['D1_ERROR: UNIQUE constraint failed: users.email', 'D1_ERROR: no such table: x'])
      expect(isTransientDbError(new Error(message)), message).toBe(false);
  });

  it('takes only statements that write nothing as reads', () => {
    expect(isReadOnlySql('SELECT 1')).toBe(true);
    expect(isReadOnlySql('  with x AS (SELECT 1) SELECT * FROM x')).toBe(true);
    expect(isReadOnlySql('INSERT INTO t SELECT 1')).toBe(false);
    expect(isReadOnlySql('WITH x AS (SELECT 1) UPDATE t SET a = 1')).toBe(false);
    expect(isReadOnlySql('SELECT 1; DELETE FROM t')).toBe(false);
    // A repeatable write is still a write (tried again for what a read is, but never counted as one).
    expect(isReadOnlySql(`${REPEATABLE}INSERT INTO t SELECT 1`)).toBe(false);
  });
});
