// The owner's holiday rows over the defaults: a day added (Eid moved by the sighting), a default taken away.
import { describe, expect, it } from 'vitest';
import { holidaysFrom, promiseAnswer } from './rules';

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

describe('the promise’s texts on the country’s own day', () => {
  // Rules as the Emirates' (migration 0091, cut-offs on Dubai's clocks since 0093): Monday to Friday, 2 pm.
  const delivery = {
    rules: {
      dispatchDays: [1, 2, 3, 4, 5],
      deliveryDays: [1, 2, 3, 4, 5, 6],
      cutoff: 14 * 60,
      ramadanCutoff: 12 * 60,
      speeds: [{ speed: 'next_day' as const, zones: 'all' as const, transitDays: 1 }],
    },
    holidays: new Set<string>(),
    fees: {},
  };

  it('says "order by 2 PM" without a day at 00:30 in Dubai: it is already that day there (23:30 in Kuwait)', () => {
    const now = Date.parse('2026-11-24T00:30:00+04:00');
    const answer = promiseAnswer(delivery, { now, zone: null, lang: 'en', country: 'AE' });
    expect(answer?.promises[0]).toMatchObject({
      arrives: '2026-11-25',
      order_by: Date.parse('2026-11-24T14:00:00+04:00'),
      order_by_text: 'Order by 2:00 PM',
    });
  });
});
