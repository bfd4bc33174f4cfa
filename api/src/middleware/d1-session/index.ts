// D1 read replicas (decision 40). A shopper's read (a GET, a read POST, a page bundle) runs in a D1
// session that starts at the bookmark her storefront sent, or anywhere (the nearest replica) without
// one; its answer carries the session's bookmark. A write runs as before, every statement on the
// primary, so stock, coupons, wallet, slot holds and promotions keep their guarantees; its answer
// carries the primary's bookmark after it, so her next read sees what she wrote. The back office always
// reads the primary (staff check their edits at once), and scheduled jobs never pass through here. A read
// that records something of hers as it answers (a signed-in shopper's product view, written in the read's
// own batch: decision 82) writes in its session: D1 runs that batch on the primary, and the bookmark the
// answer carries covers her view.
import type { Context, MiddlewareHandler } from 'hono';
import { D1_BOOKMARK_HEADER, isBookmark } from '#shared/api/d1-bookmark';
import { derivedEnv } from '#api/src/lib/derived-env';

export interface D1SessionOptions {
  /** Requests that only read. */
  isRead: (c: Context) => boolean;
  /** Requests left alone: they use the plain binding (the primary), and get no bookmark. */
  skip: (c: Context) => boolean;
}

export function d1Session(options: D1SessionOptions): MiddlewareHandler<{ Bindings: { DB: D1Database } }> {
  return async function d1SessionHandler(c, next) {
    if (options.skip(c)) return next();
    const db = c.env.DB;
    if (options.isRead(c)) {
      const sent = c.req.header(D1_BOOKMARK_HEADER);
      const session = db.withSession(isBookmark(sent) ? sent : 'first-unconstrained');
      c.env = derivedEnv(c.env, { DB: sessionDatabase(db, session) });
      await next();
      const bookmark = session.getBookmark();
      if (bookmark) c.res.headers.set(D1_BOOKMARK_HEADER, bookmark);
      return;
    }
    await next();
    if (c.res.status >= 400) return;
    // The primary's state now includes this request's writes: its bookmark is the one to read after.
    const after = db.withSession('first-primary');
    await after.prepare('SELECT 1').first();
    const bookmark = after.getBookmark();
    if (bookmark) c.res.headers.set(D1_BOOKMARK_HEADER, bookmark);
  };
}

/** A session with the shape of the binding, so route code takes either; what a session cannot do
 * (exec, a nested session) goes to the binding. */
export function sessionDatabase(db: D1Database, session: D1DatabaseSession): D1Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return (sql: string) => session.prepare(sql);
      if (prop === 'batch') return (statements: D1PreparedStatement[]) => session.batch(statements);
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
