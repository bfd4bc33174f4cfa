// After booking (issue 46): cancel (free until 24 hours before, nothing after; to the wallet or to the
// card through the gateway; a package's session back), reschedule (until 24 hours before, at most
// twice), mode, rating (the reviews' moderation), the outcomes a nutritionist marks and their refunds
// (refund.ts's applyOutcome), and the reminders a day and an hour before.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiConfig } from '#api/src/lib/config';
import { sendConsultationReminders } from '#api/src/consultations/notices';
import { applyOutcome } from '#api/src/consultations/refund';
import { gatewayFor } from '#api/src/payment-gateway/gateway-for';
import { settleRefund } from '#api/src/payments/refunds';
import { eraseAccount } from '#api/src/data-rights/erase-account';
import { FIXTURE_PACKAGE, FIXTURE_SERVICES } from '../fixtures/consultations';
import { json } from './helpers';
import { staffCall, staffWith } from './staff-helpers';
import { balance, book, freeTimeAfter, get, HOUR, hold, post, setUp, shopper, topUp } from './consultation-helpers';

let staffId: number;
const moneyEnv = () => ({ config: apiConfig(env as never), siteOrigin: 'http://localhost:8787' });

beforeAll(async () => {
  ({ staffId } = await setUp());
});

async function paidByWallet(tag: string, minHours: number, skip: number, maxHours?: number) {
  const s = await shopper(tag);
  await topUp(s.id, 'KWD', 8_000);
  const at = await freeTimeAfter(minHours, { skip, maxHours });
  const r = await book(s, at, { method: 'wallet' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { s, id: r.body.data.id as number, at };
}

/**
 * A consultation paid by card (KNET), its payment succeeded; with `amount`, its price and payment set to
 * it (an amount ending in 77 the sandbox refunds pending, in 66 it refuses, as a real gateway may).
 */
async function paidByCard(tag: string, skip: number, amount?: number) {
  const s = await shopper(tag);
  const at = await freeTimeAfter(30, { skip });
  const r = await book(s, at, { method: 'card', card_method: 'knet' });
  const id = r.body.data.id as number;
  const payment = (await env.DB.prepare('SELECT id FROM payments WHERE consultation_id = ?')
    .bind(id)
    .first<{ id: string }>())!;
  await post(`/dev/payments/${payment.id}`, { outcome: 'succeeded' }, s);
  if (amount !== undefined)
    await env.DB.batch([
      env.DB.prepare('UPDATE consultations SET price = ?, total = ? WHERE id = ?').bind(amount, amount, id),
      env.DB.prepare('UPDATE payments SET amount = ? WHERE id = ?').bind(amount, payment.id),
    ]);
  return { s, id, payment };
}

describe('cancel', () => {
  it('gives everything back to the wallet until 24 hours before, and frees the time', async () => {
    const { s, id, at } = await paidByWallet('cancel-free', 30, 0);
    expect(await balance(s.id, 'KWD')).toBe(0);
    const res = await post(`/user/consultation/${id}/cancel`, { refund_to: 'wallet' }, s);
    const body = await json(res);
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ status: 'cancelled', refunded: 8000, refund_to: 'wallet' });
    expect(body.data.consultation.payment).toMatchObject({ state: 'refunded', refunded: 8000 });
    expect(await balance(s.id, 'KWD')).toBe(8000);
    const other = await shopper('cancel-free-b');
    expect((await hold(other, at)).status).toBe(200);
    const audit = await env.DB.prepare(
      "SELECT reason FROM audit_log WHERE action = 'consultation.cancel' AND resource_id = ?",
    )
      .bind(String(id))
      .first<{ reason: string }>();
    expect(audit?.reason).toBe('cancelled_in_time');
    // Twice: no second refund.
    expect((await post(`/user/consultation/${id}/cancel`, {}, s)).status).toBe(409);
    expect(await balance(s.id, 'KWD')).toBe(8000);
  });

  it('gives nothing back within 24 hours', async () => {
    const { s, id } = await paidByWallet('cancel-late', 2, 0, 20);
    const body = await json(await post(`/user/consultation/${id}/cancel`, {}, s));
    expect(body.data).toMatchObject({ status: 'cancelled', refunded: 0, refund_to: null });
    expect(await balance(s.id, 'KWD')).toBe(0);
  });

  it('refunds a card payment to the card through the gateway when asked', async () => {
    const { s, id, payment } = await paidByCard('cancel-card', 3);
    const body = await json(await post(`/user/consultation/${id}/cancel`, { refund_to: 'card' }, s));
    expect(body.data).toMatchObject({ status: 'cancelled', refunded: 8000, refund_to: 'card' });
    expect(await balance(s.id, 'KWD')).toBe(0);
    const audit = await env.DB.prepare(
      "SELECT after_json FROM audit_log WHERE action = 'consultation.card_refund' AND resource_id = ?",
    )
      .bind(String(id))
      .first<{ after_json: string }>();
    expect(JSON.parse(audit!.after_json)).toMatchObject({ amount: 8000, payment_id: payment.id, status: 'succeeded' });
  });

  it('follows a card refund the gateway settles later, and gives her the money in her wallet if it fails', async () => {
    // An amount ending in 77: the sandbox answers its refund pending.
    const { s, id } = await paidByCard('cancel-card-later', 4, 8077);
    const body = await json(await post(`/user/consultation/${id}/cancel`, { refund_to: 'card' }, s));
    expect(body.data).toMatchObject({ status: 'cancelled', refunded: 8077, refund_to: 'card' });
    const refund = await env.DB.prepare(
      'SELECT id, order_id, amount, status, provider_ref FROM refunds WHERE consultation_id = ?',
    )
      .bind(id)
      .first<{ id: number; order_id: number | null; amount: number; status: string; provider_ref: string }>();
    expect(refund).toMatchObject({ order_id: null, amount: 8077, status: 'pending' });
    expect(await balance(s.id, 'KWD')).toBe(0);

    // The gateway's webhook says it failed: the money is hers all the same, in her wallet, once.
    const report = {
      providerRef: refund!.provider_ref,
      refundId: refund!.id,
      amount: 8077,
      currency: 'KWD',
      status: 'failed' as const,
    };
    const options = { confirm: false, siteOrigin: 'https://shop.test' };
    const config = apiConfig(env);
    expect(await settleRefund(env.DB, gatewayFor(config), report, 'webhook', options)).toMatchObject({
      ok: true,
      applied: true,
    });
    expect(await settleRefund(env.DB, gatewayFor(config), report, 'sweep', options)).toMatchObject({ applied: false });
    expect(await balance(s.id, 'KWD')).toBe(8077);
    const after = await env.DB.prepare('SELECT status FROM refunds WHERE id = ?')
      .bind(refund!.id)
      .first<{ status: string }>();
    expect(after!.status).toBe('failed');
    const audit = await env.DB.prepare(
      "SELECT reason FROM audit_log WHERE action = 'consultation.refund_failed' AND resource_id = ?",
    )
      .bind(String(id))
      .first<{ reason: string }>();
    expect(audit!.reason).toBe('sent_to_wallet');
  });

  it('gives her a card refund the gateway refuses at once in her wallet, settled then, once', async () => {
    // An amount ending in 66: the sandbox refuses its refund.
    const { s, id } = await paidByCard('cancel-card-refused', 5, 8066);
    const body = await json(await post(`/user/consultation/${id}/cancel`, { refund_to: 'card' }, s));
    expect(body.data).toMatchObject({ status: 'cancelled', refunded: 8066, refund_to: 'wallet' });
    expect(await balance(s.id, 'KWD')).toBe(8066);
    const refund = await env.DB.prepare(
      'SELECT r.id, r.status, e.outcome, e.source FROM refunds r LEFT JOIN refund_events e ON e.refund_id = r.id WHERE r.consultation_id = ?',
    )
      .bind(id)
      .first<{ id: number; status: string; outcome: string; source: string }>();
    expect(refund).toMatchObject({ status: 'failed', outcome: 'failed', source: 'gateway' });
    const consultation = await env.DB.prepare('SELECT refunded, payment_state FROM consultations WHERE id = ?')
      .bind(id)
      .first<{ refunded: number; payment_state: string }>();
    expect(consultation).toMatchObject({ refunded: 8066, payment_state: 'refunded' });
    // A webhook telling the same later changes nothing.
    const report = {
      providerRef: 'sbx_re_x',
      refundId: refund!.id,
      amount: 8066,
      currency: 'KWD',
      status: 'failed' as const,
    };
    const options = { confirm: false, siteOrigin: 'https://shop.test' };
    expect(await settleRefund(env.DB, gatewayFor(apiConfig(env)), report, 'webhook', options)).toMatchObject({
      applied: false,
    });
    expect(await balance(s.id, 'KWD')).toBe(8066);
  });

  it('returns a package session', async () => {
    const s = await shopper('cancel-package');
    await topUp(s.id, 'KWD', 40_000);
    const bought = await json(
      await post('/consultation/package', { package_id: FIXTURE_PACKAGE, payment: { method: 'wallet' } }, s),
    );
    const at = await freeTimeAfter(30, { skip: 1, serviceId: FIXTURE_SERVICES.followUp });
    const r = await book(
      s,
      at,
      { method: 'package', credit_id: bought.data.credit_id },
      { serviceId: FIXTURE_SERVICES.followUp },
    );
    const body = await json(await post(`/user/consultation/${r.body.data.id}/cancel`, {}, s));
    expect(body.data).toMatchObject({ status: 'cancelled', refunded: 0, refund_to: 'package' });
    const credits = await json(await get('/user/consultation/credits', s));
    expect(credits.data.items[0].sessions_left).toBe(4);
  });
});

describe('reschedule', () => {
  it('moves to a newly held time at most twice, the old time freed', async () => {
    const { s, id, at } = await paidByWallet('move', 30, 6);
    for (const skip of [9, 12]) {
      const next = await freeTimeAfter(30, { skip });
      const h = await json(await hold(s, next));
      const res = await post(`/user/consultation/${id}/reschedule`, { hold_id: h.data.hold_id }, s);
      expect(res.status).toBe(200);
      expect(Date.parse((await json(res)).data.starts_at)).toBe(next);
    }
    const other = await shopper('move-b');
    expect((await hold(other, at)).status).toBe(200);
    const third = await json(await hold(s, await freeTimeAfter(30, { skip: 15 })));
    const res = await post(`/user/consultation/${id}/reschedule`, { hold_id: third.data.hold_id }, s);
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('consultation_reschedule_limit');
    expect((await json(await get(`/user/consultation/${id}`, s))).data.rules).toMatchObject({
      reschedules_left: 0,
      can_reschedule: false,
    });
  });

  it('refuses within 24 hours of the start', async () => {
    const { s, id } = await paidByWallet('move-late', 2, 1, 20);
    const h = await json(await hold(s, await freeTimeAfter(30, { skip: 18 })));
    const res = await post(`/user/consultation/${id}/reschedule`, { hold_id: h.data.hold_id }, s);
    expect((await json(res)).meta.msg).toBe('consultation_reschedule_closed');
  });
});

describe('mode and rating', () => {
  it('switches to chat, and rates once after it took place', async () => {
    const { s, id } = await paidByWallet('rate', 30, 21);
    const m = await json(await post(`/user/consultation/${id}/mode`, { mode: 'chat' }, s));
    expect(m.data.mode).toBe('chat');
    expect((await post(`/user/consultation/${id}/rating`, { rating: 5 }, s)).status).toBe(409);
    await env.DB.prepare("UPDATE consultations SET status = 'completed' WHERE id = ?").bind(id).run();
    const r = await json(await post(`/user/consultation/${id}/rating`, { rating: 5, body: 'Very helpful' }, s));
    // The shop's moderation setting (staff by default) holds it for the review queue.
    expect(r.data.rating).toMatchObject({ rating: 5, body: 'Very helpful', status: 'pending' });
    expect((await post(`/user/consultation/${id}/rating`, { rating: 4 }, s)).status).toBe(409);

    // The back office's review queue shows it, about the nutritionist; approving it shows it to her.
    const moderator = await staffWith([{ role: 'owner', country: null }]);
    const queue = (await json(await staffCall(moderator.token, '/staff/reviews'))).data;
    expect(queue.waiting.rating).toBeGreaterThanOrEqual(1);
    expect(queue.items.find((i: { kind: string; id: number }) => i.kind === 'rating' && i.id === id)).toMatchObject({
      about: 'nutritionist',
      product: { id: 1, slug: 'noura' },
      rating: 5,
      body: 'Very helpful',
    });
    const decided = await staffCall(moderator.token, `/staff/ratings/${id}/decide`, {
      json: { decision: 'approve', reason: '' },
    });
    expect(decided.status, await decided.clone().text()).toBe(200);
    expect((await json(await get(`/user/consultation/${id}`, s))).data.rating.status).toBe('approved');
    // Shown on the nutritionist's page.
    const profile = (await json(await get('/nutritionist/noura', null))).data;
    expect(profile.ratings).toMatchObject({
      count: 1,
      average: 5,
      latest: [{ rating: 5, body: 'Very helpful', lang: 'en' }],
    });
    const mail = await env.DB.prepare(
      "SELECT body_text FROM mail_outbox WHERE kind = 'review_decision' AND dedupe_key LIKE ?",
    )
      .bind(`rating:${id}:%`)
      .first<{ body_text: string }>();
    expect(mail?.body_text).toContain('/nutritionists/noura');
  });
});

describe('outcomes and their refunds (refund.ts)', () => {
  async function started(tag: string, skip: number) {
    const b = await paidByWallet(tag, 30, skip);
    // The time has come: moved to the past (a booking can only be made for later). One reading of the
    // clock: two could be a millisecond apart, and the call would last 20 minutes and 1 ms.
    const startsAt = Date.now() - HOUR;
    await env.DB.prepare('UPDATE consultations SET starts_at = ?, ends_at = ? WHERE id = ?')
      .bind(startsAt, startsAt + 20 * 60_000, b.id)
      .run();
    return b;
  }

  it('nutritionist no-show and a failed call: everything back; her no-show or lateness: nothing', async () => {
    const a = await started('out-a', 24);
    const done = await applyOutcome(env.DB, moneyEnv(), a.id, 'nutritionist_no_show', staffId, { refundTo: 'wallet' });
    expect(done).toMatchObject({ refunded: 8000, to: 'wallet', status: 'cancelled' });
    expect(await balance(a.s.id, 'KWD')).toBe(8000);
    // Once: a second mark changes nothing.
    await expect(applyOutcome(env.DB, moneyEnv(), a.id, 'call_failed', staffId)).rejects.toThrow();
    expect(await balance(a.s.id, 'KWD')).toBe(8000);

    const b = await started('out-b', 27);
    expect(await applyOutcome(env.DB, moneyEnv(), b.id, 'call_failed', staffId)).toMatchObject({ refunded: 8000 });

    const c = await started('out-c', 30);
    expect(await applyOutcome(env.DB, moneyEnv(), c.id, 'shopper_no_show', staffId)).toMatchObject({
      refunded: 0,
      status: 'no_show',
    });
    expect(await balance(c.s.id, 'KWD')).toBe(0);

    const d = await started('out-d', 33);
    expect(await applyOutcome(env.DB, moneyEnv(), d.id, 'shopper_late', staffId)).toMatchObject({
      refunded: 0,
      status: 'completed',
    });
    const detail = await json(await get(`/user/consultation/${d.id}`, d.s));
    expect(detail.data).toMatchObject({ outcome: 'shopper_late', can_rate: true });
    // The call still ends at the booked end.
    expect(Date.parse(detail.data.ends_at) - Date.parse(detail.data.starts_at)).toBe(20 * 60_000);
    const audit = await env.DB.prepare(
      "SELECT staff_id FROM audit_log WHERE action = 'consultation.outcome' AND resource_id = ?",
    )
      .bind(String(d.id))
      .first<{ staff_id: number }>();
    expect(audit?.staff_id).toBe(staffId);
  });

  it('is refused before the time', async () => {
    const { id } = await paidByWallet('out-early', 30, 36);
    await expect(applyOutcome(env.DB, moneyEnv(), id, 'shopper_no_show', staffId)).rejects.toThrow();
  });
});

describe('reminders', () => {
  it('a day before and an hour before, once each', async () => {
    const { s, id, at } = await paidByWallet('remind', 30, 39);
    // She chose WhatsApp updates on a proven number.
    await env.DB.prepare('UPDATE users SET phone = ?, phone_verified_at = 1, whatsapp_updates_at = 1 WHERE id = ?')
      .bind('+96555000111', s.id)
      .run();
    // Booked long ago.
    await env.DB.prepare('UPDATE consultations SET booked_at = ? WHERE id = ?')
      .bind(at - 7 * 24 * HOUR, id)
      .run();
    const links = { secret: 'x'.repeat(32), siteOrigin: 'http://localhost:8787' };
    const marks = () =>
      env.DB.prepare('SELECT reminded_day_at, reminded_hour_at FROM consultations WHERE id = ?')
        .bind(id)
        .first<{ reminded_day_at: number | null; reminded_hour_at: number | null }>();
    // 25 hours before: not yet.
    await sendConsultationReminders(env as never, links, at - 25 * HOUR);
    expect(await marks()).toEqual({ reminded_day_at: null, reminded_hour_at: null });
    const dayBefore = at - 23 * HOUR;
    expect(await sendConsultationReminders(env as never, links, dayBefore)).toBeGreaterThanOrEqual(1);
    expect(await marks()).toEqual({ reminded_day_at: dayBefore, reminded_hour_at: null });
    await sendConsultationReminders(env as never, links, dayBefore + 60_000);
    expect((await marks())!.reminded_day_at).toBe(dayBefore);
    const hourBefore = at - 50 * 60_000;
    await sendConsultationReminders(env as never, links, hourBefore);
    expect(await marks()).toEqual({ reminded_day_at: dayBefore, reminded_hour_at: hourBefore });
    const texts = await env.DB.prepare(
      'SELECT template, params FROM message_outbox WHERE dedupe_key LIKE ? ORDER BY dedupe_key',
    )
      .bind(`consultation:${id}:reminder:%`)
      .all<{ template: string; params: string }>();
    expect(texts.results.map((t) => t.template)).toEqual(['consultation_reminder', 'consultation_reminder']);
    expect(JSON.parse(texts.results[0]!.params)[0]).toBe(String(id));
    const { results } = await env.DB.prepare('SELECT dedupe_key FROM mail_outbox WHERE dedupe_key LIKE ?')
      .bind(`consultation:${id}:reminder:%`)
      .all<{ dedupe_key: string }>();
    expect(results.map((r) => r.dedupe_key.split(':')[3]).sort()).toEqual(['day', 'hour']);
  });
});

describe('an erased account', () => {
  it('gets its unused package sessions back in its wallet, with an audit row', async () => {
    const s = await shopper('erase-package');
    await topUp(s.id, 'KWD', 40_000);
    const bought = await json(
      await post('/consultation/package', { package_id: FIXTURE_PACKAGE, payment: { method: 'wallet' } }, s),
    );
    const at = await freeTimeAfter(30, { skip: 8, serviceId: FIXTURE_SERVICES.followUp });
    const r = await book(
      s,
      at,
      { method: 'package', credit_id: bought.data.credit_id },
      { serviceId: FIXTURE_SERVICES.followUp },
    );
    expect(r.status).toBe(200);
    await eraseAccount(env as never, s.id);
    // The booking still to come is cancelled and its session returned, then all four sessions refunded.
    expect(await balance(s.id, 'KWD')).toBe(40_000);
    expect(
      await env.DB.prepare('SELECT sessions_left, payment_state FROM consultation_credits WHERE id = ?')
        .bind(bought.data.credit_id)
        .first(),
    ).toEqual({ sessions_left: 0, payment_state: 'refunded' });
    expect(
      await env.DB.prepare(
        "SELECT reason FROM audit_log WHERE action = 'consultation_package.refund' AND resource_id = ?",
      )
        .bind(String(bought.data.credit_id))
        .first(),
    ).toEqual({ reason: 'account erased' });
  });
});
