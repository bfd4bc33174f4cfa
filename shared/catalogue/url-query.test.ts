import { describe, expect, it } from 'vitest';
import { listingFromSearchParams, searchParamsFromListing, withoutUnknownIds } from './url-query';

describe('listing URL', () => {
  it('reads filters, sort, search and page from the URL', () => {
    const s = listingFromSearchParams(
      new URLSearchParams(
        'q=zinc&category=1,2&brand=3&attr=5,4&price=0-25&available=1&free=1&sale=1&sort=price-asc&page=2',
      ),
    );
    expect(s.page).toBe(2);
    expect(s.query.search).toBe('zinc');
    expect(s.query.sort).toEqual({ key: 'price', value: 'asc' });
    expect(s.query.filters).toEqual([
      { key: 'category_id', type: 'multiSelect', items: [1, 2] },
      { key: 'brand_id', type: 'multiSelect', items: [3] },
      { key: 'attributes_id', type: 'multiSelect', items_operation: 'or', items: [5, 4] },
      { key: 'sku_price', type: 'range', range: { min: 0, max: 25 } },
      { key: 'only_available', type: 'boolean', value: true },
      { key: 'free_delivery', type: 'boolean', value: true },
      { key: 'on_sale', type: 'boolean', value: true },
    ]);
  });

  it('round-trips through the URL', () => {
    const url = 'q=omega&category=4&attr=1&price=10-&sort=newest-desc&page=3';
    expect(searchParamsFromListing(listingFromSearchParams(new URLSearchParams(url))).toString()).toBe(
      new URLSearchParams('q=omega&category=4&attr=1&price=10-&sort=newest-desc&page=3').toString(),
    );
  });

  it('ignores junk instead of failing', () => {
    const s = listingFromSearchParams(new URLSearchParams('category=a,-1,2&price=9-1&sort=colour-up&page=-4'));
    expect(s.query.filters).toEqual([{ key: 'category_id', type: 'multiSelect', items: [2] }]);
    expect(s.query.sort).toBeUndefined();
    expect(s.page).toBe(1);
  });

  it('drops ids the API could not take (beyond safe integers) instead of failing the page', () => {
    for (const key of ['category', 'brand', 'attr']) {
      const s = listingFromSearchParams(new URLSearchParams(`${key}=99999999999999999999,9007199254740993,7`));
      expect(s.query.filters[0]?.items, key).toEqual([7]);
    }
  });

  it('drops the ids that name nothing, a filter left empty, and goes back to the first page', () => {
    const state = listingFromSearchParams(new URLSearchParams('category=1,999&brand=999&attr=6,998&sale=1&page=3'));
    const clean = withoutUnknownIds(state, { category: [1], brand: [], attr: [6] })!;
    expect(searchParamsFromListing(clean).toString()).toBe('category=1&attr=6&sale=1');
    expect(
      withoutUnknownIds(listingFromSearchParams(new URLSearchParams('brand=2&page=2')), {
        category: [],
        brand: [2],
        attr: [],
      }),
    ).toBeNull();
  });
});
