// SQL text generated from the countries registry (decision 77): a currency's country, a country's clock.
// A query that needs the country of a wallet row (which keeps only its currency) asks the registry,
// so a new country's currency is mapped without editing the query.
import { CORE, COUNTRY_CODES, HOME_COUNTRY } from '#shared/countries';
import { TIME_ZONES } from '#shared/countries/delivery';
import { zoneOffsetMs } from '#shared/country-days';

/**
 * `CASE <expr> WHEN '<currency>' THEN '<country>' … ELSE '<home>' END`: the country whose currency the
 * SQL expression holds, the home country for any other. The codes come from the registry, never from input.
 */
export function countryOfCurrencySql(expr: string): string {
  const whens = COUNTRY_CODES.map((c) => `WHEN '${CORE[c].currency}' THEN '${c}'`).join(' ');
  return `CASE ${expr} ${whens} ELSE '${HOME_COUNTRY}' END`;
}

/**
 * `CASE <expr> WHEN '<country>' THEN <ms> … END`: how far the clocks of the country the SQL expression
 * holds are ahead of UTC, in milliseconds (Kuwait 10800000, the Emirates 14400000), for SQL that names a
 * row's local date: `date((at + offset) / 1000, 'unixepoch')`. One offset a country, read when the module
 * loads: the Gulf's zones keep no summer time (shared/country-days.ts).
 */
export function countryOffsetSql(expr: string): string {
  const now = Date.now();
  const whens = COUNTRY_CODES.map((c) => `WHEN '${c}' THEN ${zoneOffsetMs(TIME_ZONES[c], now)}`).join(' ');
  return `CASE ${expr} ${whens} ELSE ${zoneOffsetMs(TIME_ZONES[HOME_COUNTRY], now)} END`;
}
