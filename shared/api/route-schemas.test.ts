import { describe, expect, it } from 'vitest';
import { HOSTILE_NUMBERS } from '../testing/hostile-inputs';
import { dhlCityQuery, idParams, pageParams, refParams, suggestQuery } from './route-schemas';

describe('numbers in paths and queries', () => {
  it.each(HOSTILE_NUMBERS)('refuses %j as a page, an id, a suggestion limit and a courier country', (value) => {
    expect(pageParams.safeParse({ page: value }).success).toBe(false);
    expect(idParams.safeParse({ id: value }).success).toBe(false);
    expect(suggestQuery.safeParse({ limit: value }).success).toBe(false);
    expect(dhlCityQuery.safeParse({ dhl_country_id: value }).success).toBe(false);
  });

  it('reads plain digits as numbers, pages from 1 and limits clamped to 1–12', () => {
    expect(pageParams.parse({ page: '3' })).toEqual({ page: 3 });
    expect(pageParams.safeParse({ page: '0' }).success).toBe(false);
    expect(suggestQuery.parse({ q: 'zinc', limit: '40' })).toEqual({ q: 'zinc', limit: 12 });
    expect(suggestQuery.parse({ limit: '0' })).toEqual({ limit: 1 });
    expect(suggestQuery.parse({})).toEqual({});
  });

  it('takes ids and slugs as catalogue references, nothing else', () => {
    expect(refParams.safeParse({ ref: 'vitamin-d3-1000' }).success).toBe(true);
    for (const ref of ['Vitamin', 'a/b', '', 'x'.repeat(161), 'فيتامين'])
      expect(refParams.safeParse({ ref }).success).toBe(false);
  });
});
