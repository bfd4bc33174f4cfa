// Amounts per country (decision 52): the page with a form per country, and one for its cash on delivery
// (issue 77); a save is checked here with the API's own schema and handed on; Post/Redirect/Get on success.
import { Hono, type Context } from 'hono';
import { countryAmountsInputSchema, countryCashInputSchema } from '#shared/api/country-amounts-schemas';
import { isCountryCode, type CountryCode } from '#shared/locale';
import type { StaffAppEnv } from '../app-env';
import { staffPage } from '../middleware/guards';
import type { FormState } from '../pages/Customers';
import type { CountryAmountsView } from '#shared/api/country-amounts-schemas';
import { AmountsPage } from '../pages/Amounts';
import { countrySettingsPage, handOn } from './country-settings';
import { formFields } from './customers';

type C = Context<StaffAppEnv>;

function page(c: C, state?: FormState & { country?: CountryCode }, status = 200) {
  return countrySettingsPage<CountryAmountsView, typeof state>(
    c,
    '/staff/settings/amounts',
    AmountsPage,
    state,
    status,
  );
}

export const amountRoutes = new Hono<StaffAppEnv>()
  .get('/amounts', staffPage('promotions:read'), (c) => {
    const done = c.req.query('done');
    return page(
      c,
      done === 'saved'
        ? { done: c.var.t.t('country_amounts_saved') }
        : done === 'cash'
          ? { done: c.var.t.t('country_cash_saved') }
          : undefined,
    );
  })
  .post('/amounts', staffPage('promotions:write'), async (c) => {
    const values = await formFields(c);
    const country = isCountryCode(values.country) ? values.country : undefined;
    const input = countryAmountsInputSchema.safeParse(values);
    if (!input.success)
      return page(c, { error: input.error.issues[0]?.message ?? 'validation_failed', values, country }, 400);
    return handOn(c, '/staff/settings/amounts', input.data, '/amounts?done=saved', (answer) =>
      page(c, { error: answer.envelope.meta.msg, values, country }, answer.status),
    );
  })
  .post('/amounts/cash', staffPage('promotions:write'), async (c) => {
    const values = await formFields(c);
    const country = isCountryCode(values.country) ? values.country : undefined;
    const form = { ...values, form: 'cash' };
    const input = countryCashInputSchema.safeParse(values);
    if (!input.success)
      return page(c, { error: input.error.issues[0]?.message ?? 'validation_failed', values: form, country }, 400);
    return handOn(c, '/staff/settings/cash-on-delivery', input.data, '/amounts?done=cash', (answer) =>
      page(c, { error: answer.envelope.meta.msg, values: form, country }, answer.status),
    );
  });
