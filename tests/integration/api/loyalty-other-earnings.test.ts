// Points beyond shop orders: a blood-test order when its results are ready, a consultation when it is
// completed (each at its own rate; what the wallet paid earns nothing), and a shopper's first approved
// review, once ever, in her country.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyOutcome } from '#api/src/consultations/refund';
import { healthKeyring } from '#api/src/consultations/seal';
import { apiConfig } from '#api/src/lib/config';
import { loadConsultationFixture } from '../fixtures/consultations';
import { startedConsultation } from './consultation-sealed';
import { call, deviceToken } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';
import { bloodTestAtLab, deliver, ledgerOf, newShopper, placeCod } from './loyalty-helpers';

let device: string;
let owner: TestStaff;
let serial = 0;

beforeAll(async () => {
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
  // The catalogue with it.
  await loadConsultationFixture(env.DB, { staffId: owner.id });
  device = await deviceToken();
});

describe('a blood-test order', () => {
  it('earns 5 points per KWD when its results are ready, once', async () => {
    const her = await newShopper(device, 'blood-test');
    const id = 7_400_000_000 + ++serial;
    await bloodTestAtLab({ id, userId: her.id, addressId: her.addresses.KW!, nationalId: `2910405${serial}` });
    const advance = () =>
      call('/dev/bloodTestOrder/advance', { body: JSON.stringify({ order_id: id, status: 'results_ready' }) });
    expect((await advance()).status).toBe(200);
    expect((await advance()).status).toBe(200);
    // KWD 45.900 × 5 (the blood-test rate).
    expect(await ledgerOf(her.id)).toEqual([
      expect.objectContaining({ kind: 'earn_blood_test', amount: 229, event_key: `earn:blood-test:${id}` }),
    ]);
  });
});

describe('a consultation', () => {
  const config = () => ({ config: apiConfig(env as never), siteOrigin: 'https://shop.test' });
  const booked = (userId: number, walletUsed: number) =>
    startedConsultation(env.DB, healthKeyring(apiConfig(env as never))!, {
      id: 7_500_000_000 + ++serial,
      userId,
      total: 8000,
      walletUsed,
    });

  it('earns 5 points per KWD paid when completed; what the wallet paid and a failed call earn nothing', async () => {
    const her = await newShopper(device, 'consultation');
    const paid = await booked(her.id, 0);
    const fromWallet = await booked(her.id, 8000);
    const failed = await booked(her.id, 0);
    await applyOutcome(env.DB, config(), paid, 'held', null);
    await applyOutcome(env.DB, config(), fromWallet, 'held', null);
    await applyOutcome(env.DB, config(), failed, 'call_failed', null, { refundTo: 'wallet' });
    expect(await ledgerOf(her.id)).toEqual([
      expect.objectContaining({ kind: 'earn_consultation', amount: 40, event_key: `earn:consultation:${paid}` }),
    ]);
  });

  it('earns nothing when booked and paid with the wallet, as the local call tool books it (issue 61)', async () => {
    const her = await newShopper(device, 'consultation-wallet');
    // The call stories' booking (a new nutritionist of a staff account): paid with the wallet,
    // completed by the nutritionist's mark.
    const practising = await staffWith([{ role: 'owner', country: null }], { name: 'Practising' });
    const res = await call('/dev/consultations/call', {
      body: JSON.stringify({ email: her.email, staff_id: practising.id }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { consultation_id: id } = (await res.json<{ data: { consultation_id: number } }>()).data;
    const row = await env.DB.prepare('SELECT payment_method, status FROM consultations WHERE id = ?')
      .bind(id)
      .first<{ payment_method: string; status: string }>();
    expect(row).toEqual({ payment_method: 'wallet', status: 'booked' });
    await applyOutcome(env.DB, config(), id, 'held', null);
    const done = await env.DB.prepare('SELECT status FROM consultations WHERE id = ?').bind(id).first<string>('status');
    expect(done).toBe('completed');
    expect(await ledgerOf(her.id)).toEqual([]);
  });
});

describe('a first approved review', () => {
  it('earns review points once ever, in her country', async () => {
    const her = await newShopper(device, 'review', ['SA'], { country: 'SA' });
    const now = Date.now();
    const ids: number[] = [];
    for (const product of [1, 2]) {
      const row = await env.DB.prepare(
        `INSERT INTO reviews (product_id, user_id, rating, title, body, lang, verified, status, created_at, updated_at)
         VALUES (?, ?, 5, 'Good', 'It helped me', 'en', 1, 'pending', ?, ?) RETURNING id`,
      )
        .bind(product, her.id, now, now)
        .first<{ id: number }>();
      ids.push(row!.id);
    }
    const decide = async (id: number, decision: 'approve' | 'reject', reason = '') => {
      const res = await staffCall(owner.token, `/staff/reviews/${id}/decide`, { json: { decision, reason } });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    for (const id of ids) await decide(id, 'approve');
    // Taken down and approved again: still once.
    await decide(ids[0]!, 'reject', 'Off topic for this product');
    await decide(ids[0]!, 'approve');
    const lines = await ledgerOf(her.id);
    expect(lines).toEqual([
      expect.objectContaining({ kind: 'earn_review', amount: 50, event_key: `review:${her.id}` }),
    ]);
    const country = await env.DB.prepare('SELECT country FROM points_accounts WHERE user_id = ?')
      .bind(her.id)
      .first<{ country: string }>();
    expect(country!.country).toBe('SA');
  });

  it('earns them when the shop lets a review through as it is written', async () => {
    const setMode = (moderation: 'staff' | 'rules') =>
      staffCall(owner.token, '/staff/reviews/settings', { json: { moderation, request_days: 7 } });
    expect((await setMode('rules')).status).toBe(200);
    try {
      const her = await newShopper(device, 'review-rules');
      const clerk = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Clerk' });
      const order = await placeCod(device, her);
      await deliver(clerk, order.id);
      const res = await call('/product/1/reviews', {
        token: device,
        body: JSON.stringify({
          rating: 5,
          title: 'Works well',
          body: 'I take one every morning and the bottle lasts two months. Easy to swallow.',
          lang: 'en',
        }),
        headers: { authorization: `Bearer ${her.token}`, 'x-country': 'KW', lang: 'en' },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await ledgerOf(her.id)).map((l) => l.kind)).toEqual(['earn_order', 'earn_review']);
    } finally {
      await setMode('staff');
    }
  });
});
