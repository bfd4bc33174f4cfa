// GET /loyalty and GET /loyalty/history: a signed-in shopper's own points in the request's country
// (guests 401), the summary's value, tier, next tier and next expiry, the history 25 lines a page.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { pointsMove } from '#api/src/loyalty/ledger';
import { call, deviceToken, json, shopperHeaders } from './helpers';
import { credit, DAY, newShopper, YEAR } from './loyalty-helpers';

let device: string;

beforeAll(async () => {
  device = await deviceToken();
});

const get = (path: string, user: string | null, country = 'KW') =>
  call(path, { token: device, headers: shopperHeaders(user, country) });

describe('GET /loyalty', () => {
  it('answers 401 to a guest, on each route', async () => {
    for (const path of ['/loyalty', '/loyalty/history', '/loyalty/page']) {
      const res = await get(path, null);
      expect(res.status).toBe(401);
    }
  });

  it("answers her balance, its value, her tier and the next, and what expires next, in the request's country", async () => {
    const her = await newShopper(device, 'summary', []);
    const now = Date.now();
    await credit(her.id, 'KW', 150, now + 20 * DAY, `t:a:${her.id}`);
    await credit(her.id, 'KW', 200, now + YEAR, `t:b:${her.id}`);
    await credit(her.id, 'SA', 40, now + YEAR, `t:c:${her.id}`);
    await env.DB.batch(
      pointsMove(env.DB, { userId: her.id, country: 'KW', amount: -50, kind: 'spend', eventKey: `t:s:${her.id}` }),
    );
    const body = await json(await get('/loyalty', her.token));
    expect(body.data).toMatchObject({
      country: 'KW',
      currency: 'KWD',
      balance: 300,
      // 100 points = KWD 0.200, whole steps only.
      balance_value: 600,
      tier: 'bronze',
      spend_12m: 0,
      next_tier: { tier: 'silver', missing: 100000 },
      // The 50 spent came out of the oldest credit: 100 of it expire first.
      expiring: { points: 100, at: now + 20 * DAY },
      rules: { points_per_unit: 10, redeem_step_points: 100 },
    });
    const sa = await json(await get('/loyalty', her.token, 'SA'));
    expect(sa.data).toMatchObject({ country: 'SA', currency: 'SAR', balance: 40, balance_value: 0 });
  });

  it('counts every point expiring on the day it names, not only the first credit of that day (issue 61, finding 15)', async () => {
    const her = await newShopper(device, 'summary-day', []);
    const OFFSET = 3 * 60 * 60 * 1000; // Gulf time
    const dayStart = Math.floor((Date.now() + 30 * DAY + OFFSET) / DAY) * DAY - OFFSET;
    const first = dayStart + 10 * 60 * 60 * 1000;
    // Credits of one day expire at different moments of it (a review's and an order's, minutes apart).
    await credit(her.id, 'KW', 5, first, `t:d1:${her.id}`);
    await credit(her.id, 'KW', 97, first + 5 * 60 * 1000, `t:d2:${her.id}`);
    await credit(her.id, 'KW', 40, dayStart + DAY + 60_000, `t:d3:${her.id}`);
    const body = await json(await get('/loyalty', her.token));
    expect(body.data).toMatchObject({ balance: 142, expiring: { points: 102, at: first } });
  });

  it('names the day of expiry on her country’s clocks: in the Emirates it ends at Dubai’s midnight (issue 77)', async () => {
    const her = await newShopper(device, 'summary-dubai', []);
    // A Dubai day a month ahead: a credit at 23:30 there and one at 00:30 the next day, both 22:30 and
    // 23:30 of one day in Kuwait (UTC+3), where the old Gulf day counted them together.
    const dubaiMidnight = Math.floor((Date.now() + 30 * DAY + 4 * 3_600_000) / DAY) * DAY - 4 * 3_600_000 + DAY;
    const late = dubaiMidnight - 30 * 60_000;
    await credit(her.id, 'AE', 30, late, `t:ae1:${her.id}`);
    await credit(her.id, 'AE', 70, dubaiMidnight + 30 * 60_000, `t:ae2:${her.id}`);
    const body = await json(await get('/loyalty', her.token, 'AE'));
    expect(body.data).toMatchObject({ country: 'AE', balance: 100, expiring: { points: 30, at: late } });
  });

  it('answers a shopper without points with zeros', async () => {
    const her = await newShopper(device, 'summary-empty', []);
    const body = await json(await get('/loyalty', her.token));
    expect(body.data).toMatchObject({ balance: 0, balance_value: 0, tier: 'bronze', expiring: null });
  });
});

describe('GET /loyalty/history', () => {
  it('pages her own lines newest first, 25 at a time, never another shopper’s', async () => {
    const her = await newShopper(device, 'history', []);
    const other = await newShopper(device, 'history-other', []);
    for (let i = 0; i < 30; i++) await credit(her.id, 'KW', i + 1, Date.now() + YEAR, `t:${her.id}:${i}`);
    await credit(other.id, 'KW', 999, Date.now() + YEAR, `t:${other.id}`);
    const first = (await json(await get('/loyalty/history', her.token))).data;
    expect(first.lines).toHaveLength(25);
    expect(first.lines[0]).toMatchObject({ amount: 30, balance_after: 465, kind: 'earn_birthday', reason: null });
    expect(first.lines.every((l: { amount: number }) => l.amount !== 999)).toBe(true);
    const second = (await json(await get(`/loyalty/history?before=${first.next}`, her.token))).data;
    expect(second.lines.map((l: { amount: number }) => l.amount)).toEqual([5, 4, 3, 2, 1]);
    expect(second.next).toBeNull();
    // Her Saudi history is another country's: empty.
    expect((await json(await get('/loyalty/history', her.token, 'SA'))).data).toEqual({ lines: [], next: null });
    expect((await get('/loyalty/history?before=abc', her.token)).status).toBe(400);
  });
});

describe('GET /loyalty/page', () => {
  it('answers what the three reads answer, in one D1 batch after her session', async () => {
    const her = await newShopper(device, 'page', []);
    await credit(her.id, 'KW', 300, Date.now() + YEAR, `t:p:${her.id}`);
    const res = await get('/loyalty/page', her.token);
    const page = (await json(res)).data;
    const [summary, history, referral] = await Promise.all(
      ['/loyalty', '/loyalty/history', '/loyalty/referral'].map(
        async (path) => (await json(await get(path, her.token))).data,
      ),
    );
    expect(page.summary).toEqual(summary);
    expect(page.history).toEqual(history);
    expect(page.referral).toEqual(referral);
    expect(page.summary.balance).toBe(300);
    // Her session, the rules on a cold isolate, and one batch; her code was made on the first ask.
    expect(Number(res.headers.get('x-d1-roundtrips'))).toBeLessThanOrEqual(4);
    const again = await get('/loyalty/page', her.token);
    expect(Number(again.headers.get('x-d1-roundtrips'))).toBeLessThanOrEqual(2);
  });
});
