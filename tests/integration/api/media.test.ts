// The media route serves only what the seed stored in R2 (WebP renditions and Open Graph PNGs) with
// its content type, a year of immutable caching and an ETag; it never draws art on a request.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, deviceToken, json } from './helpers';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { loadMediaFixture } from './media-fixture';

let token: string;
beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  await loadMediaFixture(env.MEDIA);
  token = await deviceToken();
});

describe('GET /media/*', () => {
  it('serves a stored WebP with its type, immutable caching and an ETag, and 304 when it matches', async () => {
    const res = await call('/media/products/alpha-vitamin-d3-1000/1-400.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP');
    const again = await call('/media/products/alpha-vitamin-d3-1000/1-400.webp', {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('serves the Open Graph PNG as image/png', async () => {
    const res = await call('/media/brands/alpha-labs-og.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer()).slice(1, 4)).toEqual(new TextEncoder().encode('PNG'));
  });

  it('answers 404 for anything not stored and stores nothing (no art drawn on request)', async () => {
    for (const key of [
      'products/alpha-vitamin-d3-1000/1.svg',
      'products/alpha-vitamin-d3-1000/2-400.webp',
      'brands/alpha-labs.svg',
      'nutritionists/noura.svg',
      'banners/1-ar.svg',
      'products/nope/1-400.webp',
      'products/ALPHA/1-400.webp',
      'x.exe',
      'products//alpha-400.webp',
    ]) {
      expect((await call(`/media/${key}`)).status, key).toBe(404);
      expect(await env.MEDIA.head(key), key).toBeNull();
    }
  });
});

describe('every image the catalogue API hands out is stored', () => {
  const urlsIn = (value: unknown): string[] => JSON.stringify(value).match(/\/media\/[^"\s,]+/g) ?? [];

  it('cards, product detail, brands, nutritionists and home banners (both languages) point at stored files', async () => {
    const answers = await Promise.all([
      call('/product', { body: JSON.stringify({}), token }),
      call('/product/alpha-vitamin-d3-1000/v2', { token }),
      call('/brand', { token }),
      call('/nutritionist', { token }),
      call('/homepage/v4', { token, headers: { lang: 'en' } }),
      call('/homepage/v4', { token, headers: { lang: 'ar' } }),
    ]);
    const urls = new Set((await Promise.all(answers.map((r) => json(r)))).flatMap((body) => urlsIn(body.data)));
    expect([...urls].some((u) => u.endsWith('.png'))).toBe(true);
    expect([...urls].some((u) => u.includes('/banners/1-ar-'))).toBe(true);
    for (const url of urls) {
      expect(url, url).toMatch(/\.(webp|png)$/);
      expect((await call(url)).status, url).toBe(200);
    }
  });

  it('gives a product image srcset widths, the size of its largest rendition and its PNG', async () => {
    const { data } = await json(await call('/product/beta-omega-3-fish-oil/v2', { token }));
    expect(data.images[0]).toEqual({
      url: '/media/products/beta-omega-3-fish-oil/1-800.webp',
      srcset:
        '/media/products/beta-omega-3-fish-oil/1-400.webp 400w, /media/products/beta-omega-3-fish-oil/1-800.webp 800w',
      og: '/media/products/beta-omega-3-fish-oil/1-og.png',
      alt: 'Omega-3 Fish Oil',
      width: 800,
      height: 800,
    });
  });
});
