// Guest pages from the edge cache (decision 40): the second guest to view a catalogue page gets it
// without a render or a call to the API, with her own CSP nonce; a signed-in shopper never gets a kept
// page; a price changed in the back office shows on the very next view.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, storefront } from './helpers';
import { staffPost, staffSignIn } from './staff-session';

const SHOP = 'http://shop.test';
let staff: string;

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  staff = (await staffSignIn([{ role: 'catalogue_manager', country: null }])).cookie;
});

const calls = (res: Response) => Number(res.headers.get('x-api-calls'));
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

// The tests around this one render every page (PAGE_CACHE_TTL_S 0 in vitest.config.ts).
const CACHE_ON = { PAGE_CACHE_TTL_S: '300' };

async function view(path: string, cookie = '') {
  const res = await storefront(`${SHOP}${path}`, cookie ? { headers: { cookie } } : {}, CACHE_ON);
  return { res, html: await res.text() };
}

describe('guest pages kept at the edge', () => {
  it('serves a second guest view without a call, in both languages and countries, with a fresh nonce', async () => {
    for (const path of ['/products/alpha-vitamin-d3-1000', '/ar/products/alpha-vitamin-d3-1000', '/ar/blood-test']) {
      for (const country of ['KW', 'SA']) {
        const first = await view(path, `country=${country}`);
        expect(first.res.status, path).toBe(200);
        expect(first.res.headers.get('x-page-cache'), path).toBe('miss');
        const second = await view(path, `country=${country}`);
        expect(second.res.headers.get('x-page-cache'), `${country} ${path}`).toBe('hit');
        expect(calls(second.res), path).toBe(0);
        // Each answer has its own nonce, in its header and on every script of the page.
        const nonce = nonceOf(second.res)!;
        expect(nonce).not.toBe(nonceOf(first.res));
        expect(second.html).toContain(`nonce="${nonce}"`);
        expect(second.html).not.toContain(nonceOf(first.res));
        // The country's own prices: SAR pages are not KWD pages.
        expect(second.html).toContain(country === 'SA' ? 'SAR' : 'KWD');
      }
    }
  });

  it('never keeps or serves a page for a signed-in shopper, nor one that read her data', async () => {
    const path = '/products/alpha-vitamin-d3-1000?view=signed-in';
    await view(path);
    const signUp = await storefront(
      `${SHOP}/api/user/register`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SHOP, 'x-requested-with': 'fetch' },
        body: JSON.stringify({ name: 'Reem', email: `reem-${crypto.randomUUID()}@example.com`, password: 'secret1' }),
      },
      CACHE_ON,
    );
    const shopper = cookiesFrom(signUp);
    // Hers starts from the signed-in shoppers' kept copy (decision 76), never from the guests'.
    const mine = await view(path, shopper);
    expect(mine.res.headers.get('x-her-page')).toBe('checked');
    expect(mine.res.headers.get('x-page-cache')).toBe('miss');
    expect(mine.html).toContain('Reem');
    // A guest after her still gets the guest page, without her name.
    const guest = await view(path);
    expect(guest.res.headers.get('x-page-cache')).toBe('hit');
    expect(guest.html).not.toContain('Reem');
    // Profile and checkout pages are never kept.
    for (const other of ['/cart', '/checkout/order', '/auth/sign-in']) {
      await view(other);
      expect((await view(other)).res.headers.get('x-page-cache'), other).toBeNull();
    }
  });

  it('renders again on a hard reload (Cache-Control: no-cache) and keeps the new copy', async () => {
    const path = '/ar/products?category=1&view=reload';
    await view(path);
    expect((await view(path)).res.headers.get('x-page-cache')).toBe('hit');
    const reload = await storefront(`${SHOP}${path}`, { headers: { 'cache-control': 'no-cache' } }, CACHE_ON);
    await reload.text();
    expect(reload.headers.get('x-page-cache')).toBe('miss');
    expect(calls(reload)).toBe(1);
    expect((await view(path)).res.headers.get('x-page-cache')).toBe('hit');
  });

  it('shows a price changed in the back office on the next view, not after the TTL', async () => {
    const path = '/products/alpha-vitamin-d3-1000?view=price';
    await view(path);
    expect((await view(path)).res.headers.get('x-page-cache')).toBe('hit');
    const saved = await staffPost(
      '/catalogue/skus/101',
      { product_id: '1', price: '4.125', old_price: '', buy_limit: '', stock: '50', stock_seen: '50', reason: '' },
      staff,
    );
    expect(saved.status).toBe(303);
    const after = await view(path);
    expect(after.res.headers.get('x-page-cache')).toBe('miss');
    expect(after.html).toContain('4.125');
    expect((await view(path)).res.headers.get('x-page-cache')).toBe('hit');
  });
});
