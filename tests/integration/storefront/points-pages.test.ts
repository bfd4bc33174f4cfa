// The shopper's points pages as the storefront renders them (issue 47): /profile/points (balance, tier,
// history lines, the referral card with her code) and the profile hub's Points link with the balance,
// in one API trip and at most 3 D1 round trips behind it; a guest sent to sign in and back; a referral
// link's landing page in both languages with the referrer's first name and the friend's offer, and a
// stranger's code a 404 page with its message, never a 500.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, registerShopper, storefront } from './helpers';

let device = '';
let noura = '';
let nouraId = 0;
let code = '';

const trips = (res: Response) => ({
  calls: Number(res.headers.get('x-api-calls')),
  roundTrips: Number(res.headers.get('x-d1-roundtrips')),
});

beforeAll(async () => {
  device = cookiesFrom(await storefront('/api/country'));
  noura = await registerShopper(`points-pages-${crypto.randomUUID()}@example.com`, device, 'Noura Al-Sabah');
  const me = await storefront('/api/user/me', { headers: { cookie: noura } });
  nouraId = (await me.json<{ data: { user: { id: number } } }>()).data.user.id;
  const referral = await storefront('/api/loyalty/referral', { headers: { cookie: noura } });
  expect(referral.status).toBe(200);
  code = (await referral.json<{ data: { code: string } }>()).data.code;
  // Two credits as the ledger writes them (its one way in is the API's; this test reads D1 directly).
  const now = Date.now();
  const year = now + 365 * 86_400_000;
  await env.API_DB.batch([
    env.API_DB.prepare("INSERT INTO points_accounts (user_id, country, balance) VALUES (?, 'KW', 1300)").bind(nouraId),
    env.API_DB.prepare(
      `INSERT INTO points_ledger (user_id, country, amount, balance_after, kind, expires_at, event_key, created_at)
       VALUES (?1, 'KW', 1250, 1250, 'earn_birthday', ?2, 'birthday:' || ?1 || ':test', ?3),
              (?1, 'KW', 50, 1300, 'earn_review', ?2, 'review:' || ?1, ?3 + 1)`,
    ).bind(nouraId, year, now),
  ]);
});

describe('/profile/points', () => {
  it('sends a guest to sign in and back', async () => {
    for (const path of ['/profile/points', '/ar/profile/points']) {
      const res = await storefront(path, { headers: { cookie: device }, redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toContain(`return_url=${encodeURIComponent(path)}`);
    }
  });

  it('shows her balance, tier, history and referral card in one trip, in both languages', async () => {
    const en = await storefront('/profile/points', { headers: { cookie: noura } });
    const html = await en.text();
    expect(en.status, html.slice(0, 500)).toBe(200);
    expect(trips(en).calls).toBe(1);
    // One read (GET /loyalty/page): her session, the rules on a cold isolate and one batch.
    expect(trips(en).roundTrips).toBeLessThanOrEqual(3);
    expect(html).toMatch(/data-testid="points-balance">1,300 points</);
    expect(html).toContain('You are Bronze');
    expect(html).toContain('Happy birthday!');
    expect(html).toContain('Your first review');
    expect(html).toContain(`value="${code}"`);
    expect(html).toContain(`/invite/${code}`);
    expect(html).toContain('https://wa.me/?text=');

    const ar = await storefront('/ar/profile/points', { headers: { cookie: noura } });
    const arHtml = await ar.text();
    expect(ar.status).toBe(200);
    expect(trips(ar).calls).toBe(1);
    expect(arHtml).toMatch(/data-testid="points-balance">1,300 نقطة</);
    expect(arHtml).toContain(`/ar/invite/${code}`);
  });

  it('shows the balance beside the Points link of the profile hub', async () => {
    const res = await storefront('/profile', { headers: { cookie: noura } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(trips(res).calls).toBe(1);
    expect(html).toMatch(/data-testid="profile-points-link"[^>]*>Points<span[^>]*> · 1,300 points</);
  });
});

describe('/invite/:code', () => {
  it("gives the referrer's first name and the friend's offer, in both languages, in one trip", async () => {
    const en = await storefront(`/invite/${code}`, { headers: { cookie: device } });
    // Amounts keep their currency on the same line (a no-break space).
    const html = (await en.text()).replace(/\u00a0/g, ' ');
    expect(en.status).toBe(200);
    expect(trips(en).calls).toBe(1);
    expect(html).toMatch(/data-testid="invite-offer">Noura gives you KWD 2.000 off your first order over KWD 10.000</);
    expect(html).not.toContain('Al-Sabah');
    expect(html).toContain('href="/auth/sign-up"');
    const ar = await storefront(`/ar/invite/${code.toLowerCase()}`, { headers: { cookie: device } });
    expect(ar.status).toBe(200);
    expect(await ar.text()).toContain('Noura تهديك خصم');
  });

  it("answers a stranger's code with a 404 page that says so", async () => {
    for (const path of ['/invite/ZZZZZZZ2', '/ar/invite/nonsense']) {
      const res = await storefront(path, { headers: { cookie: device } });
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain('data-testid="invite-unknown"');
      expect(html, path).toMatch(
        path.startsWith('/ar') ? /رابط الدعوة هذا غير صالح/ : /This invitation link is not valid/,
      );
    }
  });
});
