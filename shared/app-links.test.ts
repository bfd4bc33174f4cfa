import { describe, expect, it } from 'vitest';
import { matchesPattern, opensInApp, type AppAssociation } from './app-links';

const q = (s = '') => new URLSearchParams(s);

describe('app-link matcher', () => {
  it('matches exact paths only exactly (trailing slash tolerated)', () => {
    expect(matchesPattern('/cart', '/cart', q())).toBe(true);
    expect(matchesPattern('/cart', '/cart/', q())).toBe(true);
    expect(matchesPattern('/cart', '/cart/items', q())).toBe(false);
    expect(matchesPattern('/cart', '/carts', q())).toBe(false);
  });

  it('matches a prefix with a trailing wildcard', () => {
    expect(matchesPattern('/products/*', '/products/vitamin-d3', q())).toBe(true);
    expect(matchesPattern('/products/*', '/products/', q())).toBe(true);
    expect(matchesPattern('/products/*', '/products', q())).toBe(false);
    expect(matchesPattern('/products/*', '/brands/x', q())).toBe(false);
  });

  it('matches a path with a query parameter, any value or an exact one', () => {
    expect(matchesPattern('/nutritionist?id=*', '/nutritionist', q('id=4'))).toBe(true);
    expect(matchesPattern('/nutritionist?id=*', '/nutritionist', q('x=4'))).toBe(false);
    expect(matchesPattern('/search?q=vitamin', '/search', q('q=vitamin&page=2'))).toBe(true);
    expect(matchesPattern('/search?q=vitamin', '/search', q('q=zinc'))).toBe(false);
    expect(matchesPattern('/search?q=vitamin', '/other', q('q=vitamin'))).toBe(false);
  });

  it('answers from the association file', async () => {
    const file: AppAssociation = { applinks: { details: [{ appIDs: ['X.app'], paths: ['/products/*', '/quiz'] }] } };
    expect(await opensInApp('/products/a?x=1', async () => file)).toBe(true);
    expect(await opensInApp('/cart', async () => file)).toBe(false);
  });

  it('defaults to true when the file cannot be read', async () => {
    expect(await opensInApp('/cart', async () => Promise.reject(new Error('offline')))).toBe(true);
    expect(await opensInApp('/cart', async () => JSON.parse('not json'))).toBe(true);
  });
});
