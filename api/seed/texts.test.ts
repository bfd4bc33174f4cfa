// The suggested use is the label's dose, and a pack's supply (what subscribe and save and refill
// reminders reckon with) is counted from the same dose: a shopper who reads "Take 2 softgels daily"
// is offered the period two a day gives.
import { describe, expect, it } from 'vitest';
import { planProducts } from './plan';
import { skuRows } from './rows';
import { PRODUCT_COUNTS } from './settings';
import { suggestedUse } from './texts';

describe('the suggested use and the pack’s supply', () => {
  it('name the same number of units a day', () => {
    const plans = planProducts(PRODUCT_COUNTS.demo);
    // Each SKU row ends with the units in the pack and the units a day (NULL when it is not counted).
    const dailyBySku = new Map(
      [...skuRows(plans)].map((r) => {
        const values = r.sql.slice(1, -1).split(',');
        return [Number(values[0]), values.at(-1)] as const;
      }),
    );
    let checked = 0;
    for (const p of plans) {
      const perDay = /^(?:Take|Chew) (\d) /.exec(suggestedUse(p).en)?.[1];
      if (!perDay) continue;
      for (const s of p.skus) {
        const daily = dailyBySku.get(s.id);
        if (daily === 'NULL') continue;
        expect(daily, `${p.type.key} (${p.form})`).toBe(perDay);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
