// The delivery promise across what moves it: a cut-off passing, the Gulf weekend, Eid (from the
// Umm al-Qura defaults) and Ramadan's earlier cut-off, in Kuwait and Saudi Arabia.
import { describe, expect, it } from 'vitest';
import { defaultHolidays } from './holidays';
import { arrivesAfterCutoff, type DeliveryRules, deliveryPromises } from './promise';

/** A wall-clock time in Kuwait or Riyadh (UTC+3), and in Dubai (UTC+4). */
const gulf = (date: string, time: string) => Date.parse(`${date}T${time}:00+03:00`);
const dubai = (date: string, time: string) => Date.parse(`${date}T${time}:00+04:00`);
const KUWAIT = 'Asia/Kuwait';
const RIYADH = 'Asia/Riyadh';
const DUBAI = 'Asia/Dubai';
const holidaysOf = (country: 'KW' | 'SA' | 'AE', ...years: number[]) =>
  new Set(years.flatMap((y) => defaultHolidays(country, y).map((h) => h.date)));

// Kuwait: the shop's own drivers, Saturday to Thursday; same day in every area before 2 pm (noon in Ramadan).
const KW: DeliveryRules = {
  dispatchDays: [6, 0, 1, 2, 3, 4],
  deliveryDays: [6, 0, 1, 2, 3, 4],
  cutoff: 14 * 60,
  ramadanCutoff: 12 * 60,
  speeds: [
    { speed: 'same_day', zones: 'all', transitDays: 0 },
    { speed: 'standard', zones: 'all', transitDays: 1 },
  ],
};
// Saudi Arabia: the warehouse hands over Sunday to Thursday before 1 pm; the courier delivers Saturday to
// Thursday, the next day in three cities (ids 1, 2, 3), three days elsewhere.
const SA: DeliveryRules = {
  dispatchDays: [0, 1, 2, 3, 4],
  deliveryDays: [6, 0, 1, 2, 3, 4],
  cutoff: 13 * 60,
  ramadanCutoff: 11 * 60,
  speeds: [
    { speed: 'next_day', zones: [1, 2, 3], transitDays: 1 },
    { speed: 'standard', zones: 'all', transitDays: 3 },
  ],
};

// The Emirates (migrations 0091, 0093): the Dubai warehouse hands over Monday to Friday (the weekend is
// Saturday and Sunday) before 2 pm Dubai time, noon in Ramadan; couriers deliver Monday to Saturday, the
// next day in Dubai, Sharjah and Ajman (26, 28, 29), three days elsewhere.
const AE: DeliveryRules = {
  dispatchDays: [1, 2, 3, 4, 5],
  deliveryDays: [1, 2, 3, 4, 5, 6],
  cutoff: 14 * 60,
  ramadanCutoff: 12 * 60,
  speeds: [
    { speed: 'next_day', zones: [26, 28, 29], transitDays: 1 },
    { speed: 'standard', zones: 'all', transitDays: 3 },
  ],
};

const arrivals = (input: Parameters<typeof deliveryPromises>[0]) =>
  deliveryPromises(input).map((p) => [p.speed, p.arrives]);

describe('the delivery promise in Kuwait', () => {
  const holidays = holidaysOf('KW', 2026);

  it('arrives today before the cut-off, and the promise says until when', () => {
    const [first] = deliveryPromises({
      now: gulf('2026-11-26', '13:59'),
      timeZone: KUWAIT,
      rules: KW,
      holidays,
      zone: 12,
    });
    expect(first).toEqual({
      speed: 'same_day',
      ships: '2026-11-26',
      arrives: '2026-11-26',
      orderBy: gulf('2026-11-26', '14:00'),
    });
  });

  it('moves past Friday once Thursday’s cut-off has passed', () => {
    expect(arrivals({ now: gulf('2026-11-26', '14:00'), timeZone: KUWAIT, rules: KW, holidays, zone: 12 })).toEqual([
      ['same_day', '2026-11-28'],
      ['standard', '2026-11-29'],
    ]);
  });

  it('uses Ramadan’s noon cut-off, then skips the three days of Eid al-Fitr', () => {
    // Thursday 19 March 2026 is the last day of Ramadan 1447; Eid al-Fitr is 20 to 22 March.
    expect(
      arrivals({ now: gulf('2026-03-19', '11:59'), timeZone: KUWAIT, rules: KW, holidays, zone: null })[0],
    ).toEqual(['same_day', '2026-03-19']);
    expect(
      arrivals({ now: gulf('2026-03-19', '12:00'), timeZone: KUWAIT, rules: KW, holidays, zone: null })[0],
    ).toEqual(['same_day', '2026-03-23']);
    // The same minute outside Ramadan is still before the cut-off.
    expect(
      arrivals({ now: gulf('2026-04-16', '12:00'), timeZone: KUWAIT, rules: KW, holidays, zone: null })[0],
    ).toEqual(['same_day', '2026-04-16']);
  });

  it('adds the days before stock from elsewhere can leave', () => {
    const [first] = deliveryPromises({
      now: gulf('2026-11-26', '09:00'),
      timeZone: KUWAIT,
      rules: KW,
      holidays,
      zone: 12,
      handlingDays: 2,
    });
    // Thursday, then Saturday and Sunday as working days: it leaves on Sunday.
    expect(first).toMatchObject({ ships: '2026-11-29', arrives: '2026-11-29', orderBy: gulf('2026-11-26', '14:00') });
  });
});

describe('the day after the cut-off (issue 73)', () => {
  const kw = holidaysOf('KW', 2026);
  const sa = holidaysOf('SA', 2026, 2027);
  const withNext = (input: Parameters<typeof deliveryPromises>[0]) =>
    deliveryPromises(input).map((p) => [p.speed, p.arrives, arrivesAfterCutoff(input, p)]);

  it('moves a Kuwait same-day order past Friday when Thursday’s 2 pm passes', () => {
    expect(withNext({ now: gulf('2026-11-26', '11:00'), timeZone: KUWAIT, rules: KW, holidays: kw, zone: 12 })).toEqual(
      [
        ['same_day', '2026-11-26', '2026-11-28'],
        ['standard', '2026-11-28', '2026-11-29'],
      ],
    );
  });

  it('moves it a working day on an ordinary day, and over Eid al-Fitr in Ramadan', () => {
    expect(
      withNext({ now: gulf('2026-11-29', '09:00'), timeZone: KUWAIT, rules: KW, holidays: kw, zone: null })[0],
    ).toEqual(['same_day', '2026-11-29', '2026-11-30']);
    // The last day of Ramadan 1447, before its noon cut-off: the next day is after the three days of Eid.
    expect(
      withNext({ now: gulf('2026-03-19', '11:00'), timeZone: KUWAIT, rules: KW, holidays: kw, zone: null })[0],
    ).toEqual(['same_day', '2026-03-19', '2026-03-23']);
  });

  it('moves a Saudi next-day order over the weekend and Eid al-Adha', () => {
    expect(withNext({ now: gulf('2026-11-26', '12:00'), timeZone: RIYADH, rules: SA, holidays: sa, zone: 1 })).toEqual([
      ['next_day', '2026-11-28', '2026-11-30'],
      ['standard', '2026-11-30', '2026-12-02'],
    ]);
    // Wednesday 12 May 2027 before 1 pm: Thursday. After it, it leaves Thursday and Friday, Arafat Day
    // (Saturday 15) and the three days of Eid pass before a courier delivers: Wednesday 19.
    expect(
      withNext({ now: gulf('2027-05-12', '12:00'), timeZone: RIYADH, rules: SA, holidays: sa, zone: 3 })[0],
    ).toEqual(['next_day', '2027-05-13', '2027-05-19']);
  });
});

describe('the delivery promise in Saudi Arabia', () => {
  const holidays = holidaysOf('SA', 2026, 2027);

  it('promises the next day only in the cities it reaches, and delivers on Saturday', () => {
    expect(arrivals({ now: gulf('2026-11-26', '12:00'), timeZone: RIYADH, rules: SA, holidays, zone: 1 })).toEqual([
      ['next_day', '2026-11-28'],
      ['standard', '2026-11-30'],
    ]);
    expect(arrivals({ now: gulf('2026-11-26', '12:00'), timeZone: RIYADH, rules: SA, holidays, zone: 40 })).toEqual([
      ['standard', '2026-11-30'],
    ]);
    expect(arrivals({ now: gulf('2026-11-26', '12:00'), timeZone: RIYADH, rules: SA, holidays, zone: null })).toEqual([
      ['standard', '2026-11-30'],
    ]);
  });

  it('after Thursday’s cut-off it leaves on Sunday: the weekend waits', () => {
    expect(arrivals({ now: gulf('2026-11-26', '13:00'), timeZone: RIYADH, rules: SA, holidays, zone: 2 })).toEqual([
      ['next_day', '2026-11-30'],
      ['standard', '2026-12-02'],
    ]);
  });

  it('neither ships nor delivers over Eid al-Adha', () => {
    // Arafat Day 1448 is Saturday 15 May 2027; Eid al-Adha 16 to 18 May.
    expect(arrivals({ now: gulf('2027-05-13', '13:30'), timeZone: RIYADH, rules: SA, holidays, zone: 3 })).toEqual([
      ['next_day', '2027-05-20'],
      ['standard', '2027-05-23'],
    ]);
  });

  it('uses Ramadan’s 11 am cut-off', () => {
    // 1 Ramadan 1448 is Monday 8 February 2027.
    expect(arrivals({ now: gulf('2027-02-09', '11:00'), timeZone: RIYADH, rules: SA, holidays, zone: 1 })[0]).toEqual([
      'next_day',
      '2027-02-11',
    ]);
    expect(arrivals({ now: gulf('2027-02-09', '10:59'), timeZone: RIYADH, rules: SA, holidays, zone: 1 })[0]).toEqual([
      'next_day',
      '2027-02-10',
    ]);
  });
});

describe('the delivery promise in the Emirates', () => {
  const holidays = holidaysOf('AE', 2026);

  it('waits over the Saturday–Sunday weekend: a Friday order after the cut-off leaves on Monday', () => {
    // Friday 20 November 2026, 3 pm in Dubai.
    expect(arrivals({ now: dubai('2026-11-20', '15:00'), timeZone: DUBAI, rules: AE, holidays, zone: 26 })).toEqual([
      ['next_day', '2026-11-24'],
      ['standard', '2026-11-26'],
    ]);
    const [first] = deliveryPromises({
      now: dubai('2026-11-21', '11:00'),
      timeZone: DUBAI,
      rules: AE,
      holidays,
      zone: 26,
    });
    expect(first!.ships).toBe('2026-11-23');
  });

  it('delivers on Saturday but not on Sunday, nor on Commemoration Day', () => {
    // Thursday 26 November before the cut-off: it leaves that day; standard counts Friday, Saturday, then
    // skips Sunday and Monday 30 November (Commemoration Day) to Tuesday.
    expect(arrivals({ now: dubai('2026-11-26', '13:00'), timeZone: DUBAI, rules: AE, holidays, zone: 27 })).toEqual([
      ['standard', '2026-12-01'],
    ]);
    expect(arrivals({ now: dubai('2026-11-26', '13:00'), timeZone: DUBAI, rules: AE, holidays, zone: 28 })[0]).toEqual([
      'next_day',
      '2026-11-27',
    ]);
  });

  it('skips the two days of National Day', () => {
    // Tuesday 1 December after the cut-off: 2 and 3 December are National Day, so it leaves on Friday.
    const promises = deliveryPromises({
      now: dubai('2026-12-01', '15:00'),
      timeZone: DUBAI,
      rules: AE,
      holidays,
      zone: 26,
    });
    expect(promises.map((p) => [p.speed, p.ships, p.arrives])).toEqual([
      ['next_day', '2026-12-04', '2026-12-05'],
      ['standard', '2026-12-04', '2026-12-08'],
    ]);
  });

  it('counts an order at 00:30 in Dubai (23:30 in Kuwait) on the next local day, by that day’s 2 pm', () => {
    // Tuesday 24 November 2026, 00:30 in Dubai, still Monday 23:30 in Kuwait: Tuesday's cut-off is ahead.
    const [late] = deliveryPromises({
      now: dubai('2026-11-24', '00:30'),
      timeZone: DUBAI,
      rules: AE,
      holidays,
      zone: 26,
    });
    expect(late).toMatchObject({ ships: '2026-11-24', arrives: '2026-11-25', orderBy: dubai('2026-11-24', '14:00') });
  });
});

describe('a cut-off at 14:00 on each country’s own clocks', () => {
  const rules: DeliveryRules = { ...KW, dispatchDays: [1, 2, 3, 4, 5], deliveryDays: [1, 2, 3, 4, 5, 6] };
  const none = new Set<string>();
  // Tuesday 24 November 2026, 10:30 UTC: 13:30 in Kuwait (before its 2 pm), 14:30 in Dubai (after its 2 pm).
  const now = Date.parse('2026-11-24T10:30:00Z');

  it('has passed in Dubai and not yet in Kuwait at the same instant', () => {
    const [kuwait] = deliveryPromises({ now, timeZone: KUWAIT, rules, holidays: none, zone: null });
    const [dubaiFirst] = deliveryPromises({ now, timeZone: DUBAI, rules, holidays: none, zone: null });
    expect(kuwait).toMatchObject({ ships: '2026-11-24', orderBy: gulf('2026-11-24', '14:00') });
    expect(dubaiFirst).toMatchObject({ ships: '2026-11-25', orderBy: dubai('2026-11-25', '14:00') });
    // Each order-by is 2 pm on its own clocks: an hour apart as instants.
    expect(kuwait!.orderBy - dubai('2026-11-24', '14:00')).toBe(3_600_000);
  });
});
