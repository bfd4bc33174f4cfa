// Read-your-writes on D1 replicas (decision 40): the storefront keeps the latest bookmark the API gave a
// shopper in an httpOnly cookie and sends it with her next call, page views included, so a replica
// that has not yet seen her cart, order or result never answers her.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { D1_BOOKMARK_HEADER, isBookmark } from '#shared/api/d1-bookmark';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, envelope, setCookie, storefront, stubApi } from './helpers';

const SHOP = 'http://shop.test';
const json = { 'content-type': 'application/json', origin: SHOP, 'x-requested-with': 'fetch' };
const bookmarkOf = (res: Response) => setCookie(res, 'd1b')?.split(';')[0]?.split('=')[1] ?? null;
const merge = (cookie: string, res: Response) => {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0], c]),
  );
  for (const c of cookiesFrom(res).split('; ').filter(Boolean)) jar.set(c.split('=')[0], c);
  return [...jar.values()].join('; ');
};

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

describe('read-your-writes across the session bookmark', () => {
  it('keeps the bookmark of her last write and her next page shows what she wrote', async () => {
    let cookie = cookiesFrom(await storefront(`${SHOP}/api/country`));
    const reg = await storefront(`${SHOP}/api/user/register`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ name: 'Dana', email: `dana-${crypto.randomUUID()}@example.com`, password: 'secret1' }),
    });
    expect(reg.status).toBe(200);
    cookie = merge(cookie, reg);
    const afterSignUp = bookmarkOf(reg);
    expect(isBookmark(afterSignUp)).toBe(true);
    expect(setCookie(reg, 'd1b')).toMatch(/HttpOnly/i);

    const added = await storefront(`${SHOP}/api/user/address/new`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({
        country: 'KW',
        recipient: 'Dana Home',
        phone: '98765432',
        area_id: 26,
        block: '7',
        street: '3',
        building: '9',
      }),
    });
    expect(added.status).toBe(200);
    const afterAddress = bookmarkOf(added)!;
    expect(afterAddress > afterSignUp!).toBe(true);
    cookie = merge(cookie, added);

    for (const path of ['/profile/addresses', '/ar/profile/addresses']) {
      const page = await storefront(`${SHOP}${path}`, { headers: { cookie } });
      expect(page.status, path).toBe(200);
      expect(await page.text()).toContain('Dana Home');
      // Nothing older than her write ever replaces it.
      const kept = bookmarkOf(page);
      if (kept) expect(kept >= afterAddress).toBe(true);
    }
  });

  it('sends the bookmark with every call of the page, and keeps the later of two answers', async () => {
    const older = `00000000-00000010-00000000-${'0'.repeat(32)}`;
    const newer = `00000000-00000020-00000000-${'0'.repeat(32)}`;
    // An API whose answer is of an older state than the cookie's (a replica answered): the cookie stays.
    const received: Request[] = [];
    const api = {
      async fetch(input: RequestInfo | URL, init?: RequestInit) {
        const request = new Request(input as RequestInfo, init);
        received.push(request);
        const { calls } = (await request.json()) as { calls: unknown[] };
        const answers = calls.map(() => ({
          status: 200,
          body: { data: { items: [] }, meta: { msg: 'ok', code: 200, msgType: 0 } },
        }));
        const res = envelope({ device_token: null, answers });
        res.headers.set(D1_BOOKMARK_HEADER, older);
        return res;
      },
    } as unknown as Fetcher;
    const res = await storefront(
      `${SHOP}/cart`,
      { headers: { cookie: `dtk=dv1.kept.token; d1b=${newer}` } },
      { API: api },
    );
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.get(D1_BOOKMARK_HEADER)).toBe(newer);
    expect(setCookie(res, 'd1b')).toBeUndefined();
    // A newer answer replaces it (another device: the first one's country list is in the KV cache now).
    const oldest = `00000000-00000001-00000000-${'0'.repeat(32)}`;
    const later = await storefront(
      `${SHOP}/cart`,
      { headers: { cookie: `dtk=dv1.other.token; d1b=${oldest}` } },
      { API: api },
    );
    expect(bookmarkOf(later)).toBe(older);
    // A malformed cookie is not sent on.
    const bad = stubApi(() => envelope({ items: [] }));
    await storefront(
      `${SHOP}/cart`,
      { headers: { cookie: 'dtk=dv1.third.token; d1b=garbage%0A' } },
      { API: bad.fetcher },
    );
    expect(bad.received[0]!.headers.get(D1_BOOKMARK_HEADER)).toBeNull();
  });
});
