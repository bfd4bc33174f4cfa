// A country's money facts: its exchange rate (countries) and VAT rate (country_settings). They change
// rarely: read once per isolate and kept for five minutes.
import type { CountryCode } from '../../../shared/locale';
import { currencyInfoFor, RATE_SCALE, type CurrencyInfo } from '../../../shared/money';

const TTL_MS = 5 * 60 * 1000;
let cached: { at: number; rows: Map<CountryCode, { rate: number; vat: number }> } | null = null;

export async function currencyFor(db: D1Database, country: CountryCode): Promise<CurrencyInfo> {
  if (!cached || Date.now() - cached.at > TTL_MS) {
    const { results } = await db
      .prepare('SELECT c.code, c.exchange_rate_scaled, coalesce(s.vat_basis_points, 0) AS vat FROM countries c LEFT JOIN country_settings s ON s.country = c.code')
      .all<{ code: CountryCode; exchange_rate_scaled: number; vat: number }>();
    cached = { at: Date.now(), rows: new Map(results.map((r) => [r.code, { rate: r.exchange_rate_scaled, vat: r.vat }])) };
  }
  const row = cached.rows.get(country);
  // Kuwait is the base currency whatever the table says; a country without a row falls back to it.
  if (country === 'KW' || !row) return currencyInfoFor('KW', RATE_SCALE, row?.vat ?? 0);
  return currencyInfoFor(country, row.rate, row.vat);
}
