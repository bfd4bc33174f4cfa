// The shell first when the data is far (decision 41): a returning guest's page whose calls take a long
// haul to the API sends the header, the search box and a skeleton at once, then the page and its
// hydration data in the same document. A page its data reaches quickly, every crawler, and every view
// whose answers may set cookies (a first visit's device, a signed-in shopper's session) get the whole
// document as before, with its status and its cookies.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import app from '#worker/index';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, setCookie, storefront } from './helpers';

/** A returning guest: the device an earlier visit registered. */
let guest = '';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  guest = cookiesFrom(await storefront('/api/country'));
});
afterEach(() => vi.restoreAllMocks());

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141 Mobile Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
// Longer than a real long haul (about 120 ms): on a busy two-core machine (npm test runs the e2e stories
// beside these tests) a shell took more than a second to leave, and only the order matters.
const RTT_MS = 2000;

/**
 * A page view whose calls each wait RTT_MS, read as it arrives: what came before the long haul could
 * have come back (the shell, if any), when its first byte came, and the whole document.
 */
async function farView(path: string, { userAgent = BROWSER, cookie = guest } = {}) {
  const ctx = createExecutionContext();
  const started = Date.now();
  const request = new Request(new URL(path, 'http://shop.test'), {
    headers: { 'user-agent': userAgent, 'x-simulate-rtt': `api=${RTT_MS}`, cookie },
  });
  // The suite renders pages whole (vitest.config.ts); these views run with the shop's own setting.
  const res = await app.fetch(
    request as unknown as Parameters<typeof app.fetch>[0],
    { ...env, SHELL_FIRST_AFTER_MS: '30' },
    ctx,
  );
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let firstAt = -1;
  let early = '';
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const at = Date.now() - started;
    if (firstAt < 0) firstAt = at;
    const text = decoder.decode(value, { stream: true });
    if (at < RTT_MS) early += text;
    html += text;
  }
  await waitOnExecutionContext(ctx);
  return { res, early, firstAt, html };
}

/** The hydration data of a document, wherever its script is. */
function hydrationOf(html: string) {
  const json = /window\.__staticRouterHydrationData=(\{.*?\});window\.__BOOT__=/.exec(html)?.[1];
  return json
    ? (JSON.parse(json) as { loaderData: Record<string, unknown>; errors: Record<string, unknown> | null })
    : null;
}

// Each far view waits RTT_MS at least: 30 s a test, whatever runs beside it.
describe('shell first when the data is far', { timeout: 30_000 }, () => {
  it('sends the header, the search box and a skeleton before the data, then the page, in English and Arabic', async () => {
    for (const path of ['/products?category=1', '/ar/products?category=1', '/ar/products/alpha-vitamin-d3-1000', '/']) {
      const view = await farView(path);
      expect(view.res.status, path).toBe(200);
      // The shell left before the long haul came back, within the first 14 kB (one round of TCP's first window).
      expect(view.firstAt, path).toBeLessThan(RTT_MS);
      const shell = view.early;
      expect(shell.length, path).toBeLessThan(14_000);
      expect(shell.indexOf('class="site-header"'), path).toBeGreaterThan(-1);
      expect(shell.indexOf('type="search"'), path).toBeGreaterThan(-1);
      expect(shell.indexOf('class="page-skeleton"'), path).toBeGreaterThan(-1);
      expect(shell, path).not.toContain('window.__staticRouterHydrationData');
      expect(shell, path).not.toContain('data-testid="product-card"');
      // Then the page itself, and its data for the browser in the document's last script.
      expect(view.html, path).toContain(
        path.includes('/products/') ? 'data-testid="stock"' : 'data-testid="product-card"',
      );
      expect(view.html, path).toMatch(
        /window\.__BOOT__=.*<\/script><!--trips api_calls=1 api_steps=1 d1_queries=\d+ d1_roundtrips=\d+-->$/,
      );
      const hydration = hydrationOf(view.html)!;
      expect(Object.keys(hydration.loaderData).length, path).toBeGreaterThan(0);
      expect(hydration.errors, path).toBeNull();
      const boot = JSON.parse(/window\.__BOOT__=(\{.*\});<\/script>/.exec(view.html)![1]!);
      // The prices' country list travelled with the page's data and reaches the browser with it.
      expect(boot.fallback['/country'].items.length, path).toBeGreaterThan(0);
      expect(boot.lang, path).toBe(path.startsWith('/ar') ? 'ar' : 'en');
    }
    // Four long hauls one after another.
  });

  it('sends the cart shell first too when only its prices are far', async () => {
    for (const path of ['/cart', '/ar/cart']) {
      // A session of its own, whose country list the KV cache has not kept yet.
      const view = await farView(path, { cookie: cookiesFrom(await storefront('/api/product/filter-sort')) });
      expect(view.res.status, path).toBe(200);
      expect(view.early, path).toContain('class="page-skeleton"');
      expect(view.early, path).not.toContain('class="page-title"');
      expect(view.html, path).toContain('class="page-title"');
      const boot = JSON.parse(/window\.__BOOT__=(\{.*\});<\/script>/.exec(view.html)![1]!);
      expect(boot.shellFirst, path).toBe(true);
      expect(boot.fallback['/country'].items.length, path).toBeGreaterThan(0);
    }
  });

  it('sends the whole document, with its cookies, when an answer may set one: a first visit, a signed-in shopper', async () => {
    // A first visit: the device registered in the page's call is stored by the response's headers.
    const first = await farView('/ar/products?category=1', { cookie: '' });
    expect(first.html).not.toContain('class="page-skeleton"');
    expect(first.html).toContain('data-testid="product-card"');
    expect(setCookie(first.res, 'dtk')).toMatch(/^dtk=dv1\./);
    // A signed-in shopper whose session has ended is signed out by the response's headers.
    const registered = await storefront('/api/user/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: guest },
      body: JSON.stringify({ name: 'Sara Shopper', email: `far-${Date.now()}@example.com`, password: 'secret1' }),
    });
    expect(registered.status).toBe(200);
    const signedIn = `${guest}; ${cookiesFrom(registered)}`;
    const page = await farView('/ar/products?category=1', { cookie: signedIn });
    expect(page.html).not.toContain('class="page-skeleton"');
    expect(page.html).toContain('data-testid="product-card"');
  });

  it('reports nothing when the shopper leaves while the page is still on its way', async () => {
    const errors = vi.spyOn(console, 'error');
    const ctx = createExecutionContext();
    const request = new Request(new URL('/ar/products?category=1&left=1', 'http://shop.test'), {
      headers: { 'user-agent': BROWSER, 'x-simulate-rtt': `api=${RTT_MS}`, cookie: guest },
    });
    const res = await app.fetch(
      request as unknown as Parameters<typeof app.fetch>[0],
      { ...env, SHELL_FIRST_AFTER_MS: '30' },
      ctx,
    );
    const reader = res.body!.getReader();
    let shell = '';
    while (!shell.includes('class="page-skeleton"')) shell += new TextDecoder().decode((await reader.read()).value);
    // She goes elsewhere before the data comes back.
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, RTT_MS + 200));
    await waitOnExecutionContext(ctx);
    expect(
      errors.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('storefront error')),
    ).toEqual([]);
  });

  it('sends the whole document as before when the data is near', async () => {
    const res = await storefront(
      '/ar/products?category=1',
      { headers: { 'user-agent': BROWSER } },
      { SHELL_FIRST_AFTER_MS: '30' },
    );
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).not.toContain('class="page-skeleton"');
    // The data comes before the entry script, as it always did.
    expect(html.indexOf('window.__staticRouterHydrationData')).toBeLessThan(html.indexOf('type="module"'));
  });

  it('gives a crawler the whole document with its status, however far the data', async () => {
    const found = await farView('/ar/products/alpha-vitamin-d3-1000', { userAgent: CRAWLER });
    expect(found.res.status).toBe(200);
    expect(found.html).not.toContain('class="page-skeleton"');
    expect(found.html).toContain('data-testid="stock"');
    const missing = await farView('/products/no-such-product', { userAgent: CRAWLER });
    expect(missing.res.status).toBe(404);
    // A long page too is in place, not moved to the end behind a script that a crawler does not run.
    const terms = await farView('/ar/terms', { userAgent: CRAWLER });
    expect(terms.html).not.toContain('<div hidden id="S:');
  });

  it('shows a missing product as not found in the page, kept by no cache, with the error for the browser', async () => {
    const view = await farView('/ar/products/no-such-product');
    // The shell went out as 200 before the API said 404; the page says so and asks not to be indexed.
    expect(view.res.status).toBe(200);
    expect(view.early).toContain('class="page-skeleton"');
    expect(view.html).toContain('data-testid="not-found"');
    expect(view.html).toContain('<meta name="robots" content="noindex"/>');
    const hydration = hydrationOf(view.html)!;
    expect(hydration.errors).toEqual({ ar: expect.objectContaining({ status: 404, __type: 'RouteErrorResponse' }) });
    expect(hydration.loaderData).not.toHaveProperty('ar:product');
  });

  it('sends the browser on when the page turns out to be a redirect', async () => {
    const view = await farView('/ar/products?category=999&brand=1');
    expect(view.early).toContain('class="page-skeleton"');
    expect(view.html).not.toContain('window.__staticRouterHydrationData');
    expect(view.html).toMatch(
      /<script nonce="[^"]+">location\.replace\("\/ar\/products\?brand=1"\);<\/script><!--trips /,
    );
  });
});
