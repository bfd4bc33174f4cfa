import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { publicChange, seenByShoppers } from './index';

describe('publicChange', () => {
  it('names the back-office changes shoppers see, and not the others', () => {
    for (const path of [
      '/staff/catalogue/skus/101',
      '/staff/catalogue/home-sections/2/banners',
      '/staff/bloodTests/price',
      '/staff/promotions/4/active',
      '/staff/quiz/versions/3/publish',
      '/staff/search/synonyms',
      '/staff/orders/12/cancel',
      '/staff/orders/12/refund',
      '/staff/catalogue/imports/7/apply',
      '/staff/catalogue/imports/7/revert',
      '/staff/settings/amounts',
    ])
      expect(seenByShoppers(path), path).toBe(true);
    for (const path of [
      '/staff/orders/12/ship',
      '/staff/team',
      '/staff/coupons/3',
      '/staff/auth/sign-in',
      '/staff/nurses',
      // Checking a file only keeps its plan.
      '/staff/catalogue/imports',
    ])
      expect(seenByShoppers(path), path).toBe(false);
  });

  it('writes a new version after a successful change only, and a failed write never fails the change', async () => {
    const bumps: string[] = [];
    const app = new Hono<{ Bindings: ApiEnv }>();
    let failBump = false;
    app.use(
      '/staff/*',
      publicChange(async () => {
        if (failBump) throw new Error('KV 429');
        bumps.push('bump');
      }),
    );
    app.post('/staff/catalogue/skus/:id', (c) => (c.req.param('id') === '0' ? c.text('no', 400) : c.text('ok')));
    app.get('/staff/catalogue/skus/:id', (c) => c.text('ok'));
    app.post('/staff/orders/:id/ship', (c) => c.text('ok'));
    const env = {} as ApiEnv;
    await app.request('/staff/catalogue/skus/1', { method: 'POST' }, env);
    await app.request('/staff/catalogue/skus/0', { method: 'POST' }, env);
    await app.request('/staff/catalogue/skus/1', {}, env);
    await app.request('/staff/orders/1/ship', { method: 'POST' }, env);
    expect(bumps).toEqual(['bump']);
    failBump = true;
    expect((await app.request('/staff/catalogue/skus/1', { method: 'POST' }, env)).status).toBe(200);
  });
});
