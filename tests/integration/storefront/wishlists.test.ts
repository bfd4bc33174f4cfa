// Wishlist pages rendered by the storefront against the built API: /profile/wishlists and a
// shared list's public page in English and Arabic within the page's 3 D1 round trips, the shared
// page's Open Graph preview, its prices in the visitor's currency, and 404 for a link that names nothing.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, storefront } from './helpers';

const SAME_SITE = { origin: 'http://shop.test' };
const roundTrips = (res: Response) => Number(res.headers.get('x-d1-roundtrips'));
let owner = '';
let listId = 0;
let token = '';

const postJson = (path: string, body: unknown, cookie: string) =>
  storefront(path, {
    method: 'POST',
    headers: { ...SAME_SITE, 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const device = cookiesFrom(await storefront('/api/country'));
  const res = await postJson(
    '/api/user/register',
    { name: 'Mariam Al-Wishful', email: 'sf-wish@example.com', password: 'secret1' },
    device,
  );
  expect(res.status).toBe(200);
  owner = `${device}; ${cookiesFrom(res)}`;
  const created = await postJson('/api/list/new', { name: 'Birthday ideas' }, owner);
  listId = (await created.json<{ data: { item: { id: number } } }>()).data.item.id;
  for (const sku of [301, 101]) {
    expect((await postJson(`/api/list/${listId}/items/add`, { sku }, owner)).status).toBe(200);
  }
  const shared = await postJson(`/api/list/${listId}/share`, { value: true }, owner);
  token = (await shared.json<{ data: { share_token: string } }>()).data.share_token;
});

describe('/profile/wishlists', () => {
  it('lists the lists and the open list’s products, in English and Arabic, within 3 round trips', async () => {
    for (const [path, listName, heading] of [
      ['/profile/wishlists', 'Birthday ideas', 'Wishlists'],
      ['/ar/profile/wishlists?view=details', 'Birthday ideas', 'قوائم الأمنيات'],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: owner } });
      expect(res.status, path).toBe(200);
      expect(roundTrips(res)).toBeGreaterThan(0);
      expect(roundTrips(res)).toBeLessThanOrEqual(3);
      const html = await res.text();
      expect(html).toContain(`<h1 class="page-title">${heading}</h1>`);
      expect(html).toContain(listName);
      expect(html.match(/data-testid="wishlist-item"/g)).toHaveLength(2);
      expect(html).toContain('data-testid="wishlist-move-to-cart"');
    }
    const ar = await (await storefront('/ar/profile/wishlists', { headers: { cookie: owner } })).text();
    // Arabic plural of two: the dual.
    expect(ar).toContain('منتجان');
    const en = await (await storefront('/profile/wishlists', { headers: { cookie: owner } })).text();
    expect(en).toContain('2 items');
  });

  it('sends a guest to sign in', async () => {
    const res = await storefront('/profile/wishlists', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('/auth/sign-in');
  });
});

describe('/shared-list/{token}', () => {
  it('shows the list to anyone with the link, with an Open Graph preview, in English and Arabic', async () => {
    for (const path of [`/shared-list/${token}`, `/ar/shared-list/${token}`]) {
      const res = await storefront(path);
      expect(res.status, path).toBe(200);
      expect(roundTrips(res)).toBeLessThanOrEqual(3);
      const html = await res.text();
      expect(html).toMatch(/<meta property="og:title" content="Birthday ideas \| [^"]+"\/>/);
      expect(html).toMatch(/<meta property="og:image" content="http:\/\/shop\.test\/media\/[^"]+"\/>/);
      expect(html).toContain('<h1 class="page-title">Birthday ideas</h1>');
      expect(html.match(/data-testid="wishlist-item"/g)).toHaveLength(2);
      expect(html).toContain('data-testid="shared-mark-bought"');
      expect(html).toContain('data-testid="shared-follow"');
      // The owner by first name only.
      expect(html).toContain('Mariam');
      expect(html).not.toContain('Al-Wishful');
      expect(html).not.toContain('sf-wish@example.com');
    }
    const ar = await (await storefront(`/ar/shared-list/${token}`)).text();
    expect(ar).toContain('شارك Mariam قائمة الأمنيات هذه معك.');
  });

  it('shows prices in the visitor’s currency', async () => {
    const kw = await (await storefront(`/shared-list/${token}`)).text();
    const sa = await (await storefront(`/shared-list/${token}`, { headers: { cookie: 'country=SA' } })).text();
    expect(kw).toMatch(/class="price-now[^"]*">KWD.5\.250</);
    expect(sa).toMatch(/class="price-now[^"]*">SAR.73\.66</);
  });

  it('hides "mark as bought" from the owner', async () => {
    const res = await storefront(`/shared-list/${token}`, { headers: { cookie: owner } });
    expect(res.status).toBe(200);
    expect(roundTrips(res)).toBeLessThanOrEqual(3);
    const html = await res.text();
    expect(html).toContain('data-testid="shared-owner-note"');
    expect(html).not.toContain('data-testid="shared-mark-bought"');
    expect(html).not.toContain('data-testid="shared-follow"');
  });

  it('answers 404 for an unknown, malformed or no longer shared link', async () => {
    expect((await storefront('/shared-list/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await storefront('/ar/shared-list/nope')).status).toBe(404);
    const other = await postJson('/api/list/new', { name: 'Soon private' }, owner);
    const id = (await other.json<{ data: { item: { id: number } } }>()).data.item.id;
    const t = (
      await (await postJson(`/api/list/${id}/share`, { value: true }, owner)).json<{ data: { share_token: string } }>()
    ).data.share_token;
    expect((await storefront(`/shared-list/${t}`)).status).toBe(200);
    await postJson(`/api/list/${id}/share`, { value: false }, owner);
    expect((await storefront(`/shared-list/${t}`)).status).toBe(404);
  });
});

describe('/share and /share/list', () => {
  it('render for the signed-in shopper and send a guest to sign in', async () => {
    const share = await storefront('/share', { headers: { cookie: owner } });
    expect(share.status).toBe(200);
    expect(await share.text()).toContain('data-testid="share-row"');
    const followed = await storefront('/ar/share/list', { headers: { cookie: owner } });
    expect(followed.status).toBe(200);
    const guest = await storefront('/share', { redirect: 'manual' });
    expect(guest.status).toBe(302);
  });
});
