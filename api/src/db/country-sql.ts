// SQL text that maps a currency to its country, generated from the countries registry (decision 77):
// a query that needs the country of a wallet row (which keeps only its currency) asks the registry,
// so a new country's currency is mapped without editing the query.
import { CORE, COUNTRY_CODES, HOME_COUNTRY } from '#shared/countries';

/**
 * `CASE <expr> WHEN '<currency>' THEN '<country>' … ELSE '<home>' END`: the country whose currency the
 * SQL expression holds, the home country for any other. The codes come from the registry, never from input.
 */
export function countryOfCurrencySql(expr: string): string {
  const whens = COUNTRY_CODES.map((c) => `WHEN '${CORE[c].currency}' THEN '${c}'`).join(' ');
  return `CASE ${expr} ${whens} ELSE '${HOME_COUNTRY}' END`;
}
