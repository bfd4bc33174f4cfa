// What the loyalty tests share: shoppers signed in without the password hash's cost, cash-on-delivery
// orders placed through the API, the back office's steps, and the points as D1 holds them.
import { env } from 'cloudflare:workers';
import { createSession } from '#api/src/accounts/sessions';
import type { CountryCode } from '#shared/countries';
import { pointsMove } from '#api/src/loyalty/ledger';
import { call, json, saveAddress, shopperHeaders } from './helpers';
import { staffCall, type TestStaff } from './staff-helpers';

export const YEAR = 365 * 24 * 60 * 60 * 1000;
export const DAY = 24 * 60 * 60 * 1000;

export interface Shopper {
  id: number;
  token: string;
  email: string;
  addresses: { KW?: number; SA?: number };
}

/** A shopper (row and session written directly), with an address in each country asked for. */
export async function newShopper(
  device: string,
  tag: string,
  countries: Array<'KW' | 'SA'> = ['KW'],
  over: { lang?: 'en' | 'ar'; country?: 'KW' | 'SA' | null } = {},
): Promise<Shopper> {
  const email = `${tag}-${crypto.randomUUID()}@example.com`;
  // Her address proven (decision 85), as if she had opened her sign-up link: her mails reach her.
  const user = await env.DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, country, created_at, email_proven_at) VALUES ('Noura Points', ?, '', ?, ?, ?4, ?4) RETURNING id",
  )
    .bind(email, over.lang ?? 'en', over.country ?? null, Date.now())
    .first<{ id: number }>();
  const token = await createSession(env.DB, user!.id);
  const addresses: Shopper['addresses'] = {};
  for (const c of countries) addresses[c] = await saveAddress(device, token, c);
  return { id: user!.id, token, email, addresses };
}

/** A cash-on-delivery order of the shopper (or a guest when `shopper` is null): its id and totals. */
export async function placeCod(
  device: string,
  shopper: Shopper,
  o: { country?: 'KW' | 'SA'; sku?: number; count?: number; lang?: 'en' | 'ar' } = {},
): Promise<{ id: number; total: number; delivery: number }> {
  const country = o.country ?? 'KW';
  const res = await call('/order/submit', {
    body: JSON.stringify({
      items: [{ sku_id: o.sku ?? 101, count: o.count ?? 1 }],
      payment_method: 'cod',
      address_id: shopper.addresses[country],
      idempotency_key: crypto.randomUUID(),
    }),
    token: device,
    headers: shopperHeaders(shopper.token, country, o.lang ?? 'en'),
  });
  const body = await json(res);
  if (res.status !== 200) throw new Error(`submit failed: ${JSON.stringify(body)}`);
  const order = await env.DB.prepare('SELECT id, total, delivery FROM orders WHERE id = ?')
    .bind(body.data.order.id)
    .first<{ id: number; total: number; delivery: number }>();
  return order!;
}

export const step = (member: TestStaff, id: number, name: string, body: unknown = {}) =>
  staffCall(member.token, `/staff/orders/${id}/${name}`, { json: body });

/** Confirm, pack, ship and deliver: the answer of the last step. */
export async function deliver(member: TestStaff, id: number): Promise<Response> {
  await shipped(member, id);
  return step(member, id, 'deliver');
}

export const balanceOf = async (userId: number, country = 'KW') =>
  (
    await env.DB.prepare('SELECT balance FROM points_accounts WHERE user_id = ? AND country = ?')
      .bind(userId, country)
      .first<{ balance: number }>()
  )?.balance ?? 0;

export const ledgerOf = async (userId: number) =>
  (
    await env.DB.prepare(
      'SELECT amount, balance_after, kind, event_key, expires_at, order_id, refund_id, created_at FROM points_ledger WHERE user_id = ? ORDER BY id',
    )
      .bind(userId)
      .all<{
        amount: number;
        balance_after: number;
        kind: string;
        event_key: string;
        expires_at: number | null;
        order_id: number | null;
        refund_id: number | null;
        created_at: number;
      }>()
  ).results;

/** Points credited directly (a birthday-like credit) for a test that needs a balance. */
export function credit(userId: number, country: CountryCode, amount: number, expiresAt: number, key: string) {
  return env.DB.batch(pointsMove(env.DB, { userId, country, amount, kind: 'earn_birthday', eventKey: key, expiresAt }));
}

/** What the checkout's order batch writes when an order spends points (its own branch does it for real). */
export function spendOn(userId: number, country: 'KW' | 'SA', orderId: number, points: number) {
  return env.DB.batch([
    ...pointsMove(env.DB, {
      userId,
      country,
      amount: -points,
      kind: 'spend',
      eventKey: `spend:order:${orderId}`,
      orderId,
    }),
    env.DB.prepare('UPDATE orders SET points_used = ? WHERE id = ?').bind(points, orderId),
  ]);
}

/** A card order of the shopper whose sandbox payment succeeded: its id and total. */
export async function paidCardOrder(
  device: string,
  shopper: Shopper,
  o: { country?: 'KW' | 'SA'; sku?: number; count?: number } = {},
): Promise<{ id: number; total: number }> {
  const country = o.country ?? 'KW';
  const res = await call('/order/submit', {
    body: JSON.stringify({
      items: [{ sku_id: o.sku ?? 101, count: o.count ?? 1 }],
      payment_method: 'card',
      address_id: shopper.addresses[country],
      idempotency_key: crypto.randomUUID(),
    }),
    token: device,
    headers: shopperHeaders(shopper.token, country),
  });
  const body = await json(res);
  if (!body.data?.payment) throw new Error(`card submit failed: ${JSON.stringify(body)}`);
  const paid = await call(`/dev/payments/${body.data.payment.id}`, {
    body: JSON.stringify({ outcome: 'succeeded' }),
    token: device,
    headers: shopperHeaders(shopper.token, country),
  });
  if (paid.status !== 200) throw new Error('sandbox payment failed');
  const order = await env.DB.prepare('SELECT id, total FROM orders WHERE id = ?')
    .bind(body.data.order.id)
    .first<{ id: number; total: number }>();
  return order!;
}

/** Confirm, pack and ship: ready for the 'deliver' step. */
export async function shipped(member: TestStaff, id: number): Promise<void> {
  for (const s of ['confirm', 'pack', 'ship']) {
    const res = await step(member, id, s, s === 'ship' ? { carrier: 'aramex', tracking_number: `T${id}` } : {});
    if (res.status !== 200) throw new Error(`${s} failed: ${await res.text()}`);
  }
}

export const refundOf = (member: TestStaff, id: number, amount: number, method: 'wallet' | 'gateway' = 'wallet') =>
  staffCall(member.token, `/staff/orders/${id}/refund`, {
    json: { amount, method, reason: 'damaged', idempotency_key: crypto.randomUUID() },
  });

/** A paid KWD 45.900 blood-test order of hers at the lab (its patient too), ready to have its results released. */
export async function bloodTestAtLab(o: { id: number; userId: number; addressId: number; nationalId: string }) {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO blood_test_patients (user_id, name, sex, date_of_birth, relation, country, national_id, created_at)
       VALUES (?, 'Noura', 'female', '1991-04-05', 'self', 'KW', ?, ?)`,
    ).bind(o.userId, o.nationalId, now),
    env.DB.prepare(
      `INSERT INTO blood_test_orders (id, user_id, idempotency_key, body_hash, country, currency, lang, status, patient_id, address_id,
         address, zone, slot_date, slot_window, visit_at, slot_held, consent_version, consent_at, payment_method, payment_state,
         subtotal, discount, vat, vat_basis_points, total, wallet_used, booked_at, created_at, updated_at)
       SELECT ?1, ?2, 'k' || ?1, 'h', 'KW', 'KWD', 'en', 'at_lab', p.id, ?3, '{}', 'kw-26', '2026-01-01', '07-09', ?4, 1,
         'booking-v1', ?4, 'card', 'paid', 45900, 0, 0, 0, 45900, 0, ?4, ?4, ?4
       FROM blood_test_patients p WHERE p.user_id = ?2`,
    ).bind(o.id, o.userId, o.addressId, now),
  ]);
}
