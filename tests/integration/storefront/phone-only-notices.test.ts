// An account made with a phone code has no e-mail: the account page says its data archive's notice goes
// to its number by text message, not "we will mail you" (decision 51); an account with an e-mail keeps
// the mail wording.
import { describe, expect, it } from 'vitest';
import { envelope, storefront, stubApi } from './helpers';

const now = Date.now();
const KUWAIT = {
  id: 1,
  code: 'KW',
  name_en: 'Kuwait',
  name_ar: 'الكويت',
  currency: 'KWD',
  decimals: 3,
  exchange_rate: '1.0000',
  is_default: true,
};
const requested = {
  id: 1,
  status: 'requested',
  requested_at: now,
  ready_at: null,
  expires_at: null,
  size: null,
  download: null,
  next_allowed_at: now + 24 * 3600 * 1000,
};
const signedIn = (user: object) =>
  `dtk=dv1.d.t; atk=tok; user=1; usr=${encodeURIComponent(JSON.stringify({ ...user, exp: now + 3600_000 }))}`;

async function accountPage(path: string, user: object): Promise<string> {
  const stub = stubApi((req) => {
    const path = new URL(req.url).pathname;
    if (path === '/user/data/export') return envelope({ export: requested });
    if (path === '/country') return envelope({ items: [KUWAIT] });
    // The account page reads her account too (her birthday, issue 47).
    if (path === '/user/me') return envelope({ user: { ...user, birthday: null } });
    return envelope(null);
  });
  const res = await storefront(path, { headers: { cookie: signedIn(user) } }, { API: stub.fetcher });
  expect(res.status).toBe(200);
  return res.text();
}

describe('the account page of an account without e-mail', () => {
  const phoneOnly = {
    id: 9,
    name: 'Noura',
    email: '',
    phone: '+96566123456',
    phone_verified: true,
    has_password: false,
  };

  it('says the archive’s notice comes by text message to her number, in both languages', async () => {
    const en = await accountPage('/profile/account', phoneOnly);
    expect(en).toContain('send a text message to \u2066+96566123456\u2069 when it is ready');
    expect(en).not.toContain('mail you when it is ready');
    const ar = await accountPage('/ar/profile/account', phoneOnly);
    expect(ar).toContain('رسالة نصية إلى \u2066+96566123456\u2069');
    expect(ar).not.toContain('سنراسلك عندما يصبح جاهزاً');
  });

  it('keeps the mail wording for an account with an e-mail', async () => {
    const html = await accountPage('/profile/account', { ...phoneOnly, email: 'noura@example.com' });
    expect(html).toContain('will mail you when it is ready');
    expect(html).not.toContain('text message');
  });
});

describe('the account page’s mobile number', () => {
  const withPhone = (phone: string) => ({
    id: 9,
    name: 'Noura',
    email: 'noura@example.com',
    phone,
    phone_verified: true,
    has_password: true,
  });
  /** The national-number field's value and the dial code chosen beside it. */
  const phoneField = (html: string) => ({
    national: /<input[^>]*name="phone"[^>]*value="([^"]*)"|<input[^>]*value="([^"]*)"[^>]*name="phone"/
      .exec(html)
      ?.slice(1)
      .find(Boolean),
    country: /<select[^>]*name="country"[^>]*>[\s\S]*?<option[^>]*value="(\w\w)"[^>]*selected/.exec(html)?.[1],
  });

  it('shows a stored number of any country without its dial code, beside that country, in both languages', async () => {
    // The field once stripped +965 and +966 only: an Emirates number showed whole, +971 and all.
    for (const [phone, country, national] of [
      ['+96566123456', 'KW', '66123456'],
      ['+966501234567', 'SA', '501234567'],
      ['+971501234567', 'AE', '501234567'],
    ] as const) {
      for (const path of ['/profile/account', '/ar/profile/account']) {
        const field = phoneField(await accountPage(path, withPhone(phone)));
        expect(field, `${path} ${phone}`).toEqual({ national, country });
      }
    }
  });
});
