// Exchange rates change rarely: read once per isolate and kept for five minutes.
import type { CountryCode } from '../../../shared/locale';
import { currencyInfoFor, RATE_SCALE, type CurrencyInfo } from '../../../shared/money';

const TTL_MS = 5 * 60 * 1000;
let cached: { at: number; rates: Map<CountryCode, number> } | null = null;

export async function currencyFor(db: D1Database, country: CountryCode): Promise<CurrencyInfo> {
  if (country === 'KW') return currencyInfoFor('KW', RATE_SCALE);
  if (!cached || Date.now() - cached.at > TTL_MS) {
    const { results } = await db.prepare('SELECT code, exchange_rate_scaled FROM countries').all<{ code: CountryCode; exchange_rate_scaled: number }>();
    cached = { at: Date.now(), rates: new Map(results.map((r) => [r.code, r.exchange_rate_scaled])) };
  }
  return currencyInfoFor(country, cached.rates.get(country) ?? RATE_SCALE);
}
