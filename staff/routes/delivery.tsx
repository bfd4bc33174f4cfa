// The Delivery page (issue 62, decision 65): read with orders:read; each form checked here with the API's
// own schema and handed on; Post/Redirect/Get on success, the form again with its values on a refusal.
import { Hono, type Context } from 'hono';
import {
  type DeliverySettingsCountry,
  deliveryHolidayInputSchema,
  deliveryRulesInputSchema,
  deliverySpeedInputSchema,
} from '#shared/api/delivery-rules-schemas';
import { isCountryCode } from '#shared/locale';
import type { StaffAppEnv } from '../app-env';
import { staffPage } from '../middleware/guards';
import { DeliveryPage, type DeliveryFormState } from '../pages/Delivery';
import { countrySettingsPage, handOn } from './country-settings';
import { formFields } from './customers';

type C = Context<StaffAppEnv>;

function page(c: C, state?: DeliveryFormState, status = 200) {
  return countrySettingsPage<DeliverySettingsCountry, DeliveryFormState>(
    c,
    '/staff/settings/delivery',
    DeliveryPage,
    state,
    status,
  );
}

/** One of the page's forms: checked, sent, and the page again (its values kept) when refused. */
function save(
  path: string,
  schema: {
    safeParse: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: Array<{ message: string }> } };
  },
  formOf: (v: Record<string, string>) => string,
) {
  return async (c: C) => {
    const values = await formFields(c);
    const country = isCountryCode(values.country) ? values.country : undefined;
    const form = formOf(values);
    const input = schema.safeParse(values);
    if (!input.success)
      return page(c, { error: input.error?.issues[0]?.message ?? 'validation_failed', values, country, form }, 400);
    // The API reads the form's own fields with the same schema.
    return handOn(c, path, values, '/delivery?done=saved', (answer) =>
      page(c, { error: answer.envelope.meta.msg, values, country, form }, answer.status),
    );
  };
}

export const deliveryRoutes = new Hono<StaffAppEnv>()
  .get('/delivery', staffPage('orders:read'), (c) =>
    page(c, c.req.query('done') === 'saved' ? { done: c.var.t.t('delivery_saved') } : undefined),
  )
  .post(
    '/delivery/rules',
    staffPage('delivery:manage'),
    save('/staff/settings/delivery/rules', deliveryRulesInputSchema, () => 'rules'),
  )
  .post(
    '/delivery/speeds',
    staffPage('delivery:manage'),
    save('/staff/settings/delivery/speeds', deliverySpeedInputSchema, (v) => `speed-${v.speed}`),
  )
  .post(
    '/delivery/holidays',
    staffPage('delivery:manage'),
    save('/staff/settings/delivery/holidays', deliveryHolidayInputSchema, () => 'holiday'),
  );
