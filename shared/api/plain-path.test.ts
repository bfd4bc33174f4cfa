// What the storefront sends to the API through its door is what the API reads (decision 78): a path that
// means another once decoded or resolved is neither bundled nor sent.
import { describe, expect, it } from 'vitest';
import { isBundleable } from './page-bundle';
import { isPlainPath } from './plain-path';

describe('a plain API path', () => {
  it('is what it says, whatever its query holds', () => {
    for (const path of [
      '/product/vitamin-d3/v2',
      '/product/%D9%81%D9%8A%D8%AA%D8%A7%D9%85%D9%8A%D9%86/v2',
      '/search?q=..%2F..%2Fstaff&page=2',
      '/homepage/v4?only=for_you',
    ])
      expect(isPlainPath(path), path).toBe(true);
  });

  it('is not a path that resolves or decodes to another', () => {
    for (const path of [
      '/product/../staff/orders',
      '/product/%2e%2e/staff/orders',
      '/product/%2E%2E%2Fstaff%2Forders',
      '/product/./v2',
      '//staff/orders',
      '/product\\..\\staff',
      '/product/%0a/v2',
      '/product/%zz/v2',
      'product/x',
    ])
      expect(isPlainPath(path), path).toBe(false);
  });
});

describe('a call that may travel in a bundle', () => {
  it('is a read the shopper may ask for, never the back office however its path is written', () => {
    expect(isBundleable({ method: 'GET', path: '/product/vitamin-d3/v2' })).toBe(true);
    for (const path of ['/staff/orders', '/%73taff/orders', '/product/../staff/orders', '/product/%2e%2e/dev/outbox'])
      expect(isBundleable({ method: 'GET', path }), path).toBe(false);
  });
});
