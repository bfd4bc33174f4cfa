// Cart reminders (issue 64): the report page with the owner's settings; a save is checked here with the
// API's own schema and handed on; Post/Redirect/Get on success.
import { Hono, type Context } from 'hono';
import { type CartReminderReport, cartReminderSettingsSchema } from '#shared/api/cart-reminder-staff-schemas';
import { mapCountries } from '#shared/countries/map';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { FormState } from '../pages/Customers';
import { CartRemindersPage } from '../pages/CartReminders';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

async function page(c: C, state?: FormState, status = 200) {
  const answer = await staffApi<CartReminderReport>(c, 'GET', '/staff/cart-reminders');
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <CartRemindersPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} report={answer.envelope.data} state={state} />,
    status,
  );
}

/** The form's strings as the API's settings: the second step is optional. */
function settingsInput(values: Record<string, string>) {
  const step = (v: string | undefined) => (v?.trim() ? Number(v) : undefined);
  return {
    enabled: values.enabled === 'on',
    steps: [step(values.step1), step(values.step2)].filter((s) => s !== undefined),
    quiet: { from: Number(values.quiet_from), to: Number(values.quiet_to) },
    // Percent as typed, basis points as stored (set per country, never converted).
    incentive: mapCountries((c) => Math.round(Number(values[`incentive_${c}`] ?? 0) * 100)),
  };
}

export const cartReminderRoutes = new Hono<StaffAppEnv>()
  .get('/cart-reminders', staffPage('promotions:read'), (c) =>
    page(c, c.req.query('done') === 'saved' ? { done: c.var.t.t('cart_reminder_settings_saved') } : undefined),
  )
  .post('/cart-reminders', staffPage('promotions:write'), async (c) => {
    const values = await formFields(c);
    const input = cartReminderSettingsSchema.safeParse(settingsInput(values));
    if (!input.success) return page(c, { error: input.error.issues[0]?.message ?? 'validation_failed', values }, 400);
    const answer = await staffApi(c, 'POST', '/staff/cart-reminders/settings', input.data);
    if (answer.status === 401 || answer.status === 404) return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return page(c, { error: answer.envelope.meta.msg, values }, answer.status);
    return c.redirect('/cart-reminders?done=saved', 303);
  });
