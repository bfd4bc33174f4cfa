// The public holidays the shop neither ships nor delivers on, by default: what each country's
// government announces every year. Fixed days (national days) by the Gregorian calendar; the Islamic
// ones by Umm al-Qura, which the moon sighting can move by a day, so the owner corrects them in the
// back office (a row per country and day; the defaults fill only a year the owner has not set).
import type { CountryCode } from '../locale';
import { addDays } from '../gulf-days';
import { gregorianOf, hijriOf } from './hijri';

type HolidayId =
  | 'new_year'
  | 'founding_day'
  | 'national_day'
  | 'liberation_day'
  | 'isra_miraj'
  | 'eid_al_fitr'
  | 'arafat_day'
  | 'eid_al_adha'
  | 'hijri_new_year'
  | 'prophet_birthday';

export interface Holiday {
  id: HolidayId;
  /** The Gulf day, YYYY-MM-DD. */
  date: string;
}

type Rule =
  | { id: HolidayId; gregorian: readonly [month: number, day: number]; days?: number }
  | { id: HolidayId; hijri: readonly [month: number, day: number]; days?: number };

const RULES: Record<CountryCode, readonly Rule[]> = {
  // Kuwait's civil service calendar.
  KW: [
    { id: 'new_year', gregorian: [1, 1] },
    { id: 'national_day', gregorian: [2, 25] },
    { id: 'liberation_day', gregorian: [2, 26] },
    { id: 'isra_miraj', hijri: [7, 27] },
    { id: 'eid_al_fitr', hijri: [10, 1], days: 3 },
    { id: 'arafat_day', hijri: [12, 9] },
    { id: 'eid_al_adha', hijri: [12, 10], days: 3 },
    { id: 'hijri_new_year', hijri: [1, 1] },
    { id: 'prophet_birthday', hijri: [3, 12] },
  ],
  // Saudi Arabia's: the two Eids (four days each, Arafat Day opening Eid al-Adha's), Founding Day and
  // National Day.
  SA: [
    { id: 'founding_day', gregorian: [2, 22] },
    { id: 'eid_al_fitr', hijri: [10, 1], days: 4 },
    { id: 'arafat_day', hijri: [12, 9] },
    { id: 'eid_al_adha', hijri: [12, 10], days: 3 },
    { id: 'national_day', gregorian: [9, 23] },
  ],
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The default holidays of a Gregorian year, in date order. */
export function defaultHolidays(country: CountryCode, year: number): Holiday[] {
  const out: Holiday[] = [];
  // A Gregorian year holds parts of two or three Hijri years (and a Hijri date can fall in it twice).
  const first = hijriOf(`${year}-01-01`).year;
  for (const rule of RULES[country]) {
    const starts =
      'gregorian' in rule
        ? [`${year}-${pad(rule.gregorian[0])}-${pad(rule.gregorian[1])}`]
        : [first, first + 1, first + 2]
            .map((y) => gregorianOf({ year: y, month: rule.hijri[0], day: rule.hijri[1] }))
            .filter((d): d is string => d !== null);
    for (const start of starts)
      for (let i = 0; i < (rule.days ?? 1); i++) {
        const date = addDays(start, i);
        if (date.startsWith(`${year}-`)) out.push({ id: rule.id, date });
      }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/** Whether a Gulf day is in Ramadan, when the shop keeps shorter hours (cut-offs come earlier). */
export function inRamadan(date: string): boolean {
  return hijriOf(date).month === 9;
}
