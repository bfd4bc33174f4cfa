// A promotion's days are its country's (issue 77): the back office's "ends today" in the Emirates ends at
// Dubai's midnight (UTC+4), in Kuwait at Kuwait's (UTC+3); one of every country keeps the home country's.
import { describe, expect, it } from 'vitest';
import { countryDayWindow } from './promotion-common';

describe('a promotion’s days', () => {
  it('end an offer ending today in Dubai at Dubai’s midnight', () => {
    expect(countryDayWindow({ starts_on: '2026-11-28', ends_on: '2026-11-28', country: 'AE' })).toEqual({
      starts_at: Date.parse('2026-11-27T20:00:00Z'),
      ends_at: Date.parse('2026-11-28T20:00:00Z') - 1,
    });
  });

  it('keep Kuwait’s midnight for Kuwait and for a promotion of every country', () => {
    const kuwait = { starts_at: Date.parse('2026-11-27T21:00:00Z'), ends_at: Date.parse('2026-11-28T21:00:00Z') - 1 };
    expect(countryDayWindow({ starts_on: '2026-11-28', ends_on: '2026-11-28', country: 'KW' })).toEqual(kuwait);
    expect(countryDayWindow({ starts_on: '2026-11-28', ends_on: '2026-11-28', country: null })).toEqual(kuwait);
    expect(countryDayWindow({ starts_on: null, ends_on: null, country: 'AE' })).toEqual({
      starts_at: null,
      ends_at: null,
    });
  });
});
