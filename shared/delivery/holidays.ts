// The public holidays the shop neither ships nor delivers on, by default: what each country's
// government announces every year. Fixed days (national days) by the Gregorian calendar; the Islamic
// ones by Umm al-Qura, which the moon sighting can move by a day, so the owner corrects them in the
// back office (a row per country and day; the defaults fill only a year the owner has not set). Each
// country's rules are in its module (shared/countries/).
import { HOLIDAY_RULES } from '../countries/rules';
import type { HolidayId } from '../countries/types';
import type { CountryCode } from '../locale';
import { addDays } from '../gulf-days';
import { gregorianOf, hijriOf } from './hijri';

export interface Holiday {
  id: HolidayId;
  /** The Gulf day, YYYY-MM-DD. */
  date: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The default holidays of a Gregorian year, in date order. */
export function defaultHolidays(country: CountryCode, year: number): Holiday[] {
  const out: Holiday[] = [];
  // A Gregorian year holds parts of two or three Hijri years (and a Hijri date can fall in it twice).
  const first = hijriOf(`${year}-01-01`).year;
  for (const rule of HOLIDAY_RULES[country]) {
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
