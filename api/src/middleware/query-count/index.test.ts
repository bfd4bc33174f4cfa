import { describe, expect, it } from 'vitest';
import { retryingDatabase } from '../../db/transient';
import { countingDatabase, type QueryCount } from './index';

/** A D1 stand-in that only answers: the counting wrapper is what is tested. */
function fakeD1(): D1Database {
  const statement = (sql: string): D1PreparedStatement =>
    ({
      sql,
      bind: () => statement(sql),
      first: async () => null,
      all: async () => ({ results: [], success: true, meta: {} }),
      run: async () => ({ results: [], success: true, meta: {} }),
      raw: async () => [],
    }) as unknown as D1PreparedStatement;
  return {
    prepare: statement,
    batch: async (list: D1PreparedStatement[]) => list.map(() => ({ results: [], success: true, meta: {} })),
  } as unknown as D1Database;
}

describe('countingDatabase', () => {
  it('counts statements and round trips, a batch as one trip', async () => {
    const count: QueryCount = { statements: 0, roundTrips: 0 };
    const db = countingDatabase(fakeD1(), count);
    await db.prepare('SELECT 1').first();
    await db.batch([db.prepare('SELECT 2').bind(1), db.prepare('SELECT 3')]);
    expect(count).toEqual({ statements: 3, roundTrips: 2 });
  });

  it('names the distinct statements run, bound or not, in batches too, only when asked', async () => {
    const count: QueryCount = { statements: 0, roundTrips: 0, sql: new Set() };
    const db = countingDatabase(fakeD1(), count);
    await db.prepare('SELECT 1').first();
    await db.prepare('SELECT 1').first();
    db.prepare('SELECT never run');
    await db.batch([db.prepare('SELECT 2 WHERE ?').bind(1), db.prepare('SELECT 3')]);
    expect([...(count.sql ?? [])]).toEqual(['SELECT 1', 'SELECT 2 WHERE ?', 'SELECT 3']);
  });

  it("names a batch's statements through the retrying wrapper put around it", async () => {
    const count: QueryCount = { statements: 0, roundTrips: 0, sql: new Set() };
    const db = retryingDatabase(countingDatabase(fakeD1(), count));
    await db.batch([db.prepare('SELECT a FROM t WHERE id = ?').bind(1), db.prepare('SELECT b FROM t')]);
    expect([...(count.sql ?? [])]).toEqual(['SELECT a FROM t WHERE id = ?', 'SELECT b FROM t']);
  });
});
