// Her parts kept at the edge for her alone (decision 76's amendment "her parts kept for her"): a repeat
// view of her kept page with a fresh pass makes no trip to the API; the fill is never another shopper's,
// whatever cookie travels (her version alone unlocks nothing: her id comes from her verified pass); a
// write of hers through /api that may change her parts, or a product view her trip records, makes her next
// view ask again, what changes nothing of them (a listing, her cart's copy) does not; an ended
// session shows nothing of her; a fill that failed is never kept.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { HER_FILL_TTL_S, keepFill, keptFill } from '#worker/render/her-fill-cache';
import { cookiesFrom, envelope, registerShopper, storefront, stubApi, withAnswer } from './helpers';

const CACHE_ON = { PAGE_CACHE_TTL_S: '300' };

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

/** A view as her browser makes it: the page, whether her fill came from the edge, its API calls. */
async function view(cookie: string, path: string, overrides = {}) {
  const res = await storefront(path, { headers: { cookie } }, { ...CACHE_ON, ...overrides });
  const html = await res.text();
  const calls = Number(/<!--trips api_calls=(\d+)/.exec(html)?.[1] ?? NaN);
  return { res, html, calls, fill: res.headers.get('x-her-fill'), cookie: withAnswer(cookie, res) };
}

/** A signed-in shopper with a fresh pass and her version, after one view of a product. */
async function shopper(name: string, viewed: string): Promise<string> {
  const device = cookiesFrom(await storefront('/api/country'));
  const cookie = await registerShopper(`fill-${crypto.randomUUID()}@example.com`, device, name);
  const first = await view(cookie, `/products/${viewed}`);
  expect(first.cookie).toMatch(/(^|; )hp=/);
  expect(first.cookie).toMatch(/(^|; )hv=[\w-]{16}(;|$)/);
  return first.cookie;
}

/** A call her browser makes through the proxy (same site, JSON). */
const post = (cookie: string, path: string, body: unknown) =>
  storefront(path, {
    method: 'POST',
    headers: { cookie, origin: 'http://shop.test', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Her home sections as her fill brought them. */
const forYou = (html: string) => /<template data-her-fill="for-you">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';

const pair = (cookie: string, name: string) => cookie.split('; ').find((p) => p.startsWith(`${name}=`))!;

describe('her parts kept at the edge', () => {
  it('serves a repeat view without a trip, to her alone: another shopper with her version cookie gets her own', async () => {
    const samira = await shopper('Samira Keptfill', 'gamma-vitamin-c-1000');
    const dalal = await shopper('Dalal Otherfill', 'beta-whey-protein-chocolate');
    const first = await view(samira, '/');
    expect(first.fill).toBe('miss');
    // Her parts' trip (and the kept copy's render, the first time the suite asks for it).
    expect(first.calls).toBeGreaterThan(0);
    const again = await view(first.cookie, '/');
    expect(again.res.headers.get('x-her-page')).toBe('kept');
    expect(again.fill).toBe('hit');
    expect(again.calls).toBe(0);
    expect(again.html).toContain('Samira Keptfill');
    expect(again.html).toMatch(/data-suggestion="recently-viewed"[\s\S]*Vitamin C 1000 mg/);
    // Dalal's browser with Samira's version cookie: her own pass names her, so nothing of Samira's.
    const borrowed = dalal.replace(pair(dalal, 'hv'), pair(first.cookie, 'hv'));
    const hers = await view(borrowed, '/');
    expect(hers.res.headers.get('x-her-page')).toBe('kept');
    expect(hers.fill).toBe('miss');
    expect(hers.html).toContain('Dalal Otherfill');
    expect(forYou(hers.html)).toContain('Whey Protein Chocolate');
    expect(forYou(hers.html)).not.toContain('Vitamin C');
    expect(hers.html).not.toContain('Samira');
    // And her details cookie claiming Samira beside it: the pass does not vouch for that id, the API is
    // asked who she is (Dalal), and still nothing of Samira's.
    const claimed = borrowed.replace(pair(borrowed, 'usr'), pair(first.cookie, 'usr'));
    const asked = await view(claimed, '/');
    expect(asked.res.headers.get('x-her-page')).toBe('checked');
    expect(asked.html).not.toContain('Samira');
    expect(asked.html).toContain('Dalal Otherfill');
    // Samira's own next view still hits her own fill.
    const mine = await view(first.cookie, '/');
    expect(mine.fill).toBe('hit');
    expect(mine.html).toContain('Samira Keptfill');
  });

  it('asks again after a write of hers that may change her parts and after a product view, not after her cart’s copy or a reload', async () => {
    let rana = await shopper('Rana Writes', 'gamma-vitamin-c-1000');
    for (const expected of ['miss', 'hit']) {
      const home = await view(rana, '/');
      expect(home.fill).toBe(expected);
      rana = home.cookie;
    }
    // What her browser sends while she browses that changes nothing her parts show (her-version.ts): a
    // listing read as a POST, her cart's copy kept for reminders. Her next view is still a repeat view.
    for (const [path, body] of [
      ['/api/product', {}],
      ['/api/cart/saved', { items: [{ sku_id: 401, count: 2 }] }],
    ] as const) {
      const sent = await post(rana, path, body);
      expect(sent.status, path).toBe(200);
      rana = withAnswer(rana, sent);
    }
    const unchanged = await view(rana, '/');
    expect(unchanged.fill).toBe('hit');
    expect(unchanged.calls).toBe(0);
    rana = unchanged.cookie;
    // Her browser joins views made before she signed in to her account: a write, through the proxy.
    const joined = await post(rana, '/api/viewed', { ids: [3] });
    expect(joined.status).toBe(200);
    rana = withAnswer(rana, joined);
    const after = await view(rana, '/');
    expect(after.fill).toBe('miss');
    expect(after.html).toMatch(/data-suggestion="recently-viewed"[\s\S]*Magnesium Glycinate/);
    rana = after.cookie;
    // A product view is recorded by her trip, which renews her version, so a product page keeps no fill
    // (only a reload could read it): a reload asks again, and her home asks again, with the product in
    // her recently viewed.
    const product = await view(rana, '/products/beta-whey-protein-chocolate');
    expect(product.fill).toBe('miss');
    expect(product.calls).toBe(1);
    const added = await post(product.cookie, '/api/cart/saved', { items: [{ sku_id: 501, count: 1 }] });
    expect(added.status).toBe(200);
    const reload = await view(withAnswer(product.cookie, added), '/products/beta-whey-protein-chocolate');
    expect(reload.fill).toBe('miss');
    expect(reload.calls).toBe(1);
    expect(reload.html).toContain('Rana Writes');
    const home = await view(reload.cookie, '/');
    expect(home.fill).toBe('miss');
    expect(home.html).toMatch(/data-suggestion="recently-viewed"[\s\S]*Whey Protein Chocolate/);
  });

  it('shows nothing of her once her session ended, though her fill is kept', async () => {
    let huda = await shopper('Huda Signedout', 'gamma-vitamin-c-1000');
    for (const expected of ['miss', 'hit']) {
      const home = await view(huda, '/');
      expect(home.fill).toBe(expected);
      huda = home.cookie;
    }
    // She signs out in another tab; this one keeps its cookies, her pass and version included.
    const out = await post(huda, '/api/user/logout', {});
    expect(out.status).toBe(200);
    const ended = await view(huda, '/');
    expect(ended.res.headers.get('x-her-page')).toBeNull();
    expect(ended.html).not.toContain('Huda Signedout');
    expect(ended.html).not.toContain('data-her-fill');
    expect(ended.html).toContain('aria-label="Sign in"');
  });

  it('never keeps a fill whose trip failed', async () => {
    const lama = await shopper('Lama Failed', 'gamma-vitamin-c-1000');
    // The kept copy of her home is warm (this view made it): below, only her parts' trip meets the API.
    expect((await view(lama, '/')).fill).toBe('miss');
    // Her browser without its version (say, a cookie it lost): this view starts a new one, and its trip
    // finds the API down. Her page says her parts could not load; nothing is kept under the new version.
    const down = stubApi(() => envelope(null, 503, 'service_busy'));
    const failed = await view(lama.replace(/; hv=[^;]+/, ''), '/', { API: down.fetcher });
    expect(failed.res.status).toBe(200);
    expect(failed.fill).toBe('miss');
    expect(failed.html).toContain('"state":"failed"');
    expect(failed.cookie).toMatch(/(^|; )hv=[\w-]{16}(;|$)/);
    expect(pair(failed.cookie, 'hv')).not.toBe(pair(lama, 'hv'));
    const back = await view(failed.cookie, '/');
    expect(back.fill).toBe('miss');
    expect(back.html).toContain('Lama Failed');
    expect(back.html).not.toContain('"state":"failed"');
    // That whole fill is kept: with the API down again, her next view still has her parts.
    const kept = await view(back.cookie, '/', { API: down.fetcher });
    expect(kept.fill).toBe('hit');
    expect(kept.html).toContain('"state":"here"');
  });

  it('reads a kept fill for its time only, with the view’s own nonce', async () => {
    const now = Date.now();
    const c = (nonce: string) =>
      ({ var: { nonce }, req: { header: () => undefined } }) as unknown as Parameters<typeof keptFill>[0];
    const key = `http://shop.test/__her/test/${crypto.randomUUID()}/`;
    await keepFill(c('n0nce-of-the-first'), key, '<script nonce="n0nce-of-the-first">x</script>', now);
    expect(await keptFill(c('second-view'), key, now + 1000)).toBe('<script nonce="second-view">x</script>');
    expect(await keptFill(c('late-view'), key, now + HER_FILL_TTL_S * 1000)).toBeNull();
  });
});
