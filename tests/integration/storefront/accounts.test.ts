// Accounts through the storefront proxy and the real API: the token only ever lives in the
// httpOnly cookie; the browser sees display data.
import { describe, expect, it } from 'vitest';
import { cookiesFrom, setCookie, storefront } from './helpers';

const json = () => ({ 'content-type': 'application/json', origin: 'http://shop.test' });

describe('accounts through the proxy', () => {
  it('registers, keeps the token in the httpOnly cookie only, reads me, and signs out', async () => {
    const first = await storefront('/api/country');
    let cookie = cookiesFrom(first);
    const res = await storefront('/api/user/register', {
      method: 'POST',
      headers: { ...json(), cookie },
      body: JSON.stringify({
        name: 'Maryam',
        email: 'maryam@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain('access_token');
    expect(JSON.parse(body).data.user.name).toBe('Maryam');
    const auth = setCookie(res, 'atk')!;
    expect(auth).toMatch(/^atk=[0-9a-f]{64}; Max-Age=1209600; Path=\/; HttpOnly; Secure; SameSite=Strict/);
    cookie = `${cookie}; ${cookiesFrom(res)}`;

    const me = await storefront('/api/user/me', { headers: { cookie } });
    expect((await me.json<any>()).data.user.email).toBe('maryam@example.com');

    const page = await (await storefront('/', { headers: { cookie } })).text();
    expect(page).toContain('"user":{"id":');
    expect(page).not.toContain(auth.split(';')[0]!.slice(4));

    const out = await storefront('/api/user/logout', { method: 'POST', headers: { ...json(), cookie }, body: '{}' });
    expect(setCookie(out, 'atk')).toMatch(/^atk=; Max-Age=0/);
    const after = await storefront('/api/user/me', { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('signs in with a phone code: the token only in the httpOnly cookie, the code readable at /dev/messages', async () => {
    let cookie = cookiesFrom(await storefront('/api/country'));
    const phone = '55443322';
    const asked = await storefront('/api/user/phone/code', {
      method: 'POST',
      headers: { ...json(), cookie },
      body: JSON.stringify({ country: 'KW', phone, channel: 'whatsapp' }),
    });
    expect(asked.status).toBe(200);
    // The local outbox page shows what was sent (delivered after the answer: wait for it).
    let code = '';
    for (let i = 0; i < 50 && !code; i++) {
      const page = await (await storefront('/dev/messages')).text();
      code = /(\d{6}) is your Gulf Vitamins verification code/.exec(page)?.[1] ?? '';
      if (!code) await new Promise((r) => setTimeout(r, 20));
    }
    expect(code).toMatch(/^\d{6}$/);
    const res = await storefront('/api/user/phone/sign-in', {
      method: 'POST',
      headers: { ...json(), cookie },
      body: JSON.stringify({ country: 'KW', phone, code, name: 'Dana' }),
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain('access_token');
    expect(JSON.parse(body).data.user).toMatchObject({
      name: 'Dana',
      email: '',
      phone: '+96555443322',
      phone_verified: true,
    });
    expect(setCookie(res, 'atk')).toMatch(
      /^atk=[0-9a-f]{64}; Max-Age=1209600; Path=\/; HttpOnly; Secure; SameSite=Strict/,
    );
    cookie = `${cookie}; ${cookiesFrom(res)}`;
    const me = await storefront('/api/user/me', { headers: { cookie } });
    expect((await me.json<any>()).data.user.name).toBe('Dana');
  });
});
