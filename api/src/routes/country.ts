import { Hono } from 'hono';
import { ok } from '../../../shared/api/envelope';
import type { Country } from '../../../shared/api/schemas';
import { RATE_SCALE } from '../../../shared/money';
import type { AppEnv } from '../app-env';

interface CountryRow {
  id: number;
  code: 'KW' | 'SA';
  name_en: string;
  name_ar: string;
  currency: 'KWD' | 'SAR';
  decimals: number;
  exchange_rate_scaled: number;
  is_default: number;
}

export function toCountry(row: CountryRow): Country {
  const whole = Math.floor(row.exchange_rate_scaled / RATE_SCALE);
  const frac = String(row.exchange_rate_scaled % RATE_SCALE).padStart(4, '0');
  return {
    id: row.id,
    code: row.code,
    name_en: row.name_en,
    name_ar: row.name_ar,
    currency: row.currency,
    decimals: row.decimals,
    exchange_rate: `${whole}.${frac}`,
    is_default: row.is_default === 1,
  };
}

export const countryRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { results } = await c.env.DB.prepare(
    'SELECT id, code, name_en, name_ar, currency, decimals, exchange_rate_scaled, is_default FROM countries ORDER BY sort_order',
  ).all<CountryRow>();
  return c.json(ok({ items: results.map(toCountry) }));
});
