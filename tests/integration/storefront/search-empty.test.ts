// A search that finds nothing: with no filter chosen it shows neither the filters nor the sort (they could
// only narrow nothing); when the shopper's filters caused the empty result they stay, with a way to
// clear them. In both languages.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { storefront } from './helpers';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

const html = async (path: string) => {
  const res = await storefront(path);
  expect(res.status, path).toBe(200);
  return res.text();
};

describe('a search without results', () => {
  it.each(['', '/ar'])('shows no filters and no sort when nothing is filtered (%s)', async (prefix) => {
    const page = await html(`${prefix}/search?q=qqxzvvqq`);
    expect(page).not.toContain('class="listing-filters"');
    expect(page).not.toContain('class="filter-panel"');
    expect(page).not.toContain('class="sort-select"');
    expect(page).not.toContain('filters-button');
    expect(page).not.toContain('data-testid="no-results-clear"');
  });

  it.each([
    ['', 'Clear the filters'],
    ['/ar', 'إزالة التصفية'],
  ])('keeps filters and sort, and offers to clear them, when filters emptied it (%s)', async (prefix, clear) => {
    // Results exist for the words; the price range leaves none.
    expect(await html(`${prefix}/search?q=vitamin`)).toContain('data-testid="product-card"');
    const page = await html(`${prefix}/search?q=vitamin&price=0-0.001`);
    // It says nothing matched here, not "check the spelling" over popular products: the words were fine.
    expect(page).toContain('data-testid="no-results"');
    expect(page).not.toContain('data-testid="search-fallback"');
    expect(page).toContain('class="listing-filters"');
    expect(page).toContain('class="sort-select"');
    expect(page).toMatch(new RegExp(`data-testid="no-results-clear"[^>]*>${clear}<`));
  });

  // Moved down from the e2e story in search.spec.ts (decision 70): the page is whole in its first HTML.
  it('offers popular products of the closest category once, with links to them, when the words find nothing', async () => {
    const page = await html(`/search?q=${encodeURIComponent('magnesium qqxq')}`);
    const fallback = page.slice(page.indexOf('data-testid="search-fallback"'));
    expect(page).toContain('data-testid="search-fallback"');
    expect(fallback).toMatch(/<h2[^>]*>Popular in [^<]+<\/h2>/);
    expect(page).not.toContain('data-testid="no-results"');
    expect(fallback).toMatch(/data-testid="product-card"[\s\S]*?href="\/products\/[a-z0-9-]+/);
  });

  it('shows filters and sort when there are results', async () => {
    const page = await html('/search?q=vitamin');
    expect(page).toContain('class="listing-filters"');
    expect(page).toContain('class="sort-select"');
  });
});
