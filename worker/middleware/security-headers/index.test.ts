import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './index';

function app(dev = false) {
  const a = new Hono<{ Variables: { nonce: string } }>();
  a.use(securityHeaders({ dev }));
  a.get('/page', (c) => c.html(`<script nonce="${c.var.nonce}"></script>`));
  a.get('/data', (c) => c.json({ ok: true }));
  a.get('/ar/consultation-check', (c) => c.html('<p>check</p>'));
  a.get('/consultation-check.json', (c) => c.json({ ok: true }));
  a.get('/profile/consultations/:id/call', (c) => (c.req.query('json') ? c.json({}) : c.html('<p>call</p>')));
  return a;
}

describe('securityHeaders', () => {
  it('gives HTML a CSP with a fresh nonce per response and keeps it out of shared caches', async () => {
    const a = await app().request('http://shop.test/page');
    const b = await app().request('http://shop.test/page');
    const nonceA = /'nonce-([^']+)'/.exec(a.headers.get('content-security-policy')!)![1];
    const nonceB = /'nonce-([^']+)'/.exec(b.headers.get('content-security-policy')!)![1];
    expect(nonceA).not.toBe(nonceB);
    expect(await a.text()).toContain(`nonce="${nonceA}"`);
    expect(a.headers.get('cache-control')).toBe('private, no-store');
    expect(a.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  });

  it('sets nosniff, referrer policy and frame denial on every response, no CSP on JSON', async () => {
    const res = await app().request('http://shop.test/data');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('sends HSTS over https only', async () => {
    expect((await app().request('https://shop.test/data')).headers.get('strict-transport-security')).toMatch(
      /max-age=\d+/,
    );
    expect((await app().request('http://shop.test/data')).headers.get('strict-transport-security')).toBeNull();
  });

  it('relaxes styles and websockets for the dev server only', async () => {
    const csp = (await app(true).request('http://shop.test/page')).headers.get('content-security-policy')!;
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  });

  it('refuses camera and microphone everywhere but a media page’s document (decision 56)', async () => {
    const policy = async (path: string) =>
      (await app().request(`http://shop.test${path}`)).headers.get('permissions-policy');
    const refused = 'camera=(), microphone=(), geolocation=(), payment=(self)';
    expect(await policy('/page')).toBe(refused);
    expect(await policy('/data')).toBe(refused);
    expect(await policy('/consultation-check.json')).toBe(refused);
    expect(await policy('/profile/consultations/12/call?json=1')).toBe(refused);
    const allowed = 'camera=(self), microphone=(self), geolocation=(), payment=(self)';
    expect(await policy('/ar/consultation-check')).toBe(allowed);
    expect(await policy('/profile/consultations/12/call')).toBe(allowed);
  });
});
