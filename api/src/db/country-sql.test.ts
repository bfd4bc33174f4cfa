// The generated CASE maps each currency of the registry to its country, and anything else to the home
// country, as the hand-written `CASE currency WHEN 'SAR' THEN 'SA' ELSE 'KW' END` did for two.
import { describe, expect, it } from 'vitest';
import { CORE, COUNTRY_CODES, HOME_COUNTRY } from '#shared/countries';
import { countryOfCurrencySql } from './country-sql';

/** The CASE's arms read back as pairs, and its ELSE. */
function arms(sql: string): { pairs: Array<[string, string]>; otherwise: string | undefined } {
  const pairs = [...sql.matchAll(/WHEN '(\w+)' THEN '(\w+)'/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
  return { pairs, otherwise: /ELSE '(\w+)' END$/.exec(sql)?.[1] };
}

describe('countryOfCurrencySql', () => {
  it('maps every currency to its country and the rest to the home country', () => {
    const sql = countryOfCurrencySql('w.currency');
    expect(sql.startsWith('CASE w.currency WHEN')).toBe(true);
    const { pairs, otherwise } = arms(sql);
    expect(pairs).toEqual(COUNTRY_CODES.map((c) => [CORE[c].currency, c]));
    expect(otherwise).toBe(HOME_COUNTRY);
  });
});
