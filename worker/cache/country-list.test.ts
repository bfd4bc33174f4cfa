import { describe, expect, it } from 'vitest';
import { keepCountryList, keptCountryList } from './country-list';

describe("the isolate's country list", () => {
  const list = { items: [{ code: 'KW' }, { code: 'SA' }] };

  it('answers only for the catalogue version it was read under, and only while the cache policy would keep it', () => {
    const now = 1_000_000;
    keepCountryList('v7', list, now);
    expect(keptCountryList('v7', now + 1_000)).toBe(list);
    // A back-office change made a new version: the list is asked again.
    expect(keptCountryList('v8', now + 1_000)).toBeNull();
    // The reference policy keeps it an hour in KV; no longer here.
    expect(keptCountryList('v7', now + 60 * 60 * 1000 - 1)).toBe(list);
    expect(keptCountryList('v7', now + 60 * 60 * 1000)).toBeNull();
  });
});
