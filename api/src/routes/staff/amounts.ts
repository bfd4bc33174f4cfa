// Amounts per country in the back office (decision 52): each country's owner-set amounts in its own
// currency. Reading needs promotions:read, saving promotions:write in that country; audited. The
// change reaches this isolate's readers at once (forgetCurrencies) and others within five minutes.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import {
  countryAmountsValues,
  countryAmountsInputSchema,
  countryAmountsListSchema,
  countryAmountsViewSchema,
} from '#shared/api/country-amounts-schemas';
import { COUNTRY_AMOUNT_KEYS, countryAmountsOf, type CountryAmounts } from '#shared/country-amounts';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { forgetCurrencies } from '#api/src/lib/currency';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import type { CountrySettingsRow } from '#api/src/db/rows';
import { assertPromotionCountry } from './promotion-common';

const COLUMNS = COUNTRY_AMOUNT_KEYS.join(', ');

async function amountsOf(db: D1Database): Promise<Record<CountryCode, CountryAmounts>> {
  const { results } = await db
    .prepare(`SELECT country, ${COLUMNS} FROM country_settings`)
    .all<Pick<CountrySettingsRow, 'country' | (typeof COUNTRY_AMOUNT_KEYS)[number]>>();
  return Object.fromEntries(
    COUNTRY_CODES.map((code) => [
      code,
      countryAmountsOf(
        code,
        results.find((r) => r.country === code),
      ),
    ]),
  ) as Record<CountryCode, CountryAmounts>;
}

export const staffAmountRoutes = new Hono<AppEnv>()
  .get(
    '/settings/amounts',
    contract({
      tag: 'staff',
      summary:
        'Each country’s own amounts, minor units of its currency with VAT included: free delivery, the price filter’s quick choice and range, the unlock modal’s margin, the largest wallet top-up',
      noDevice: true,
      staff: 'promotions:read',
      response: countryAmountsListSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const allowed = countriesFor(member.grants, 'promotions:read');
      const all = await amountsOf(c.env.DB);
      const countries = COUNTRY_CODES.filter((code) => allowed === null || allowed.includes(code));
      return c.json(ok({ countries: countries.map((code) => ({ country: code, ...all[code] })) }));
    },
  )
  .post(
    '/settings/amounts',
    contract({
      tag: 'staff',
      summary:
        'Sets one country’s amounts, typed in its currency (at most its decimals); needs promotions:write in that country',
      body: countryAmountsInputSchema,
      noDevice: true,
      staff: 'promotions:write',
      response: countryAmountsViewSchema,
      messages: ['country_amounts_saved'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      assertPromotionCountry(member, 'promotions:write', input.country);
      const values = countryAmountsValues(input);
      const db = c.env.DB;
      const before = (await amountsOf(db))[input.country];
      await db.batch([
        db
          .prepare(
            `UPDATE country_settings SET ${COUNTRY_AMOUNT_KEYS.map((k) => `${k} = ?`).join(', ')} WHERE country = ?`,
          )
          .bind(...COUNTRY_AMOUNT_KEYS.map((k) => values[k]), input.country),
        auditStatement(db, member, {
          action: 'settings.amounts',
          resource: 'country_settings',
          resourceId: input.country,
          country: input.country,
          before,
          after: values,
        }),
      ]);
      forgetCurrencies();
      return c.json(ok({ country: input.country, ...values }, 'country_amounts_saved'));
    },
  );
