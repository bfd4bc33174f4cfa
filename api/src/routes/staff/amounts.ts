// Amounts per country in the back office (decision 52): each country's owner-set amounts in its own
// currency, and whether it offers cash on delivery up to what amount (issue 77). Reading needs
// promotions:read, saving promotions:write in that country; audited. The amounts reach this isolate's
// readers at once (forgetCurrencies) and others within five minutes; cash on delivery is read with each
// quote, so it holds from the next one.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import {
  countryAmountsValues,
  countryAmountsInputSchema,
  countryCashInputSchema,
  countryCashValues,
  countryAmountsListSchema,
  countryAmountsViewSchema,
  type CountryAmountsView,
} from '#shared/api/country-amounts-schemas';
import { cashOnDeliveryOf } from '#shared/payments/cash-on-delivery';
import { COUNTRY_AMOUNT_KEYS, countryAmountsOf } from '#shared/country-amounts';
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

type AmountsRow = Pick<
  CountrySettingsRow,
  'country' | 'cod_enabled' | 'cod_max_minor' | (typeof COUNTRY_AMOUNT_KEYS)[number]
>;

async function amountsOf(db: D1Database): Promise<Record<CountryCode, CountryAmountsView>> {
  const { results } = await db
    .prepare(`SELECT country, ${COLUMNS}, cod_enabled, cod_max_minor FROM country_settings`)
    .all<AmountsRow>();
  return Object.fromEntries(
    COUNTRY_CODES.map((code) => {
      const row = results.find((r) => r.country === code);
      const cash = cashOnDeliveryOf(code, row);
      return [
        code,
        { country: code, ...countryAmountsOf(code, row), cod_enabled: cash.enabled, cod_max_minor: cash.maxMinor },
      ];
    }),
  ) as Record<CountryCode, CountryAmountsView>;
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
      return c.json(ok({ countries: countries.map((code) => all[code]) }));
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
      const { country: _country, cod_enabled, cod_max_minor, ...before } = (await amountsOf(db))[input.country];
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
      return c.json(ok({ country: input.country, ...values, cod_enabled, cod_max_minor }, 'country_amounts_saved'));
    },
  )
  .post(
    '/settings/cash-on-delivery',
    contract({
      tag: 'staff',
      summary:
        'Sets whether one country offers cash on delivery, and the largest amount due paid in cash, typed in its currency (empty: no cap); needs promotions:write in that country',
      body: countryCashInputSchema,
      noDevice: true,
      staff: 'promotions:write',
      response: countryAmountsViewSchema,
      messages: ['country_cash_saved'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      assertPromotionCountry(member, 'promotions:write', input.country);
      const values = countryCashValues(input);
      const db = c.env.DB;
      const view = (await amountsOf(db))[input.country];
      // Both columns together: from now on the owner's choice, not the country's default, decides.
      await db.batch([
        db
          .prepare('UPDATE country_settings SET cod_enabled = ?, cod_max_minor = ? WHERE country = ?')
          .bind(values.cod_enabled ? 1 : 0, values.cod_max_minor, input.country),
        auditStatement(db, member, {
          action: 'settings.cash_on_delivery',
          resource: 'country_settings',
          resourceId: input.country,
          country: input.country,
          before: { cod_enabled: view.cod_enabled, cod_max_minor: view.cod_max_minor },
          after: values,
        }),
      ]);
      return c.json(ok({ ...view, ...values }, 'country_cash_saved'));
    },
  );
