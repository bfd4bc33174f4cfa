// A signed-in shopper's kept page (issue 76, decision 76): the kept copy of her country and language
// with her places neutral, her parts streamed into it after one trip. The kept copy, read back from the
// edge's cache store, holds nothing of either of two shoppers; each response holds only her own; her
// session is decided before the first byte (a forged or missing pass asks the API, an ended session
// gets the guest page with its cookies cleared); the API down leaves her page usable and says so.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, envelope, registerShopper, storefront } from './helpers';

const CACHE_ON = { PAGE_CACHE_TTL_S: '300' };

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

/** Her cookie header with the Set-Cookie lines of an answer written over it (as a browser keeps them). */
function after(cookie: string, res: Response): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0]!, pair] as const),
  );
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const name = pair.split('=')[0]!;
    if (pair.endsWith('=') || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

async function shopper(name: string, viewed: string): Promise<string> {
  const device = cookiesFrom(await storefront('/api/country'));
  let cookie = await registerShopper(`kept-${crypto.randomUUID()}@example.com`, device, name);
  const first = await storefront(`/products/${viewed}`, { headers: { cookie } }, CACHE_ON);
  await first.text();
  cookie = after(cookie, first);
  return cookie;
}

/** Every kept copy of this page in the edge's cache store, as stored (guests' and signed-in shoppers'). */
async function keptCopies(path: string): Promise<string[]> {
  const cache = (caches as unknown as { default: Cache }).default;
  const found: string[] = [];
  for (const kind of ['', '/her']) {
    const hit = await cache.match(new Request(`http://shop.test/__page/${__BUILD_ID__}/KW${kind}${path}`));
    if (hit) found.push(await hit.text());
  }
  return found;
}

describe('her kept page', () => {
  it('streams her name, her sections and only hers into the kept copy, which holds no one', async () => {
    const zainab = await shopper('Zainab Qabbani', 'gamma-vitamin-c-1000');
    const lulwa = await shopper('Lulwa Ferdowsi', 'alpha-vitamin-d3-1000');
    for (const path of ['/', '/ar', '/products/alpha-vitamin-d3-1000']) {
      const z = await storefront(path, { headers: { cookie: zainab } }, CACHE_ON);
      const zHtml = await z.text();
      const l = await storefront(path, { headers: { cookie: lulwa } }, CACHE_ON);
      const lHtml = await l.text();
      expect(z.status, path).toBe(200);
      expect(z.headers.get('x-her-page'), path).toBe('kept');
      expect(zHtml, path).toContain('Zainab Qabbani');
      expect(zHtml, path).not.toContain('Lulwa');
      expect(lHtml, path).toContain('Lulwa Ferdowsi');
      expect(lHtml, path).not.toContain('Zainab');
      // No guest text for her: the kept copy's account place is neutral, never "Sign in".
      expect(zHtml, path).not.toMatch(/aria-label="(Sign in|تسجيل الدخول)"/);
    }
    // Her sections on her home page: what she viewed, and not what the other viewed.
    const home = await (await storefront('/', { headers: { cookie: zainab } }, CACHE_ON)).text();
    expect(home).toMatch(/data-suggestion="recently-viewed"[\s\S]*Vitamin C 1000 mg/);
    // The second view of each page came from the kept copy; the store holds nothing of either.
    const second = await storefront('/', { headers: { cookie: lulwa } }, CACHE_ON);
    await second.text();
    expect(second.headers.get('x-page-cache')).toBe('hit');
    for (const path of ['/', '/ar', '/products/alpha-vitamin-d3-1000']) {
      const copies = await keptCopies(path);
      expect(copies.length, path).toBeGreaterThan(0);
      for (const copy of copies) {
        for (const personal of ['Zainab', 'Lulwa', 'recently-viewed', 'data-her-fill', '__HER__'])
          expect(copy, `${path} ${personal}`).not.toContain(personal);
      }
    }
  });
});
