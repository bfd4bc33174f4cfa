// What the consultation tests share: shoppers with their ids, their headers, the fixture with a
// back-office account linked to the first nutritionist, finding a free time, holding and booking it.
import { env } from 'cloudflare:workers';
import { createSession } from '#api/src/accounts/sessions';
import { CONSULTATION_CONSENT_VERSION } from '#shared/consultations/facts';
import { FIXTURE_SERVICES, loadConsultationFixture } from '../fixtures/consultations';
import { call, deviceToken, json } from './helpers';

export const HOUR = 3_600_000;

export interface Shopper {
  id: number;
  token: string;
}

/**
 * A shopper signed in without a password (her row and session written directly), her address proven
 * (decision 85) as if she had opened her sign-up link: the consultation mails reach her.
 */
export async function shopper(tag: string): Promise<Shopper> {
  const row = await env.DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at, email_proven_at) VALUES (?, ?, '', 'en', ?3, ?3) RETURNING id",
  )
    .bind(`Shopper ${tag}`, `${tag}-${crypto.randomUUID()}@example.com`, Date.now())
    .first<{ id: number }>();
  return { id: row!.id, token: await createSession(env.DB, row!.id) };
}

let device: string;

/** The fixture, a staff member of role nutritionist linked to Dr. Noura, and a device token. */
export async function setUp(): Promise<{ device: string; staffId: number }> {
  const staff = await env.DB.prepare(
    "INSERT INTO staff (email, name, password_hash, totp_secret, created_at) VALUES ('noura@staff.example', 'Dr. Noura', 'x', 'x', 0) RETURNING id",
  ).first<{ id: number }>();
  await env.DB.prepare("INSERT INTO staff_roles (staff_id, role, country) VALUES (?, 'nutritionist', NULL)")
    .bind(staff!.id)
    .run();
  await loadConsultationFixture(env.DB, { staffId: staff!.id });
  device = await deviceToken();
  return { device, staffId: staff!.id };
}

const headers = (user: Shopper | null, country = 'KW', lang = 'en'): Record<string, string> => ({
  ...(user ? { authorization: `Bearer ${user.token}` } : {}),
  'x-country': country,
  lang,
});

export const get = (path: string, user: Shopper | null, country = 'KW', lang = 'en') =>
  call(path, { token: device, headers: headers(user, country, lang) });
export const post = (path: string, body: unknown, user: Shopper | null, country = 'KW', lang = 'en') =>
  call(path, { token: device, body: JSON.stringify(body), headers: headers(user, country, lang) });

export async function topUp(userId: number, currency: string, amount: number): Promise<void> {
  await env.DB.prepare(
    'INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?1, ?2, ?3) ON CONFLICT (user_id, currency) DO UPDATE SET balance = balance + ?3',
  )
    .bind(userId, currency, amount)
    .run();
}

export async function balance(userId: number, currency: string): Promise<number> {
  const row = await env.DB.prepare('SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = ?')
    .bind(userId, currency)
    .first<{ balance: number }>();
  return row?.balance ?? 0;
}

/** Free start times (ms) of a service from the slots route, the next 14 days. */
export async function freeTimes(
  serviceId: number = FIXTURE_SERVICES.first,
  user: Shopper | null = null,
  country = 'KW',
) {
  const res = await get(`/nutritionist/1/slots?service_id=${serviceId}&days=14`, user, country);
  const body = await json(res);
  if (res.status !== 200) throw new Error(`slots: ${JSON.stringify(body)}`);
  return (body.data.days as Array<{ times: Array<{ starts_at: string }> }>).flatMap((d) =>
    d.times.map((t) => Date.parse(t.starts_at)),
  );
}

/** A free time at least `minHours` from now (and below `maxHours`), skipping `skip` of them. */
export async function freeTimeAfter(
  minHours: number,
  opts: { maxHours?: number; skip?: number; serviceId?: number } = {},
) {
  const now = Date.now();
  const times = (await freeTimes(opts.serviceId)).filter(
    (t) => t >= now + minHours * HOUR && t < now + (opts.maxHours ?? 10_000) * HOUR,
  );
  const at = times[opts.skip ?? 0];
  if (at === undefined) throw new Error('no free time in the range');
  return at;
}

const intake = {
  goal: 'More energy; PLAINTEXT-GOAL-MARKER',
  conditions: 'Hypothyroidism',
  medicines: [{ class: 'thyroid_hormone', name: 'Levothyroxine' }],
  pregnancy: 'pregnant',
  allergies: 'Shellfish',
};

export async function hold(
  user: Shopper,
  startsAt: number,
  serviceId: number = FIXTURE_SERVICES.first,
  country = 'KW',
) {
  return post(
    '/consultation/hold',
    { service_id: serviceId, starts_at: new Date(startsAt).toISOString() },
    user,
    country,
  );
}

export function bookBody(holdId: string, payment: Record<string, unknown>, over: Record<string, unknown> = {}) {
  return {
    idempotency_key: crypto.randomUUID(),
    hold_id: holdId,
    service_id: FIXTURE_SERVICES.first,
    intake,
    consent: true,
    consent_version: CONSULTATION_CONSENT_VERSION,
    mode: 'video',
    payment,
    ...over,
  };
}

/** Holds a time and books it; answers the booking's envelope data. */
export async function book(
  user: Shopper,
  startsAt: number,
  payment: Record<string, unknown>,
  opts: { serviceId?: number; country?: string; over?: Record<string, unknown> } = {},
) {
  const serviceId = opts.serviceId ?? FIXTURE_SERVICES.first;
  const h = await hold(user, startsAt, serviceId, opts.country);
  const held = await json(h);
  if (h.status !== 200) throw new Error(`hold: ${JSON.stringify(held)}`);
  const res = await post(
    '/consultation',
    bookBody(held.data.hold_id, payment, { service_id: serviceId, ...opts.over }),
    user,
    opts.country,
  );
  return { status: res.status, body: await json(res) };
}
