// A country's money facts: its exchange rate (countries), VAT rate and the amounts its owner sets
// (country_settings: free delivery, the price filter's quick item and range, the wallet's largest
// top-up; decision 52). They change rarely: read once per isolate and kept for five minutes (a change in
// the back office forgets them in the isolate that made it). A caller that is about to run a D1 batch
// anyway adds currencyStatement to it (no extra round trip on a cold isolate) and remembers the rows.
import { countryAmountsOf, type CountryAmounts } from '#shared/country-amounts';
import { type CountryCode, HOME_COUNTRY } from '#shared/countries';
import { currencyInfoFor, RATE_SCALE, type CurrencyInfo } from '#shared/money';

const TTL_MS = 5 * 60 * 1000;
type Row = { code: CountryCode; exchange_rate_scaled: number; vat: number } & Partial<
  Record<keyof CountryAmounts, number | null>
>;
let cached: { at: number; rows: Map<CountryCode, { rate: number; vat: number; amounts: CountryAmounts }> } | null =
  null;

export function currencyStatement(db: D1Database): D1PreparedStatement {
  return db.prepare(
    `SELECT c.code, c.exchange_rate_scaled, coalesce(s.vat_basis_points, 0) AS vat, s.free_delivery_minor,
       s.price_quick_max_minor, s.price_range_max_minor, s.unlock_margin_minor, s.wallet_top_up_max_minor
     FROM countries c LEFT JOIN country_settings s ON s.country = c.code`,
  );
}

export function rememberCurrencies(results: unknown[]): void {
  cached = {
    at: Date.now(),
    rows: new Map(
      (results as Row[]).map((r) => [
        r.code,
        { rate: r.exchange_rate_scaled, vat: r.vat, amounts: countryAmountsOf(r.code, r) },
      ]),
    ),
  };
}

/** After a change to the settings: the next reader in this isolate reads them again. */
export function forgetCurrencies(): void {
  cached = null;
}

/** The country's money facts if this isolate read them recently, else null. */
export function knownCurrency(country: CountryCode): CurrencyInfo | null {
  if (!cached || Date.now() - cached.at > TTL_MS) return null;
  const row = cached.rows.get(country);
  // The home country's currency is the base whatever the table says; a country without a row falls back to it.
  if (country === HOME_COUNTRY || !row) return currencyInfoFor(HOME_COUNTRY, RATE_SCALE, row?.vat ?? 0);
  return currencyInfoFor(country, row.rate, row.vat);
}

/** The amounts the country's owner set, if this isolate read them recently, else null. */
export function knownCountryAmounts(country: CountryCode): CountryAmounts | null {
  if (!cached || Date.now() - cached.at > TTL_MS) return null;
  return cached.rows.get(country)?.amounts ?? countryAmountsOf(country, null);
}

export async function currencyFor(db: D1Database, country: CountryCode): Promise<CurrencyInfo> {
  const known = knownCurrency(country);
  if (known) return known;
  rememberCurrencies((await currencyStatement(db).all<Row>()).results);
  return knownCurrency(country)!;
}

export async function countryAmountsFor(db: D1Database, country: CountryCode): Promise<CountryAmounts> {
  const known = knownCountryAmounts(country);
  if (known) return known;
  rememberCurrencies((await currencyStatement(db).all<Row>()).results);
  return knownCountryAmounts(country)!;
}
