// A signed-in shopper's kept page (issue 76, decision 76): the kept copy of her country and language
// with her places neutral, her parts streamed into it after one trip. The kept copy, read back from the
// edge's cache store, holds nothing of either of two shoppers; each response holds only her own; her
// session is decided before the first byte (a forged or missing pass asks the API, an ended session
// gets the guest page with its cookies cleared, or nothing of hers where her trip asks the API as her:
// decision 83); the API down leaves her page usable and says so.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { keepPage } from '#worker/render/page-cache';
import { sessionsEndedKey } from '#shared/session-ended';
import {
  cookiesFrom,
  envelope,
  registerShopper,
  registerWithId,
  shopperAfterViews,
  storefront,
  stubApi,
  withAnswer,
} from './helpers';

const CACHE_ON = { PAGE_CACHE_TTL_S: '300' };

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

/** A shopper who viewed one product. */
const shopper = (name: string, viewed: string) => shopperAfterViews(name, [`/products/${viewed}`]);

/** Her subscription to a size (sku 101, 102: the fixture's Vitamin D3), with the address it delivers to. */
async function subscribe(name: string, sku: number, every: string, next: string): Promise<void> {
  const user = await env.API_DB.prepare('SELECT id FROM users WHERE name = ?').bind(name).first<{ id: number }>();
  const address = await env.API_DB.prepare(
    "INSERT INTO addresses (user_id, country, recipient, phone, area_id, block, street, building, created_at) VALUES (?, 'KW', ?, '98765432', 26, '3', '12', '7', 0) RETURNING id",
  )
    .bind(user!.id, name)
    .first<{ id: number }>();
  await env.API_DB.prepare(
    `INSERT INTO subscriptions (user_id, country, lang, sku_id, product_id, count, every, address_id, pay_by, status, next_date, created_at, updated_at)
     VALUES (?, 'KW', 'en', ?, 1, 3, ?, ?, 'wallet', 'active', ?, 0, 0)`,
  )
    .bind(user!.id, sku, every, address!.id, next)
    .run();
}

/** Her cookies on another device of hers: signed in there with her e-mail and password. */
async function signInElsewhere(email: string): Promise<string> {
  const device = cookiesFrom(await storefront('/api/country'));
  const res = await storefront('/api/user/login', {
    method: 'POST',
    headers: { cookie: device, origin: 'http://shop.test', 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret1' }),
  });
  expect(res.status).toBe(200);
  return `${device}; ${cookiesFrom(res)}`;
}

/** A view of a product page, whose answer writes her session pass: her cookies after it. */
async function withPass(cookie: string): Promise<string> {
  const res = await storefront('/products/gamma-vitamin-c-1000', { headers: { cookie } }, CACHE_ON);
  await res.text();
  return withAnswer(cookie, res);
}

/** The build id the tests' workers are built with (vitest.config.ts's build flags). */
declare const __BUILD_ID__: string;

/** Every kept copy of this page in the edge's cache store, as stored (guests' and signed-in shoppers'). */
async function keptEntries(path: string, country = 'KW', kinds = ['', '/her']): Promise<Response[]> {
  const cache = (caches as unknown as { default: Cache }).default;
  const found: Response[] = [];
  for (const kind of kinds) {
    const hit = await cache.match(new Request(`http://shop.test/__page/${__BUILD_ID__}/${country}${kind}${path}`));
    if (hit) found.push(hit);
  }
  return found;
}

/** The kept copies' bytes. */
const keptCopies = async (path: string): Promise<string[]> =>
  Promise.all((await keptEntries(path)).map((hit) => hit.text()));

describe('her kept page', () => {
  it('streams her name, her sections and only hers into the kept copy, which holds no one', async () => {
    const zainab = await shopper('Zainab Qabbani', 'gamma-vitamin-c-1000');
    const lulwa = await shopper('Lulwa Ferdowsi', 'alpha-vitamin-d3-1000');
    // Each subscribes to a size of the product page below, her own way.
    await subscribe('Zainab Qabbani', 101, '2m', '2026-12-20');
    await subscribe('Lulwa Ferdowsi', 102, '45d', '2026-12-07');
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
    // Her subscriptions to the product come with her parts (for the subscribe-and-save choice): hers only.
    const product = '/products/alpha-vitamin-d3-1000';
    const zProduct = await (await storefront(product, { headers: { cookie: zainab } }, CACHE_ON)).text();
    const lProduct = await (await storefront(product, { headers: { cookie: lulwa } }, CACHE_ON)).text();
    const mine = (html: string) => /window\.__HER__=(\{.*?\});var b=/.exec(html)?.[1] ?? '{}';
    expect(JSON.parse(mine(zProduct)).subscribed).toEqual([
      { sku_id: 101, every: '2m', count: 3, next_date: '2026-12-20', status: 'active' },
    ]);
    expect(JSON.parse(mine(lProduct)).subscribed).toEqual([
      { sku_id: 102, every: '45d', count: 3, next_date: '2026-12-07', status: 'active' },
    ]);
    expect(zProduct).not.toContain('2026-12-07');
    expect(lProduct).not.toContain('2026-12-20');
    // What she viewed comes with them too, for "more to see" below the product (no call of its own):
    // Zainab's Vitamin C; Lulwa viewed only this product, which is never listed on its own page.
    expect(JSON.parse(mine(zProduct)).viewed.map((card: { slug: string }) => card.slug)).toEqual([
      'gamma-vitamin-c-1000',
    ]);
    expect(JSON.parse(mine(lProduct)).viewed).toEqual([]);
    // Her sections on her home page: what she viewed, and not what the other viewed.
    const home = await (await storefront('/', { headers: { cookie: zainab } }, CACHE_ON)).text();
    expect(home).toMatch(/data-suggestion="recently-viewed"[\s\S]*Vitamin C 1000 mg/);
    // Her place waits in the kept copy (what follows it shows with it: no layout shift); hers has come.
    expect(home).toMatch(/<div class="her-slot" data-her="for-you" data-pending="true"><\/div>/);
    expect(/<template data-her-fill="for-you">([\s\S]*?)<\/template>/.exec(home)![1]).not.toContain('data-pending');
    // The second view of each page came from the kept copy; the store holds nothing of either.
    const second = await storefront('/', { headers: { cookie: lulwa } }, CACHE_ON);
    await second.text();
    expect(second.headers.get('x-page-cache')).toBe('hit');
    for (const path of ['/', '/ar', '/products/alpha-vitamin-d3-1000']) {
      const copies = await keptCopies(path);
      expect(copies.length, path).toBeGreaterThan(0);
      for (const copy of copies) {
        for (const personal of ['Zainab', 'Lulwa', 'recently-viewed', 'data-her-fill', '__HER__', '2026-12-'])
          expect(copy, `${path} ${personal}`).not.toContain(personal);
      }
    }
    // The product's copy holds the subscribe-and-save choice's place (its box reserved, app.css), empty:
    // the browser fills it once the page is live, with hers when she subscribes to the size.
    for (const copy of await keptCopies(product)) expect(copy).toMatch(/<div data-subscribe="[^"]*"><\/div>/);
  });

  it("gives a Saudi shopper her country's kept copy, in riyals, holding nothing of her", async () => {
    const device = cookiesFrom(await storefront('/api/country', { headers: { cookie: 'country=SA' } }));
    let sara = await registerShopper(`sa-${crypto.randomUUID()}@example.com`, `${device}; country=SA`, 'Sara Najdiyya');
    const path = '/ar/products/alpha-vitamin-d3-1000';
    const first = await storefront(path, { headers: { cookie: sara } }, CACHE_ON);
    await first.text();
    sara = withAnswer(sara, first);
    const res = await storefront(path, { headers: { cookie: sara } }, CACHE_ON);
    const html = await res.text();
    expect(res.headers.get('x-her-page')).toBe('kept');
    expect(html).toContain('Sara Najdiyya');
    // The product's own price in her country's currency (the country list names both currencies).
    expect(html).toMatch(/<bdi class="price-now">[^<]*\d\.\d\d\s*ر\.س<\/bdi>/);
    const [copy] = await keptEntries(path, 'SA', ['/her']);
    const bytes = await copy!.text();
    expect(bytes).toMatch(/<bdi class="price-now">[^<]*\d\.\d\d\s*ر\.س<\/bdi>/);
    for (const personal of ['Sara', 'data-her-fill', '__HER__']) expect(bytes, personal).not.toContain(personal);
  });

  it('costs at most 3 D1 round trips a view, her parts at most 12 statements, with the copy warm or cold', async () => {
    // The counts the page closes with (outside production): all of the view's calls, hers and the copy's.
    // A page rendered whole (a guest's) says them in its headers, which wait for its calls.
    const counts = async (res: Response) => {
      const trips = /<!--trips [^>]*d1_queries=(\d+) d1_roundtrips=(\d+)/.exec(await res.text());
      const queries = trips?.[1] ?? res.headers.get('x-d1-queries');
      const roundTrips = trips?.[2] ?? res.headers.get('x-d1-roundtrips');
      expect(queries, res.url).not.toBeNull();
      return { queries: Number(queries), trips: Number(roundTrips) };
    };
    const her = await shopperAfterViews('Ghada Counts', ['/products/gamma-vitamin-c-1000', '/']);
    const fresh = her.replace(/; hv=[^;]+/, '');
    const noPass = fresh.replace(/(^|; )hp=[^;]+/, '');
    const pages = ['/', '/products/alpha-vitamin-d3-1000', '/search?q=vitamin', '/products?category=1'];
    for (const [n, page] of pages.entries()) {
      for (const [how, cookie] of [
        ['pass', fresh],
        ['no pass', noPass],
      ] as const) {
        // A page of its own (a query the shop ignores): the first view makes its copy, the second reads it.
        const path = `${page}${page.includes('?') ? '&' : '?'}costs=${n}-${how === 'pass' ? 1 : 2}`;
        const guest = await counts(await storefront(`${path}-guest`, {}, CACHE_ON));
        const cold = await counts(await storefront(path, { headers: { cookie } }, CACHE_ON));
        const warm = await counts(await storefront(path, { headers: { cookie } }, CACHE_ON));
        const at = `${path} (${how})`;
        expect(cold.trips, `${at} cold`).toBeLessThanOrEqual(3);
        expect(warm.trips, `${at} warm`).toBeLessThanOrEqual(3);
        expect(warm.queries, `${at} warm`).toBeLessThanOrEqual(12);
        // A cold copy is a guest's first view of the page made beside hers: what it adds is hers alone.
        expect(cold.queries - guest.queries, `${at} cold`).toBeLessThanOrEqual(warm.queries);
      }
    }
  });

  it('decides her session before the first byte: a forged or borrowed pass asks the API, which renews it', async () => {
    const maha = await shopper('Maha Forged', 'gamma-vitamin-c-1000');
    const other = await shopper('Noor Borrowed', 'gamma-vitamin-c-1000');
    const passOf = (cookie: string) => cookie.split('; ').find((pair) => pair.startsWith('hp='))!;
    expect(passOf(maha)).toMatch(/^hp=\d+\.[\w-]{43}$/);
    const forged = passOf(maha).replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`);
    for (const pass of [forged, passOf(other)]) {
      const cookie = maha.replace(passOf(maha), pass);
      const res = await storefront('/products/alpha-vitamin-d3-1000', { headers: { cookie } }, CACHE_ON);
      const html = await res.text();
      expect(res.headers.get('x-her-page'), pass).toBe('checked');
      expect(html).toContain('Maha Forged');
      expect(html).not.toContain('Noor');
      // The API said who she is: a new pass of her own, in the headers.
      expect(passOf(withAnswer(cookie, res))).not.toBe(pass);
    }
  });

  it('ends an ended session, even with a pass made before it ended: the guest page where her pass alone would show her, nothing of hers where the API is asked', async () => {
    const email = `kept-${crypto.randomUUID()}@example.com`;
    const device = cookiesFrom(await storefront('/api/country'));
    const { cookie, id } = await registerWithId(email, device, 'Hind Ended');
    // Her pass, and her home's fill kept at the edge by her first view of it.
    const hind = await withPass(cookie);
    const first = await storefront('/ar', { headers: { cookie: hind } }, CACHE_ON);
    await first.text();
    const home = withAnswer(hind, first);
    const kept = await storefront('/ar', { headers: { cookie: home } }, CACHE_ON);
    expect(await kept.text()).toContain('Hind Ended');
    expect(kept.headers.get('x-her-fill')).toBe('hit');
    const out = await storefront('/api/user/logout', {
      method: 'POST',
      headers: { cookie: hind, origin: 'http://shop.test', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    // Her other tab still holds the old cookies, pass included: the API told the edge her sessions ended.
    // Where the pass's word alone would show her (her name on a listing, her fill kept at the edge), it
    // vouches for nothing; the API is asked, and she gets the guest page, her cookies cleared. So with no
    // pass at all.
    for (const [path, cookie] of [
      ['/ar/products', home],
      ['/ar', home],
      ['/ar', home.replace(/hp=[^;]+(; )?/, '')],
    ] as const) {
      const res = await storefront(path, { headers: { cookie } }, CACHE_ON);
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-her-page'), path).toBeNull();
      expect(html).not.toContain('Hind Ended');
      expect(html).toContain('aria-label="تسجيل الدخول"');
      const cleared = res.headers.getSetCookie().filter((line) => /max-age=0|expires=Thu, 01 Jan 1970/i.test(line));
      const pass = cookie.includes('hp=') ? ['hp'] : [];
      expect(cleared.map((line) => line.split('=')[0])).toEqual(expect.arrayContaining(['atk', 'user', ...pass]));
    }
    // A page that asks the API as her anyway (a product; her home with no fill of hers kept) is her kept
    // page at once, with no wait for the edge's record (decision 83): the API's answer ends her session,
    // nothing of hers is shown, and the browser ends it. So where the edge has not yet seen the record
    // (KV's spread, up to a minute).
    const unseen = home.replace(/(^|; )hv=[^;]*/, '');
    for (const [path, cookie] of [
      ['/ar/products/gamma-vitamin-c-1000', home],
      ['/', unseen],
    ] as const) {
      const res = await storefront(path, { headers: { cookie } }, CACHE_ON);
      const html = await res.text();
      expect(res.headers.get('x-her-page'), path).toBe('kept');
      expect(html, path).not.toContain('Hind Ended');
      expect(html, path).toContain('"ended":true');
    }
    await env.CACHE.delete(sessionsEndedKey(id));
    const res = await storefront('/ar/products/gamma-vitamin-c-1000', { headers: { cookie: home } }, CACHE_ON);
    expect(res.headers.get('x-her-page')).toBe('kept');
    expect(await res.text()).toContain('"ended":true');
  });

  it('ends her pass on her other device when her sessions end elsewhere, without a trip per view', async () => {
    const email = `kept-${crypto.randomUUID()}@example.com`;
    const phone = await withPass(
      await registerShopper(email, cookiesFrom(await storefront('/api/country')), 'Huda Elsewhere'),
    );
    const laptop = await withPass(await signInElsewhere(email));
    // A page whose only place is her account link: from the kept copy with her name, no call to the API.
    const before = await storefront('/products', { headers: { cookie: laptop } }, CACHE_ON);
    expect(await before.text()).toContain('Huda Elsewhere');
    expect(before.headers.get('x-her-page')).toBe('kept');
    // On her phone she changes her password: every other session of hers ends.
    const changed = await storefront('/api/user/profile/set-password', {
      method: 'POST',
      headers: { cookie: phone, origin: 'http://shop.test', 'content-type': 'application/json' },
      body: JSON.stringify({ old_password: 'secret1', new_password: 'secret2-longer' }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    // The laptop's pass, made before that, no longer sends her page: the guest's, her cookies cleared.
    const res = await storefront('/products', { headers: { cookie: laptop } }, CACHE_ON);
    const html = await res.text();
    expect(res.headers.get('x-her-page')).toBeNull();
    expect(html).not.toContain('Huda Elsewhere');
    expect(html).toContain('aria-label="Sign in"');
    expect(res.headers.getSetCookie().some((line) => /^atk=;|^atk=[^;]*;.*max-age=0/i.test(line))).toBe(true);
    // Her phone is still signed in: its pass is asked about once, and renewed.
    const mine = await storefront('/products', { headers: { cookie: phone } }, CACHE_ON);
    expect(await mine.text()).toContain('Huda Elsewhere');
    expect(mine.headers.get('x-her-page')).toBe('checked');
    const again = await storefront('/products', { headers: { cookie: withAnswer(phone, mine) } }, CACHE_ON);
    expect(await again.text()).toContain('Huda Elsewhere');
    expect(again.headers.get('x-her-page')).toBe('kept');
  });

  it('keeps her page usable and says her parts could not load when the API is down, never blank', async () => {
    const reem = await shopper('Reem Unreached', 'gamma-vitamin-c-1000');
    // The kept copy is warm (her first view above made it, and one more makes sure). That view is made
    // without her version: her fill is kept under the new one it sets, which the views below do not
    // carry, so they ask for her parts (her-fill-cache.test.ts: a kept fill is served with the API down).
    const warm = reem.replace(/; hv=[^;]+/, '');
    await (await storefront('/', { headers: { cookie: warm } }, CACHE_ON)).text();
    const down = stubApi(() => envelope(null, 503, 'service_busy'));
    for (const [path, failed] of [
      ['/', 'Your own picks could not load'],
      ['/ar', 'تعذّر تحميل اختياراتك الخاصة'],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: reem } }, { ...CACHE_ON, API: down.fetcher });
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-page-cache'), path).toBe('hit');
      // Said in her places, by her kept copy's own words (its boot data), not by the page's JavaScript.
      expect(html, path).toMatch(new RegExp(`<p class="her-part-failed" role="status">${failed}`));
      expect(html, path).toContain('class="home-section');
      expect(html, path).toContain('Reem Unreached');
    }
  });

  it('keeps none of the cookies its views set, in the stored headers or bytes', async () => {
    // A guest's first visit (no cookies at all) and her view without a pass (the API asked who she is:
    // her pass and details written), each the view that renders and keeps the page's copy.
    const noPass = (await shopper('Amal Cookies', 'gamma-vitamin-c-1000'))
      .replace(/(^|; )hp=[^;]+/, '')
      .replace(/; hv=[^;]+/, '');
    const views = [
      { path: '/ar/products/beta-omega-3-fish-oil', cookie: '' },
      { path: '/ar/products/alpha-vitamin-d3-1000', cookie: noPass },
    ];
    for (const { path, cookie } of views) {
      const res = await storefront(path, { headers: { cookie } }, CACHE_ON);
      const html = await res.text();
      expect(res.status, path).toBe(200);
      const set = res.headers.getSetCookie();
      expect(set.length, path).toBeGreaterThan(0);
      if (cookie) expect(html, path).toContain('Amal Cookies');
      const stored = await keptEntries(path);
      expect(stored.length, path).toBeGreaterThan(0);
      for (const hit of stored) {
        expect(hit.headers.get('set-cookie'), path).toBeNull();
        const bytes = await hit.text();
        for (const line of set) {
          const value = decodeURIComponent(line.split(';')[0]!.split('=').slice(1).join('='));
          if (value.length >= 8) expect(bytes, `${path} ${line.split('=')[0]}`).not.toContain(value);
        }
        expect(bytes, path).not.toContain('Amal');
      }
    }
  });

  it("says her parts could not load when the API is too slow, at her parts' deadline, with the page whole", async () => {
    const sahar = await shopper('Sahar Waiting', 'gamma-vitamin-c-1000');
    const product = '/ar/products/alpha-vitamin-d3-1000';
    await (await storefront(product, { headers: { cookie: sahar } }, CACHE_ON)).text();
    const late = <T>(answer: () => T) => new Promise<T>((done) => setTimeout(() => done(answer()), 4_000));
    const api = env.API as unknown as Fetcher;
    // The API answering after 4 s: by its door's method (her pass fresh), and over HTTP (without the door).
    const slowDoor = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => api.fetch(new Request(input as RequestInfo, init)),
      herParts: () => late(() => ({ status: 503, key: 'service_busy' })),
      connect() {
        throw new Error('not supported');
      },
    } as unknown as Fetcher;
    const slowHttp = stubApi(() => late(() => envelope(null, 503, 'service_busy'))).fetcher;
    for (const [how, API] of [
      ['door', slowDoor],
      ['http', slowHttp],
    ] as const) {
      const started = Date.now();
      const res = await storefront(product, { headers: { cookie: sahar } }, { ...CACHE_ON, API });
      const html = await res.text();
      const waited = Date.now() - started;
      // Her page waited for her parts until their 2.5 s deadline, not for the API's 4 s.
      expect(waited, how).toBeGreaterThanOrEqual(2_400);
      expect(waited, how).toBeLessThan(3_800);
      expect(res.status, how).toBe(200);
      expect(res.headers.get('x-page-cache'), how).toBe('hit');
      expect(html, how).toContain('Sahar Waiting');
      expect(html, how).toMatch(/<p class="her-part-failed" role="status">/);
      expect(html, how).toContain('"state":"failed"');
      expect(html, how).toContain('</html>');
    }
  }, 15_000);

  it('never keeps a copy that carries a personal part or a signed-in shopper', async () => {
    const cache = (caches as unknown as { default: Cache }).default;
    const page = (text: string) => new Response(text).body!;
    const base =
      '<!DOCTYPE html><html><body><main>kept</main><script>window.__BOOT__={"user":null,"lang":"en"}</script>';
    const tries = {
      fill: `${base}<template data-her-fill="account"><a aria-label="Account: Dana">x</a></template></body></html>`,
      data: `${base}<script>window.__HER__={"state":"here"}</script></body></html>`,
      user: '<html><body><script>window.__BOOT__={"user":{"id":7,"name":"Dana"}}</script></body></html>',
    };
    for (const [name, text] of Object.entries(tries)) {
      const key = new Request(`http://shop.test/__page/poison/KW/her/${name}`);
      await keepPage(300, key, 'v', 'nonce', page(text), () => true);
      expect(await cache.match(key), name).toBeUndefined();
    }
    const clean = new Request('http://shop.test/__page/poison/KW/her/clean');
    await keepPage(300, clean, 'v', 'nonce', page(`${base}</body></html>`), () => true);
    const kept = await cache.match(clean);
    expect(kept?.headers.get('set-cookie')).toBeNull();
    expect(await kept?.text()).toContain('<main>kept</main>');
  });
});
