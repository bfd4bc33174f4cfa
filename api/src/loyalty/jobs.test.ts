// The hour the loyalty jobs run in for each country (issue 77): 09:00 on its own clocks, so the Emirates'
// shoppers (UTC+4) are served an hour of UTC before Kuwait's and Saudi Arabia's (UTC+3).
import { describe, expect, it } from 'vitest';
import { loyaltyCountries } from './jobs';

describe('the loyalty hour', () => {
  it('is 09:00 in each country’s own time zone', () => {
    expect(loyaltyCountries(Date.parse('2026-11-28T05:30:00Z'))).toEqual(['AE']);
    expect(loyaltyCountries(Date.parse('2026-11-28T06:30:00Z'))).toEqual(['KW', 'SA']);
    expect(loyaltyCountries(Date.parse('2026-11-28T07:30:00Z'))).toEqual([]);
  });
});
