// The points ledger's guarantees (migration 0060, decision 58), at the level that holds them: D1 and
// the one way in (api/src/loyalty/ledger.ts). An event applied twice writes one row; a debit past the
// balance fails its batch; eight batches spending the same points at once leave exactly one spend;
// rows never change, and go only with an erased account.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isPointsShort, pointsMove } from '#api/src/loyalty/ledger';

async function newUser(tag: string): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES ('Points', ?, '', 'en', ?) RETURNING id",
  )
    .bind(`points-${tag}-${crypto.randomUUID()}@example.com`, Date.now())
    .first<{ id: number }>();
  return row!.id;
}

const balanceOf = async (userId: number, country = 'KW') =>
  (
    await env.DB.prepare('SELECT balance FROM points_accounts WHERE user_id = ? AND country = ?')
      .bind(userId, country)
      .first<{ balance: number }>()
  )?.balance ?? null;

const YEAR = 365 * 24 * 60 * 60 * 1000;

describe('the points ledger', () => {
  it('records an event once, however often it is applied, with the running balance', async () => {
    const user = await newUser('once');
    const credit = () =>
      env.DB.batch(
        pointsMove(env.DB, {
          userId: user,
          country: 'KW',
          amount: 300,
          kind: 'earn_birthday',
          eventKey: `birthday:${user}:2026`,
          expiresAt: Date.now() + YEAR,
        }),
      );
    await credit();
    await credit();
    await env.DB.batch(
      pointsMove(env.DB, { userId: user, country: 'KW', amount: -100, kind: 'spend', eventKey: `spend:test:${user}` }),
    );
    const rows = await env.DB.prepare(
      'SELECT amount, balance_after, kind FROM points_ledger WHERE user_id = ? ORDER BY id',
    )
      .bind(user)
      .all();
    expect(rows.results).toEqual([
      { amount: 300, balance_after: 300, kind: 'earn_birthday' },
      { amount: -100, balance_after: 200, kind: 'spend' },
    ]);
    expect(await balanceOf(user)).toBe(200);
    // Saudi points are another account.
    expect(await balanceOf(user, 'SA')).toBeNull();
  });

  it('refuses a debit past the balance, and writes nothing of its batch', async () => {
    const user = await newUser('short');
    await env.DB.batch(
      pointsMove(env.DB, {
        userId: user,
        country: 'SA',
        amount: 50,
        kind: 'earn_review',
        eventKey: `review:${user}`,
        expiresAt: Date.now() + YEAR,
      }),
    );
    const error = await env.DB.batch(
      pointsMove(env.DB, { userId: user, country: 'SA', amount: -100, kind: 'spend', eventKey: `spend:short:${user}` }),
    ).catch((e) => e);
    expect(isPointsShort(error)).toBe(true);
    expect(await balanceOf(user, 'SA')).toBe(50);
  });

  it('computes an amount inside the batch, and writes nothing when it comes to zero', async () => {
    const user = await newUser('sql');
    await env.DB.batch(
      pointsMove(env.DB, {
        userId: user,
        country: 'KW',
        amount: { sql: 'SELECT ? * 2', binds: [21] },
        kind: 'earn_review',
        eventKey: `review:${user}`,
        expiresAt: Date.now() + YEAR,
      }),
    );
    await env.DB.batch(
      pointsMove(env.DB, {
        userId: user,
        country: 'KW',
        amount: { sql: 'SELECT 0', binds: [] },
        kind: 'expiry',
        eventKey: `expiry:${user}:KW:2026-11-25`,
      }),
    );
    expect(await balanceOf(user)).toBe(42);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM points_ledger WHERE user_id = ?')
      .bind(user)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it('lets eight spends of the same points at once leave exactly one', async () => {
    const user = await newUser('race');
    await env.DB.batch(
      pointsMove(env.DB, {
        userId: user,
        country: 'KW',
        amount: 500,
        kind: 'earn_birthday',
        eventKey: `birthday:${user}:2026`,
        expiresAt: Date.now() + YEAR,
      }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        env.DB.batch(
          pointsMove(env.DB, {
            userId: user,
            country: 'KW',
            amount: -400,
            kind: 'spend',
            eventKey: `spend:race:${user}:${i}`,
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(
      outcomes.filter((o) => o.status === 'rejected').every((o) => isPointsShort((o as PromiseRejectedResult).reason)),
    ).toBe(true);
    expect(await balanceOf(user)).toBe(100);
  });

  it('never changes a row, and deletes rows only of an erased account', async () => {
    const user = await newUser('append');
    await env.DB.batch(
      pointsMove(env.DB, {
        userId: user,
        country: 'KW',
        amount: 10,
        kind: 'earn_review',
        eventKey: `review:${user}`,
        expiresAt: Date.now() + YEAR,
      }),
    );
    await expect(
      env.DB.prepare('UPDATE points_ledger SET amount = 1000 WHERE user_id = ?').bind(user).run(),
    ).rejects.toThrow(/append_only/);
    await expect(env.DB.prepare('DELETE FROM points_ledger WHERE user_id = ?').bind(user).run()).rejects.toThrow(
      /append_only/,
    );
    await env.DB.batch([
      env.DB.prepare('UPDATE users SET deleted_at = ? WHERE id = ?').bind(Date.now(), user),
      env.DB.prepare('DELETE FROM points_ledger WHERE user_id = ?').bind(user),
    ]);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM points_ledger WHERE user_id = ?')
      .bind(user)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });
});
