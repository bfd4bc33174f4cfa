// Gifts and offers in the staff app (decision 33): a manager creates a gift offer through
// the form, finds it in the list in English and Arabic, edits it and deactivates it; a role without
// the promotions permission does not see the section.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { staffPage, staffPost, staffSignIn } from './staff-session';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

const FORM = {
  kind: 'gift_with_purchase',
  name_en: 'Free vitamin C with whey',
  name_ar: 'فيتامين سي مجانًا مع البروتين',
  min_subtotal_KW: '',
  min_subtotal_SA: '',
  gift_skus: '401',
  target_products: '5',
  target_skus: '',
  buy_count: '1',
  free_count: '0',
  max_per_order: '2',
  max_uses: '50',
  priority: '3',
  starts_on: '',
  ends_on: '2099-12-31',
  country: '',
};

describe('gifts and offers in the staff app', () => {
  it('creates, lists, edits and deactivates an offer through the forms', async () => {
    const manager = await staffSignIn([{ role: 'catalogue_manager', country: null }]);
    const nav = await (await staffPage('/', manager.cookie)).text();
    expect(nav).toContain('href="/offers"');

    const created = await staffPost('/offers/new', FORM, manager.cookie);
    expect(created.status).toBe(303);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/offers\/\d+\?done=saved$/);
    const id = Number(location.split('/')[2]!.split('?')[0]);
    const row = await env.API_DB.prepare('SELECT kind, max_per_order, priority, max_uses FROM promotions WHERE id = ?')
      .bind(id)
      .first();
    expect(row).toEqual({ kind: 'gift_with_purchase', max_per_order: 2, priority: 3, max_uses: 50 });

    const list = await (await staffPage('/offers', manager.cookie)).text();
    expect(list).toContain('Free vitamin C with whey');
    expect(list).toContain('Gift with a product');
    const form = await (await staffPage(location, manager.cookie)).text();
    expect(form).toContain('value="401"');
    expect(form).toContain('The offer was saved.');

    // A bad form comes back with its values and an error; an unknown gift SKU with the API's message.
    const bad = await staffPost(`/offers/${id}`, { ...FORM, max_per_order: '26' }, manager.cookie);
    expect(bad.status).toBe(400);
    const unknown = await staffPost(`/offers/${id}`, { ...FORM, gift_skus: '99999' }, manager.cookie);
    expect(unknown.status).toBe(409);
    expect(await unknown.text()).toContain('A gift or target SKU number does not exist.');

    const off = await staffPost(`/offers/${id}/active`, { active: 'false' }, manager.cookie);
    expect(off.status).toBe(303);
    expect(
      (await env.API_DB.prepare('SELECT is_active FROM promotions WHERE id = ?').bind(id).first())!.is_active,
    ).toBe(0);

    const arabic = await staffSignIn([{ role: 'catalogue_manager', country: null }], { lang: 'ar' });
    const arList = await (await staffPage('/offers', arabic.cookie)).text();
    expect(arList).toContain('فيتامين سي مجانًا مع البروتين');
    expect(arList).toContain('هدية مع منتج');
  });

  it('is not shown to a role without the promotions permission', async () => {
    const lab = await staffSignIn([{ role: 'lab_coordinator', country: null }]);
    expect(await (await staffPage('/', lab.cookie)).text()).not.toContain('href="/offers"');
    expect((await staffPage('/offers', lab.cookie)).status).toBe(403);
  });
});
