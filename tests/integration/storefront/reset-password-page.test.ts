// The password-reset page checks its link when it opens: a live link shows the form, a used or expired one
// says so with the way to a new link (before, the form showed and failed only on submit), in both
// languages, in the page's one trip to the API, and opening the page uses nothing up.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cookiesFrom, storefront } from './helpers';

const json = { 'content-type': 'application/json', origin: 'http://shop.test' };

async function mailedLink(email: string, cookie: string): Promise<string> {
  await storefront('/api/user/register', {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ name: 'Huda', email, password: 'secret1' }),
  });
  await storefront('/api/user/forgot-password', {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ email }),
  });
  const mail = await env.API_DB.prepare('SELECT body_text FROM mail_outbox WHERE to_address = ? ORDER BY id DESC')
    .bind(email)
    .first<{ body_text: string }>();
  return /token=([0-9a-f]{64})/.exec(mail!.body_text)![1]!;
}

const page = async (path: string, cookie = '') => {
  const res = await storefront(path, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  return { html: await res.text(), calls: Number(res.headers.get('x-api-calls')) };
};

describe('/auth/reset-password', () => {
  it('shows the form for a live link, and the spent state with a new-link action once it is used', async () => {
    const cookie = cookiesFrom(await storefront('/api/country'));
    const token = await mailedLink(`reset-page-${crypto.randomUUID()}@example.com`, cookie);

    const live = await page(`/auth/reset-password?token=${token}`);
    expect(live.html).toContain('id="reset-password"');
    expect(live.html).not.toContain('data-testid="reset-link-spent"');
    expect(live.calls).toBe(1);
    // Opening it (twice, in both languages) used nothing up: the link still sets the password.
    await page(`/ar/auth/reset-password?token=${token}`);
    const used = await storefront('/api/user/reset-password', {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ token, password: 'newpass1', confirmPassword: 'newpass1' }),
    });
    expect(used.status).toBe(200);

    for (const [prefix, message, action] of [
      ['', 'This reset link is no longer valid', 'Ask for a new link'],
      ['/ar', 'رابط إعادة التعيين لم يعد صالحاً', 'اطلب رابطاً جديداً'],
    ] as const) {
      const spent = await page(`${prefix}/auth/reset-password?token=${token}`);
      expect(spent.html).toContain('data-testid="reset-link-spent"');
      expect(spent.html).toContain(message);
      expect(spent.html).toMatch(new RegExp(`href="${prefix}/auth/forgot-password"[^>]*>${action}<`));
      expect(spent.html).not.toContain('id="reset-password"');
      expect(spent.calls).toBeLessThanOrEqual(1);
    }
  });

  it('says an expired or unknown link is spent', async () => {
    const cookie = cookiesFrom(await storefront('/api/country'));
    const token = await mailedLink(`reset-expired-${crypto.randomUUID()}@example.com`, cookie);
    await env.API_DB.prepare('UPDATE password_resets SET expires_at = ? WHERE used_at IS NULL')
      .bind(Date.now() - 1)
      .run();
    for (const path of [
      `/auth/reset-password?token=${token}`,
      `/auth/reset-password?token=${'0'.repeat(64)}`,
      '/auth/reset-password',
    ]) {
      const { html } = await page(path);
      expect(html, path).toContain('data-testid="reset-link-spent"');
      expect(html, path).not.toContain('id="reset-password"');
    }
  });
});
