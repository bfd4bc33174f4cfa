import { describe, expect, it } from 'vitest';
import type { ProductQuery } from '#shared/catalogue/filter-model';
import { compileProductQuery } from './query';
import { rankedPageIds } from './ranked-page';
import { searchMatch } from './search';
import { HOME_COUNTRY } from '#shared/countries';

const query = (search: string, filters: ProductQuery['filters'] = []) =>
  ({ search, per_page: 24, filters }) as ProductQuery;

describe('ranked page statement', () => {
  const cases: Array<[string, ProductQuery['filters']]> = [
    ['magnesium', []],
    ['vitamin c', []],
    ['vitamin c', [{ key: 'brand_id', type: 'multiSelect', items: [3, 4] }]],
    ['omega 3', [{ key: 'only_available', type: 'boolean', value: true }]],
  ];
  it.each(cases)('binds one parameter per placeholder for %s with %j', (text, filters) => {
    const m = searchMatch(text)!;
    const { sql, params } = rankedPageIds(
      m,
      compileProductQuery(query(text, filters), 'en', null, m, HOME_COUNTRY),
      24,
      48,
    );
    expect(sql.match(/\?/g)!.length).toBe(params.length);
    expect(sql).toMatch(/LIMIT 24 OFFSET 48$/);
  });

  it('adds the few-matches plan only when the shopper filtered', () => {
    const m = searchMatch('vitamin c')!;
    const plain = rankedPageIds(m, compileProductQuery(query('vitamin c'), 'en', null, m, HOME_COUNTRY), 24, 0).sql;
    expect(plain).not.toContain("= 'C'");
    const filtered = compileProductQuery(
      query('vitamin c', [{ key: 'brand_id', type: 'multiSelect', items: [3] }]),
      'en',
      null,
      m,
      HOME_COUNTRY,
    );
    expect(rankedPageIds(m, filtered, 24, 0).sql).toContain("(SELECT name FROM plan) = 'C'");
  });

  it('tests the chosen plan inside every match-set subquery of plans B and C, so a plan not chosen reads nothing', () => {
    const m = searchMatch('vitamin c')!;
    const filtered = compileProductQuery(
      query('vitamin c', [{ key: 'brand_id', type: 'multiSelect', items: [3] }]),
      'en',
      null,
      m,
      HOME_COUNTRY,
    );
    const terms = rankedPageIds(m, filtered, 24, 0).sql.split('UNION ALL');
    const later = terms.filter((t) => /= '[BC]'/.test(t));
    // Four tiers (two words) in plan B, and plan C.
    expect(later).toHaveLength(5);
    for (const term of later) {
      const plan = term.match(/\(SELECT name FROM plan\) = '([BC])'/)![1];
      const sets = term.match(/FROM product_search WHERE .{0,90}/g)!;
      expect(sets.length).toBeGreaterThan(0);
      for (const set of sets) expect(set).toContain(`MATCH CASE WHEN (SELECT name FROM plan) = '${plan}' THEN`);
    }
  });
});
