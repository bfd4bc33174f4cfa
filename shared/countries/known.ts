// The countries' core rows this program knows (decision 77's amendment "a country's data only for that
// country"), which shared/money.ts reads. The registry (index.ts) teaches every row when it loads: the
// server's workers load it at start (their code reads it everywhere), the tests in their setup
// (tests/unit/know-countries.ts). The browser knows the rows the page's boot data brings (her country's,
// and the home country's that a price falls back to before the rates load; client/entry.client.tsx), and
// every row once a module that reads every country has loaded the registry. So no page's first
// JavaScript carries another country's currency, its label or its dial code, and a new country adds
// nothing to the others' pages. Nothing here imports the rows: a static import would put them in the
// first JavaScript of every page, whatever branch read them.
import type { CountryCode } from './codes';
import type { CountryCore } from './types';

/** The tables taught; read when asked, so a row added to a table later (a test's fixture country) is known too. */
const tables: Partial<Record<CountryCode, CountryCore>>[] = [];

/** Adds core rows (the boot data's, or the registry's whole table). */
export function learnCountries(table: Partial<Record<CountryCode, CountryCore>>): void {
  tables.push(table);
}

/** The country's core row: every row on the server; in the browser hers (boot data), or all once the registry loaded. */
export function knownCore(country: CountryCode): CountryCore {
  const row = tables.find((t) => t[country])?.[country];
  if (!row) throw new Error(`no core row for ${country}`);
  return row;
}

/** The core row of the country whose currency this is, if this program knows it. */
export const knownCurrency = (currency: string): CountryCore | undefined =>
  tables.flatMap((t) => Object.values(t)).find((row) => row?.currency === currency);
