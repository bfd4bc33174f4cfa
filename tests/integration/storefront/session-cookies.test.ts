// The shopper's cookies follow the account and never outlive the session's auth cookie; the one page
// scripts can read says only that someone is signed in (decision 7, amended for issue 44).
import { describe, expect, it } from 'vitest';
import { envelope, setCookie, storefront, stubApi } from './helpers';

/** The httpOnly cookie with the shopper's details, and the readable mark beside it. */
const userCookie = (value: object) => `usr=${encodeURIComponent(JSON.stringify(value))}; user=1`;
const decoded = (line: string) => JSON.parse(decodeURIComponent(line.split(';')[0]!.slice('usr='.length)));
const maxAge = (line: string) => Number(/Max-Age=(\d+)/.exec(line)![1]);
const pair = (res: Response) => `${setCookie(res, 'usr')!.split(';')[0]}; ${setCookie(res, 'user')!.split(';')[0]}`;

describe('the script-readable cookie', () => {
  const details = { id: 7, name: 'Sara', email: 'sara@example.com', phone: '+96598765432', phone_verified: true };

  it('says only that someone is signed in: no id, name, e-mail or phone; those stay httpOnly', async () => {
    for (const [path, body] of [
      ['/api/user/login', { email: 'sara@example.com', password: 'x' }],
      ['/api/user/phone/sign-in', { country: 'KW', phone: '98765432', code: '123456' }],
    ] as const) {
      const stub = stubApi(() => envelope({ access_token: 'tok', user: details }));
      const res = await storefront(
        path,
        {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { origin: 'http://shop.test', 'content-type': 'application/json', cookie: 'dtk=dv1.d.t' },
        },
        { API: stub.fetcher },
      );
      expect(res.status).toBe(200);
      const readable = res.headers.getSetCookie().filter((line) => !/;\s*HttpOnly/i.test(line));
      expect(readable.map((line) => line.split('=')[0])).toContain('user');
      for (const line of readable) {
        const value = decodeURIComponent(line.split(';')[0]!);
        expect(value, line).not.toMatch(/sara@example\.com|98765432|Sara|"id"/);
      }
      expect(setCookie(res, 'user')).toMatch(/^user=1;/);
      const hidden = setCookie(res, 'usr')!;
      expect(hidden).toContain('HttpOnly');
      expect(decoded(hidden)).toMatchObject(details);
    }
  });

  it('replaces a cookie of the old kind (details as JSON) on the next page, keeping the session', async () => {
    const exp = Date.now() + 24 * 3600 * 1000;
    const old = `user=${encodeURIComponent(JSON.stringify({ ...details, exp }))}`;
    // A page rendered whole for her (the cart is hers entirely): a kept page would ask the API who holds
    // this made-up token first (decision 76), and sign her out.
    const res = await storefront('/cart', { headers: { cookie: `atk=tok; ${old}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"name":"Sara"');
    expect(setCookie(res, 'user')).toMatch(/^user=1;/);
    expect(decoded(setCookie(res, 'usr')!)).toMatchObject({ ...details, exp });
  });
});

describe('the user cookies', () => {
  it('is rewritten when the API answers with a changed name or phone, ending when the auth cookie ends', async () => {
    const exp = Date.now() + 3 * 24 * 3600 * 1000;
    const stub = stubApi(() =>
      envelope({ user: { id: 7, name: 'Sara Changed', email: 'sara@example.com', phone: '+96598765432' } }),
    );
    const res = await storefront(
      '/api/user/profile/set-name',
      {
        method: 'POST',
        body: JSON.stringify({ name: 'Sara Changed' }),
        headers: {
          origin: 'http://shop.test',
          'content-type': 'application/json',
          cookie: `dtk=dv1.d.t; atk=tok; ${userCookie({ id: 7, name: 'Sara', email: 'sara@example.com', phone: null, exp })}`,
        },
      },
      { API: stub.fetcher },
    );
    expect(res.status).toBe(200);
    const line = setCookie(res, 'usr')!;
    expect(decoded(line)).toMatchObject({ name: 'Sara Changed', phone: '+96598765432', exp });
    // Three days left on the auth cookie: the user cookie gets no more.
    expect(maxAge(line)).toBeLessThanOrEqual(3 * 24 * 3600);
    expect(maxAge(line)).toBeGreaterThan(3 * 24 * 3600 - 60);
    expect(setCookie(res, 'atk')).toBeUndefined();

    // The next page renders the new name.
    const page = await (await storefront('/cart', { headers: { cookie: `atk=tok; ${pair(res)}` } })).text();
    expect(page).toContain('"name":"Sara Changed"');
  });

  it('is refreshed by /user/me; an older cookie without its end gets both cookies the same lifetime', async () => {
    const stub = stubApi(() => envelope({ user: { id: 7, name: 'Sara', email: 'sara@example.com', phone: null } }));
    const res = await storefront(
      '/api/user/me',
      { headers: { cookie: `dtk=dv1.d.t; atk=tok; ${userCookie({ id: 7, name: 'Old', email: 'sara@example.com' })}` } },
      { API: stub.fetcher },
    );
    const user = setCookie(res, 'usr')!;
    const auth = setCookie(res, 'atk')!;
    expect(decoded(user).name).toBe('Sara');
    expect(maxAge(user)).toBeLessThanOrEqual(maxAge(auth));
    expect(maxAge(setCookie(res, 'user')!)).toBe(maxAge(user));
    expect(auth).toContain('HttpOnly');
  });

  it('goes when the auth cookie is gone, so no page greets a shopper who is signed out', async () => {
    const res = await storefront('/', {
      headers: { cookie: userCookie({ id: 7, name: 'Sara', email: 'sara@example.com' }) },
    });
    expect(res.status).toBe(200);
    expect(setCookie(res, 'user')).toMatch(/^user=; Max-Age=0/);
    expect(setCookie(res, 'usr')).toMatch(/^usr=; Max-Age=0/);
    expect(await res.text()).toContain('"user":null');
  });
});

describe('the sign-in page', () => {
  const signedIn = `atk=tok; ${userCookie({ id: 7, name: 'Sara', email: 'sara@example.com' })}`;

  it('sends a signed-in shopper on to the profile, or to a same-site return_url', async () => {
    const en = await storefront('/auth/sign-in', { headers: { cookie: signedIn }, redirect: 'manual' });
    expect([en.status, en.headers.get('location')]).toEqual([302, '/profile']);
    const ar = await storefront('/ar/auth/sign-in?return_url=%2Far%2Fcheckout%2Forder', {
      headers: { cookie: signedIn },
      redirect: 'manual',
    });
    expect([ar.status, ar.headers.get('location')]).toEqual([302, '/ar/checkout/order']);
    const evil = await storefront('/auth/sign-in?return_url=%2F%2Fevil.example', {
      headers: { cookie: signedIn },
      redirect: 'manual',
    });
    expect(evil.headers.get('location')).toBe('/profile');
  });

  it('shows a guest the form, and after a session ended says so in the page language', async () => {
    const res = await storefront('/ar/auth/sign-in?return_url=%2Far%2Fcheckout%2Forder&reason=session_ended');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="session-ended"');
    expect(html).toContain('انتهت جلستك');
  });
});
