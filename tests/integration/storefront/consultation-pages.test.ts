// The shopper's consultation pages as the storefront renders them (issue 46): a guest sent to sign in
// and back from the booking and the profile's consultations, in both languages.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConsultationFixture } from '../fixtures/consultations';
import { cookiesFrom, storefront } from './helpers';

let device = '';

beforeAll(async () => {
  await loadConsultationFixture(env.API_DB);
  device = cookiesFrom(await storefront('/api/country'));
});

describe('consultation pages for a guest', () => {
  it('sends a guest to sign in and back from the booking and the profile, in both languages', async () => {
    for (const path of [
      '/consultation/book/1?service=11',
      '/ar/consultation/book/1?service=11',
      '/profile/consultations',
      '/ar/profile/consultations/1234567890',
    ]) {
      const res = await storefront(path, { headers: { cookie: device }, redirect: 'manual' });
      expect(res.status, path).toBe(302);
      const location = res.headers.get('location') ?? '';
      const lang = path.startsWith('/ar/') ? '/ar' : '';
      expect(location, path).toBe(`${lang}/auth/sign-in?return_url=${encodeURIComponent(path)}`);
    }
  });
});
