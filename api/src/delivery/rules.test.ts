// The owner's holiday rows over the defaults: a day added (Eid moved by the sighting), a default taken away.
import { describe, expect, it } from 'vitest';
import { holidaysFrom } from './rules';

describe('the holidays a promise skips', () => {
  it('are the defaults of this year and the next, with the owner’s days added and removed', () => {
    const kept = holidaysFrom('KW', '2026-11-27', []);
    expect(kept.has('2027-02-25')).toBe(true);
    expect(kept.has('2027-03-09')).toBe(true); // Eid al-Fitr 1448 by Umm al-Qura
    const corrected = holidaysFrom('KW', '2026-11-27', [
      { date: '2027-03-09', closed: 0 },
      { date: '2027-03-12', closed: 1 },
    ]);
    expect(corrected.has('2027-03-09')).toBe(false);
    expect(corrected.has('2027-03-12')).toBe(true);
  });
});
