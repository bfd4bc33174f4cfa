// The shop's country codes (decision 77): the one list, and the question whether a value is one of them.
// Apart from the rows (core.ts) because every page's first JavaScript reads the codes (the cookie, the
// switcher) but only her country's row, which the server hands the browser (known.ts).

/** The countries served, in the switcher's order; the first is the shop's home (its back office's clock). */
export const COUNTRY_CODES = ['KW', 'SA', 'AE'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** The shop's home country: where its company sits, whose clock and currency the back office reads. */
export const HOME_COUNTRY: CountryCode = 'KW';

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}
