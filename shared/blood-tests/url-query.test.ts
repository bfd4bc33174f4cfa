import { describe, expect, it } from 'vitest';
import { bloodTestListQuery } from '../api/blood-test-schemas';
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

  it('keeps exactly what the API’s schema accepts, so the page never asks for a 400', () => {
    const urls = [
      'category=heart&kind=test&fasting=no&max_price=0&sort=name&q=lipid',
      'kind=Panel&fasting=true&max_price=1e3&sort=price&category=a_b',
      `max_price=1234567890&category=${'x'.repeat(81)}`,
      'max_price=%D9%A1%D9%A2',
    ];
    for (const url of urls) {
      const q = bloodTestQueryFromUrl(new URLSearchParams(url));
      expect(bloodTestListQuery.safeParse(Object.fromEntries(new URLSearchParams(bloodTestApiQuery(q)))).data).toEqual(
        q,
      );
      const each = Object.fromEntries([...new URLSearchParams(url)].map(([k, v]) => [k === 'q' ? 'search' : k, v]));
      for (const [key, value] of Object.entries(each)) {
        const accepted = bloodTestListQuery.safeParse({ [key]: value }).success;
        expect(key in q, `${key}=${value}`).toBe(accepted);
      }
    }
  });

  it('leaves the default sort out of the page URL', () => {
    expect(bloodTestPageQuery({ sort: 'popularity', kind: 'test' })).toBe('?kind=test');
  });
});
