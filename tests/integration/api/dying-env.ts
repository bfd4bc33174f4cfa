// The API's databases dying part-way through a request, as a worker killed there leaves them: the
// refund tests kill a change before each of its writes in turn (returns.test.ts, consultation-refund-killed.test.ts).
import { env } from 'cloudflare:workers';

/**
 * The API's databases dying at their `at`-th write (a statement or batch that writes) and at every call
 * after it: the worker killed just before that write, as a lost isolate leaves it. `killedSql` is the
 * SQL of the write it died before (a batch's first writing statement).
 */
export function dyingEnv(at: number) {
  const REAL = Symbol('real');
  const SQL = Symbol('sql');
  const writes$ = (sql: string) => /^\s*(INSERT|UPDATE|DELETE|REPLACE)\b/i.test(sql);
  let writes = 0;
  let dead = false;
  let killedSql: string | null = null;
  const tick = (write: boolean, sql: string) => {
    if (!dead && write && ++writes === at) {
      dead = true;
      killedSql = sql;
    }
    if (dead) throw new Error(`killed before write ${at}`);
  };
  const statement = (s: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(s, {
      get(target, prop) {
        if (prop === REAL) return target;
        if (prop === SQL) return sql;
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'bind') return (...args: unknown[]) => statement(target.bind(...args), sql);
        if (prop === 'first' || prop === 'all' || prop === 'run' || prop === 'raw')
          return (...args: unknown[]) => {
            tick(writes$(sql), sql);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const database = (db: D1Database): D1Database =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === 'prepare') return (sql: string) => statement(target.prepare(sql), sql);
        if (prop === 'batch')
          return (list: D1PreparedStatement[]) => {
            const tagged = list as unknown as Array<Record<symbol, unknown>>;
            const sqls = tagged.map((s) => (s[SQL] as string | undefined) ?? 'INSERT');
            tick(sqls.some(writes$), sqls.find(writes$) ?? '');
            return target.batch(tagged.map((s) => (s[REAL] ?? s) as D1PreparedStatement));
          };
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return {
    env: { ...env, DB: database(env.DB), ORDERS_1: database(env.ORDERS_1) },
    killed: () => dead,
    killedSql: () => killedSql,
  };
}
