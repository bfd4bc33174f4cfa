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
});
