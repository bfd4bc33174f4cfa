import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { type Country, countrySchema } from '#shared/api/schemas';
import { z } from '#shared/zod';
import { countryAmountsOf } from '#shared/country-amounts';
import { RATE_SCALE } from '#shared/money';
import { contract } from '../contract/validate';
import type { AppEnv } from '../app-env';
import type { CountryRow as CountriesTableRow, CountrySettingsRow } from '../db/rows';

/** A country with its money settings (LEFT JOIN country_settings). */
type CountryRow = Pick<
  CountriesTableRow,
  'id' | 'code' | 'name_en' | 'name_ar' | 'currency' | 'decimals' | 'exchange_rate_scaled' | 'is_default'
> &
  Pick<CountrySettingsRow, 'vat_basis_points'> & {
    free_delivery_minor: number | null;
    unlock_margin_minor: number | null;
    delivery_fee: number | null;
  };

function toCountry(row: CountryRow): Country {
  const whole = Math.floor(row.exchange_rate_scaled / RATE_SCALE);
  const frac = String(row.exchange_rate_scaled % RATE_SCALE).padStart(4, '0');
  // The amounts the browser compares the cart with: the country's own (decision 52).
  const amounts = countryAmountsOf(row.code, row);
  return {
    id: row.id,
    code: row.code,
    name_en: row.name_en,
    name_ar: row.name_ar,
    currency: row.currency,
    decimals: row.decimals,
    exchange_rate: `${whole}.${frac}`,
    is_default: row.is_default === 1,
    vat_basis_points: row.vat_basis_points,
    free_delivery_minor: amounts.free_delivery_minor,
    unlock_margin_minor: amounts.unlock_margin_minor,
    delivery_fee_minor: row.delivery_fee,
  };
}

/** Every country with its money settings, as GET /country answers them (and the storefront's door). */
export async function countryItems(db: D1Database): Promise<Country[]> {
  const { results } = await db
    .prepare(
      // The country's money settings travel with its rate, so the browser prices with the server's figures.
      `SELECT c.id, c.code, c.name_en, c.name_ar, c.currency, c.decimals, c.exchange_rate_scaled, c.is_default,
       coalesce(s.vat_basis_points, 0) AS vat_basis_points, s.free_delivery_minor, s.unlock_margin_minor,
       s.delivery_fee
     FROM countries c LEFT JOIN country_settings s ON s.country = c.code ORDER BY c.sort_order`,
    )
    .all<CountryRow>();
  return results.map(toCountry);
}

export const countryRoutes = new Hono<AppEnv>().get(
  '/',
  contract({
    tag: 'platform',
    summary: 'Countries with currency, exchange rate, VAT and free-delivery threshold',
    response: z.object({ items: z.array(countrySchema) }),
    messages: [],
  }),
  async (c) => c.json(ok({ items: await countryItems(c.env.DB) })),
);
