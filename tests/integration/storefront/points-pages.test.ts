// The shopper's points pages as the storefront renders them (issue 47): /profile/points (balance, tier,
// history lines, the referral card with her code) and the profile hub's Points link with the balance,
// in one API trip and at most 3 D1 round trips behind it; a guest sent to sign in and back; a referral
// link's landing page in both languages with the referrer's first name and the friend's offer, and a
// stranger's code a 404 page with its message, never a 500.
import { beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, registerShopper, storefront } from './helpers';

let device = '';
let noura = '';
let code = '';

const trips = (res: Response) => ({
  calls: Number(res.headers.get('x-api-calls')),
  roundTrips: Number(res.headers.get('x-d1-roundtrips')),
});

beforeAll(async () => {
  device = cookiesFrom(await storefront('/api/country'));
  noura = await registerShopper(`points-pages-${crypto.randomUUID()}@example.com`, device, 'Noura Al-Sabah');
  const referral = await storefront('/api/loyalty/referral', { headers: { cookie: noura } });
  expect(referral.status).toBe(200);
  code = (await referral.json<{ data: { code: string } }>()).data.code;
});

describe('/profile/points', () => {
  it('sends a guest to sign in and back', async () => {
    for (const path of ['/profile/points', '/ar/profile/points']) {
      const res = await storefront(path, { headers: { cookie: device }, redirect: 'manual' });
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toContain(`return_url=${encodeURIComponent(path)}`);
    }
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
    expect(await ar.text()).toContain('Noura تهديكِ خصم');
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
