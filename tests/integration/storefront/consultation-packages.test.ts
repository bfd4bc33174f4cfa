// A shopper's packages in the storefront (issue 61): the page a bought package lands on (what she
// bought, sessions left, until when, "Book your first session"), her packages with their sessions left
// on the profile's consultations page, and a booking a package paid read as "1 session of your package
// (3 sessions left)", not a zero amount. In English and Arabic; another shopper's package is not found.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_CONSENT_VERSION } from '#shared/consultations/facts';
import { FIXTURE_PACKAGE, FIXTURE_SERVICES, loadConsultationFixture } from '../fixtures/consultations';
import { apiData, cookiesFrom, registerWithId, storefront } from './helpers';

let device = '';
let owner = '';
let other = '';
let creditId = 0;
let consultationId = 0;

const register = (email: string) => registerWithId(email, device);

beforeAll(async () => {
  // A nutritionist sells packages only with a back-office account linked (her portal).
  const staff = await env.API_DB.prepare(
    "INSERT INTO staff (email, name, password_hash, totp_secret, created_at) VALUES ('noura-packages@staff.example', 'Dr. Noura', 'x', 'x', 0) RETURNING id",
  ).first<{ id: number }>();
  await loadConsultationFixture(env.API_DB, { staffId: staff!.id });
  device = cookiesFrom(await storefront('/api/country'));
  const her = await register('package-owner@example.com');
  owner = her.cookie;
  ({ cookie: other } = await register('package-other@example.com'));
  await env.API_DB.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', 40000)")
    .bind(her.id)
    .run();
  // Bought from her wallet: paid at once, so it lands on its page without a gateway.
  const bought = await apiData<{ credit_id: number; payment_url: string | null }>('/api/consultation/package', owner, {
    package_id: FIXTURE_PACKAGE,
    payment: { method: 'wallet' },
  });
  expect(bought.payment_url).toBeNull();
  creditId = bought.credit_id;
  const slots = await apiData<{ days: Array<{ times: Array<{ starts_at: string }> }> }>(
    `/api/nutritionist/1/slots?service_id=${FIXTURE_SERVICES.followUp}&days=14`,
    owner,
  );
  const at = slots.days
    .flatMap((d) => d.times.map((t) => t.starts_at))
    .find((t) => Date.parse(t) > Date.now() + 48 * 3_600_000)!;
  const hold = await apiData<{ hold_id: string }>('/api/consultation/hold', owner, {
    service_id: FIXTURE_SERVICES.followUp,
    starts_at: at,
  });
  const booked = await apiData<{ id: number }>('/api/consultation', owner, {
    idempotency_key: crypto.randomUUID(),
    hold_id: hold.hold_id,
    service_id: FIXTURE_SERVICES.followUp,
    intake: { goal: 'Keep going' },
    consent: true,
    consent_version: CONSULTATION_CONSENT_VERSION,
    mode: 'video',
    payment: { method: 'package', credit_id: creditId },
  });
  consultationId = booked.id;
});

describe('a bought package', () => {
  it('lands on its page: what she bought, the sessions left, until when, and the first booking', async () => {
    for (const [path, bookPath, texts] of [
      [
        `/consultation/package?id=${creditId}`,
        `/consultation/book/1?service=${FIXTURE_SERVICES.followUp}`,
        ['Your package is bought', '4 follow-ups', '3 of 4 sessions left', 'Use by ', 'Book your first session'],
      ],
      [
        `/ar/consultation/package?id=${creditId}`,
        `/ar/consultation/book/1?service=${FIXTURE_SERVICES.followUp}`,
        ['تم شراء باقتك', '4 جلسات متابعة', 'تبقّت 3 جلسات من 4', 'صالحة حتى ', 'احجز جلستك الأولى'],
      ],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: owner } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('data-testid="consult-package-result" data-state="paid"');
      for (const text of texts) expect(html, `${path}: ${text}`).toContain(text);
      expect(html, path).toContain(`href="${bookPath}"`);
    }
  });

  it("answers another shopper's package with the not-found page", async () => {
    const res = await storefront(`/consultation/package?id=${creditId}`, { headers: { cookie: other } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('data-testid="consult-package-result"');
  });
});

describe('the profile’s consultations', () => {
  it('lists her packages with sessions left and expiry, and the booking a package paid by its session', async () => {
    for (const [path, left, session] of [
      ['/profile/consultations', '3 of 4 sessions left', '1 session of your package (3 sessions left)'],
      ['/ar/profile/consultations', 'تبقّت 3 جلسات من 4', 'جلسة واحدة من باقتك (تبقّت 3 جلسات)'],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: owner } });
      expect(res.status, path).toBe(200);
      expect(Number(res.headers.get('x-api-calls')), path).toBe(1);
      const html = await res.text();
      expect(html, path).toContain('data-testid="consult-credits"');
      expect(html, path).toContain(left);
      expect(html, path).toContain(`/profile/consultations/${consultationId}`);
      expect(html, path).toContain(`data-testid="consult-item-package">${session}<`);
      // No amount of zero beside it (the amounts are written in a <bdi>).
      expect(html, path).not.toMatch(/<bdi>[^<]*0\.000[^<]*<\/bdi>/);
    }
    // Another shopper has none.
    const theirs = await (await storefront('/profile/consultations', { headers: { cookie: other } })).text();
    expect(theirs).not.toContain('data-testid="consult-credits"');
  });
});
