import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sameSiteOnly } from './index';

const app = new Hono().use(sameSiteOnly()).all('/x', (c) => c.text('done'));
const post = (headers: Record<string, string>) => app.request('https://shop.test/x', { method: 'POST', headers });

describe('sameSiteOnly', () => {
  it('lets same-origin and header-less (non-browser) requests through', async () => {
    expect((await post({ origin: 'https://shop.test', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({})).status).toBe(200);
    expect((await app.request('https://shop.test/x', { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(
      200,
    );
  });

  it('refuses cross-site and foreign-origin state changes with a 403 envelope', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ] as Record<string, string>[]) {
      const res = await post(headers);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { meta: { msg: string } }).meta.msg).toBe('forbidden_cross_site');
    }
  });
});
