import { describe, expect, it } from 'vitest';
import { cacheNames, PRECACHED_PAGES, staleCaches, swRoute, type SwRequest } from './routing';

const ORIGIN = 'https://shop.test';
const req = (path: string, over: Partial<SwRequest> = {}): SwRequest => ({
  method: 'GET',
  url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
  mode: 'cors',
  ...over,
});

describe('the service worker routing', () => {
  it('never answers /api requests, pages or not, reads or writes', () => {
    for (const r of [
      req('/api/cart'),
      req('/api/product/list?page=2'),
      req('/api'),
      req('/api/profile', { mode: 'navigate' }),
      req('/api/order/submit', { method: 'POST' }),
    ])
      expect(swRoute(r, ORIGIN)).toEqual({ kind: 'bypass' });
  });

  it('takes pages from the network, with the offline page of their language as the fallback', () => {
    expect(swRoute(req('/products/vitamin-d', { mode: 'navigate' }), ORIGIN)).toEqual({ kind: 'page', lang: 'en' });
    expect(swRoute(req('/', { mode: 'navigate' }), ORIGIN)).toEqual({ kind: 'page', lang: 'en' });
    expect(swRoute(req('/ar', { mode: 'navigate' }), ORIGIN)).toEqual({ kind: 'page', lang: 'ar' });
    expect(swRoute(req('/ar/profile/orders?x=1', { mode: 'navigate' }), ORIGIN)).toEqual({ kind: 'page', lang: 'ar' });
    // "/arabic" is an English address, not the Arabic segment.
    expect(swRoute(req('/arabic', { mode: 'navigate' }), ORIGIN)).toEqual({ kind: 'page', lang: 'en' });
  });

  it('serves hashed build files cache-first, and nothing else', () => {
    expect(swRoute(req('/assets/entry.client-XseHqgUs.js'), ORIGIN)).toEqual({ kind: 'asset' });
    expect(swRoute(req('/assets/app-Bx12.css'), ORIGIN)).toEqual({ kind: 'asset' });
    for (const path of ['/sw.js', '/manifest.webmanifest', '/ar/manifest.webmanifest', '/favicon.svg', '/media/1.webp'])
      expect(swRoute(req(path), ORIGIN), path).toEqual({ kind: 'bypass' });
  });

  it('leaves writes, partial requests and other origins alone', () => {
    expect(swRoute(req('/contact-us', { method: 'POST', mode: 'navigate' }), ORIGIN)).toEqual({ kind: 'bypass' });
    expect(swRoute(req('/assets/a-1.js', { range: 'bytes=0-10' }), ORIGIN)).toEqual({ kind: 'bypass' });
    expect(swRoute(req('https://other.test/assets/a-1.js'), ORIGIN)).toEqual({ kind: 'bypass' });
    expect(swRoute(req('https://other.test/', { mode: 'navigate' }), ORIGIN)).toEqual({ kind: 'bypass' });
  });

  it('names its caches by build and deletes only this site’s caches of other builds', () => {
    expect(cacheNames('abc')).toEqual({ pages: 'gv-pages-abc', assets: 'gv-assets-abc' });
    expect(
      staleCaches(['gv-pages-old', 'gv-assets-old', 'gv-pages-abc', 'gv-assets-abc', 'someone-else'], 'abc'),
    ).toEqual(['gv-pages-old', 'gv-assets-old']);
  });

  it('precaches the offline page in both languages', () => {
    expect(PRECACHED_PAGES).toEqual(['/offline', '/ar/offline']);
  });
});
