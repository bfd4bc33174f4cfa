// The default public holidays: fixed national days and the Islamic ones from the Umm al-Qura calendar.
import { describe, expect, it } from 'vitest';
import { gregorianOf, hijriOf } from './hijri';
import { defaultHolidays, inRamadan } from './holidays';

const datesOf = (country: 'KW' | 'SA' | 'AE', year: number, id: string) =>
  defaultHolidays(country, year)
    .filter((h) => h.id === id)
    .map((h) => h.date);

describe('the Hijri calendar', () => {
  it('reads and writes Umm al-Qura dates', () => {
    expect(hijriOf('2026-03-20')).toEqual({ year: 1447, month: 10, day: 1 });
    expect(gregorianOf({ year: 1447, month: 10, day: 1 })).toBe('2026-03-20');
    expect(gregorianOf({ year: 1448, month: 9, day: 1 })).toBe('2027-02-08');
    // Ramadan 1448 has 29 days.
    expect(gregorianOf({ year: 1448, month: 9, day: 30 })).toBeNull();
  });
});

describe('the default holidays', () => {
  it('give Kuwait its national days and three days of each Eid', () => {
    expect(datesOf('KW', 2026, 'national_day')).toEqual(['2026-02-25']);
    expect(datesOf('KW', 2026, 'liberation_day')).toEqual(['2026-02-26']);
    expect(datesOf('KW', 2026, 'eid_al_fitr')).toEqual(['2026-03-20', '2026-03-21', '2026-03-22']);
    expect(datesOf('KW', 2026, 'arafat_day')).toEqual(['2026-05-26']);
    expect(datesOf('KW', 2026, 'eid_al_adha')).toEqual(['2026-05-27', '2026-05-28', '2026-05-29']);
  });

  it('give Saudi Arabia Founding Day, National Day and four days of Eid al-Fitr', () => {
    expect(datesOf('SA', 2027, 'founding_day')).toEqual(['2027-02-22']);
    expect(datesOf('SA', 2027, 'national_day')).toEqual(['2027-09-23']);
    expect(datesOf('SA', 2027, 'eid_al_fitr')).toEqual(['2027-03-09', '2027-03-10', '2027-03-11', '2027-03-12']);
    expect(datesOf('SA', 2027, 'liberation_day')).toEqual([]);
  });

  it('give the Emirates New Year, Commemoration Day, two days of National Day and the Islamic days', () => {
    expect(defaultHolidays('AE', 2026)).toEqual([
      { id: 'new_year', date: '2026-01-01' },
      { id: 'eid_al_fitr', date: '2026-03-20' },
      { id: 'eid_al_fitr', date: '2026-03-21' },
      { id: 'eid_al_fitr', date: '2026-03-22' },
      { id: 'arafat_day', date: '2026-05-26' },
      { id: 'eid_al_adha', date: '2026-05-27' },
      { id: 'eid_al_adha', date: '2026-05-28' },
      { id: 'eid_al_adha', date: '2026-05-29' },
      { id: 'hijri_new_year', date: '2026-06-16' },
      { id: 'prophet_birthday', date: '2026-08-25' },
      { id: 'commemoration_day', date: '2026-11-30' },
      { id: 'national_day', date: '2026-12-02' },
      { id: 'national_day', date: '2026-12-03' },
    ]);
    // Neither Kuwait's nor Saudi Arabia's own days.
    expect(datesOf('AE', 2027, 'liberation_day')).toEqual([]);
    expect(datesOf('AE', 2027, 'founding_day')).toEqual([]);
  });

  it('keep a Hijri holiday that falls twice in one Gregorian year', () => {
    // The Hijri year is 11 days shorter: 1 January 2008 was in 1428, and both 1 Muharram 1429
    // (10 January) and 1 Muharram 1430 (29 December) fell in 2008.
    expect(datesOf('KW', 2008, 'hijri_new_year')).toEqual(['2008-01-10', '2008-12-29']);
  });

  it('know Ramadan', () => {
    expect(inRamadan('2027-02-08')).toBe(true);
    expect(inRamadan('2027-03-09')).toBe(false);
  });
});
