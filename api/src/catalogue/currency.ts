// A country's money facts: its exchange rate (countries) and VAT rate (country_settings). They change
// rarely: read once per isolate and kept for five minutes. A caller that is about to run a D1 batch
// anyway adds currencyStatement to it (no extra round trip on a cold isolate) and remembers the rows.
import type { CountryCode } from '#shared/locale';
import { currencyInfoFor, RATE_SCALE, type CurrencyInfo } from '#shared/money';

const TTL_MS = 5 * 60 * 1000;
type Row = { code: CountryCode; exchange_rate_scaled: number; vat: number };
let cached: { at: number; rows: Map<CountryCode, { rate: number; vat: number }> } | null = null;

export function currencyStatement(db: D1Database): D1PreparedStatement {
  return db.prepare(
    'SELECT c.code, c.exchange_rate_scaled, coalesce(s.vat_basis_points, 0) AS vat FROM countries c LEFT JOIN country_settings s ON s.country = c.code',
  );
}

export function rememberCurrencies(results: unknown[]): void {
  cached = {
    at: Date.now(),
    rows: new Map((results as Row[]).map((r) => [r.code, { rate: r.exchange_rate_scaled, vat: r.vat }])),
  };
}

/** The country's money facts if this isolate read them recently, else null. */
export function knownCurrency(country: CountryCode): CurrencyInfo | null {
  if (!cached || Date.now() - cached.at > TTL_MS) return null;
  const row = cached.rows.get(country);
  // Kuwait is the base currency whatever the table says; a country without a row falls back to it.
  if (country === 'KW' || !row) return currencyInfoFor('KW', RATE_SCALE, row?.vat ?? 0);
  return currencyInfoFor(country, row.rate, row.vat);
}

export async function currencyFor(db: D1Database, country: CountryCode): Promise<CurrencyInfo> {
  const known = knownCurrency(country);
  if (known) return known;
  rememberCurrencies((await currencyStatement(db).all<Row>()).results);
  return knownCurrency(country)!;
}
