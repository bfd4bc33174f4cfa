// Amounts per country (decision 52): the page with a form per country; a save is checked here with the
// API's own schema and handed on; Post/Redirect/Get on success.
import { Hono, type Context } from 'hono';
import { countryAmountsInputSchema } from '#shared/api/country-amounts-schemas';
import { isCountryCode, type CountryCode } from '#shared/locale';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { FormState } from '../pages/Customers';
import type { CountryAmountsView } from '#shared/api/country-amounts-schemas';
import { AmountsPage } from '../pages/Amounts';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

async function page(c: C, state?: FormState & { country?: CountryCode }, status = 200) {
  const answer = await staffApi<{ countries: CountryAmountsView[] }>(c, 'GET', '/staff/settings/amounts');
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <AmountsPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      countries={answer.envelope.data.countries}
      state={state}
    />,
    status,
  );
}

export const amountRoutes = new Hono<StaffAppEnv>()
  .get('/amounts', staffPage('promotions:read'), (c) =>
    page(c, c.req.query('done') === 'saved' ? { done: c.var.t.t('country_amounts_saved') } : undefined),
  )
  .post('/amounts', staffPage('promotions:write'), async (c) => {
    const values = await formFields(c);
    const country = isCountryCode(values.country) ? values.country : undefined;
    const input = countryAmountsInputSchema.safeParse(values);
    if (!input.success)
      return page(c, { error: input.error.issues[0]?.message ?? 'validation_failed', values, country }, 400);
    const answer = await staffApi(c, 'POST', '/staff/settings/amounts', input.data);
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return page(c, { error: answer.envelope.meta.msg, values, country }, answer.status);
    return c.redirect('/amounts?done=saved', 303);
  });
