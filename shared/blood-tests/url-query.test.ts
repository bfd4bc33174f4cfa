import { describe, expect, it } from 'vitest';
import { bloodTestApiQuery, bloodTestPageQuery, bloodTestQueryFromUrl } from './url-query';

describe('blood-test list URL', () => {
  it('reads the filters, sort and search from the URL', () => {
    const q = bloodTestQueryFromUrl(
      new URLSearchParams('category=thyroid&kind=panel&fasting=yes&max_price=20000&sort=price_asc&q=%20tsh%20'),
    );
    expect(q).toEqual({
      category: 'thyroid',
      kind: 'panel',
      fasting: 'yes',
      max_price: 20000,
      sort: 'price_asc',
      search: 'tsh',
    });
    expect(bloodTestApiQuery(q)).toBe(
      'category=thyroid&kind=panel&fasting=yes&max_price=20000&sort=price_asc&search=tsh',
    );
    expect(bloodTestPageQuery(q)).toBe('?category=thyroid&kind=panel&fasting=yes&max_price=20000&sort=price_asc&q=tsh');
  });

  it('drops values the API would refuse instead of failing the page', () => {
    const q = bloodTestQueryFromUrl(new URLSearchParams('kind=bundle&max_price=-5&sort=cheap&category=%3Cx%3E&q='));
    expect(q).toEqual({});
    expect(bloodTestPageQuery(q)).toBe('');
  });

  it('leaves the default sort out of the page URL', () => {
    expect(bloodTestPageQuery({ sort: 'popularity', kind: 'test' })).toBe('?kind=test');
  });
});
