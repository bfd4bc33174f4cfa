import { describe, expect, it } from 'vitest';
import { COUNT_CAP, cappedCountSql, cappedTotal } from './capped-count';

describe('capped counts', () => {
  it('says exactly how many matches there are up to the cap', () => {
    expect(cappedTotal(0)).toEqual({ total: 0, total_capped: false });
    expect(cappedTotal(COUNT_CAP)).toEqual({ total: COUNT_CAP, total_capped: false });
  });

  it('says "the cap and more" past it', () => {
    expect(cappedTotal(COUNT_CAP + 1)).toEqual({ total: COUNT_CAP, total_capped: true });
  });

  it('stops reading rows one past the cap', () => {
    expect(cappedCountSql('products p', 'p.is_active = 1')).toBe(
      `SELECT count(*) AS n FROM (SELECT 1 FROM products p WHERE p.is_active = 1 LIMIT ${COUNT_CAP + 1})`,
    );
  });
});
