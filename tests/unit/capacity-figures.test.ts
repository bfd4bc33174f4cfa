// The capacity figures the README and the capacity page quote come from one command
// (`npm run bench:capacity -- --figures`, bench/capacity.mjs): its history writes every order's row in the
// order index, as checkout does, and both pages quote the same hot and archived bytes an order and the
// orders a day the bench's own formulas give from them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, ordersPerDay, yearsToFill } from '../../bench/capacity.mjs';

const num = (s: string) => Number(s.replaceAll(',', ''));

/**
 * A stand-in for node:sqlite's DatabaseSync that keeps every row the history writes, by table (the
 * bench's statements are plain INSERTs; a real database would need D1's migrations applied by wrangler).
 */
function recordingDatabase() {
  const rows = new Map<string, unknown[][]>();
  return {
    rows,
    exec() {},
    prepare(sql: string) {
      const table = /INSERT INTO (\w+)/.exec(sql)?.[1];
      return {
        run: (...args: unknown[]) => {
          if (table) rows.set(table, [...(rows.get(table) ?? []), args]);
          return { changes: 1 };
        },
        get: () => ({ n: 1 }),
        all: () => [],
      };
    },
  };
}

describe("the capacity bench's history", () => {
  it('gives every order its row in the core’s order index, keyed by account or hashed e-mail', () => {
    const db = recordingDatabase();
    generate(db, 400, { years: 1.5 });
    const orders = db.rows.get('orders')!;
    const owners = db.rows.get('order_owners') ?? [];
    expect(orders).toHaveLength(400);
    expect(owners.map((r) => r[0])).toEqual(orders.map((r) => r[0]));
    orders.forEach((order, i) => {
      const [, user, guestEmail] = order;
      const key = String(owners[i]![1]);
      if (user === null) {
        expect(key).toMatch(/^email:[0-9a-f]{64}$/);
        expect(key).toBe(`email:${createHash('sha256').update(String(guestEmail)).digest('hex')}`);
      } else expect(key).toBe(`user:${user}`);
    });
  });
});

describe('the figures the pages quote', () => {
  const readme = readFileSync('README.md', 'utf8');
  const capacity = readFileSync('docs/operating/capacity.md', 'utf8');
  const [, hot, cold] = /\| ([\d,]+) B a hot order, ([\d,]+) B archived/.exec(readme) ?? [];
  const H = num(hot ?? '');
  const R = num(cold ?? '');

  it('are one set: the README’s orders a day follow from its hot and archived bytes', () => {
    expect(H).toBeGreaterThan(R);
    const [, d3, d5, d10] = /\| ([\d,]+) for 3 years, ([\d,]+) for 5, ([\d,]+) for 10 \(8 of its 10 GB\)/.exec(readme)!;
    expect([d3, d5, d10].map((d) => num(d!))).toEqual([3, 5, 10].map((t) => ordersPerDay(8e9, t, H, R)));
  });

  it('the capacity page quotes the README’s figures, not older ones', () => {
    const limits = /\| D1 storage[^\n]*/.exec(capacity)![0];
    expect(limits).toContain(`${H.toLocaleString('en-US')} B a hot order, ${R.toLocaleString('en-US')} B archived`);
    expect(limits).toContain(`${ordersPerDay(8e9, 3, H, R).toLocaleString('en-US')} orders a day for 3 years`);
    const years = /the database reaches 8 GB after ([\d.]+) years/.exec(capacity)![1];
    expect(years).toBe(yearsToFill(8e9, 5000, H, R).toFixed(1));
  });
});
