// A week's working days from its weekend (decision 77): pure arithmetic on the weekend a country's module
// states, apart from shared/country-days.ts so that a page which only lists the days (the product's JSON-LD
// businessDays) does not carry the clocks (Intl) and the registry into its first JavaScript.
import type { CountryWeek } from './countries/types';

/**
 * The day a country's week starts (0 Sunday … 6 Saturday): its first working day, the day after its
 * weekend (Sunday after Friday–Saturday, Monday after Saturday–Sunday). Derived from the weekend the
 * module states, so a country's week needs no second fact; Monday for a week without a weekend (ISO).
 */
export function firstWorkingDay(week: Pick<CountryWeek, 'weekend'>): number {
  for (let d = 0; d < 7; d++) if (!week.weekend.includes(d) && week.weekend.includes((d + 6) % 7)) return d;
  return 1;
}

/** The working days of a week in its own order, from its first (Kuwait Sunday–Thursday, the Emirates Monday–Friday). */
export function workingDaysOf(week: Pick<CountryWeek, 'weekend'>): number[] {
  const first = firstWorkingDay(week);
  return Array.from({ length: 7 }, (_, i) => (first + i) % 7).filter((d) => !week.weekend.includes(d));
}
