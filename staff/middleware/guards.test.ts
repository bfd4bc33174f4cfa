// The back office's first gate in production: a request that did not come through Cloudflare Access is
// refused with a page in the staff member's language, like every other refusal of the back office.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { StaffAppEnv } from '../app-env';
import type { StaffConfig } from '../config';
import { staffTranslator } from '../lib/i18n';
import { cloudflareAccess } from './guards';

function gate(lang: 'en' | 'ar') {
  const app = new Hono<StaffAppEnv>();
  app.use(async (c, next) => {
    c.set('config', { ACCESS_TEAM_DOMAIN: 'gulfvitamins.cloudflareaccess.com', ACCESS_AUD: 'aud' } as StaffConfig);
    c.set('t', staffTranslator(lang));
    c.set('lang', lang);
    c.set('nonce', 'n0nce');
    await next();
  });
  app.use(cloudflareAccess());
  app.get('/', (c) => c.text('the dashboard'));
  return app;
}

describe('the Access gate', () => {
  it.each([
    ['en', 'Open the back office through Access', 'Cloudflare Access sign-in'],
    ['ar', 'افتح لوحة الإدارة عبر Access', 'Cloudflare Access'],
  ] as const)('refuses a request without an Access token with a %s page, not plain text', async (lang, title, body) => {
    for (const headers of [{}, { 'cf-access-jwt-assertion': 'not.a.token' }] as Record<string, string>[]) {
      const res = await gate(lang).request('/', { headers });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await res.text();
      expect(page).toContain(`lang="${lang}"`);
      expect(page).toContain(title);
      expect(page).toContain(body);
      expect(page).not.toContain('the dashboard');
    }
  });
});
