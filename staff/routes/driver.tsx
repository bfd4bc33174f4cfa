// The driver's phone page (issue 62): her own stops of today; each mark checked here with the API's
// own schema and handed on; Post/Redirect/Get on success, the page again with the stop's form open and
// its values on a refusal. Another driver's stop answers as the API does (not found).
import { Hono, type Context } from 'hono';
import { driverDeliveredSchema, driverFailedSchema } from '#shared/api/cod-schemas';
import type { DriverDay } from '#shared/api/driver-responses';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import { DriverPage, type DriverFormState } from '../pages/Driver';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

const DONE = ['driver_run_started', 'driver_marked_delivered', 'driver_marked_failed'] as const;

async function page(c: C, state?: DriverFormState, status = 200) {
  const answer = await staffApi<DriverDay>(c, 'GET', '/staff/driver/day');
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <DriverPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} day={answer.envelope.data} state={state} />,
    status,
  );
}

function mark(form: 'delivered' | 'failed') {
  const schema = form === 'delivered' ? driverDeliveredSchema : driverFailedSchema;
  return async (c: C) => {
    const stop = Number(c.req.param('id'));
    const values = await formFields(c);
    const input = schema.safeParse(values);
    if (!input.success)
      return page(c, { error: input.error.issues[0]?.message ?? 'validation_failed', values, stop, form }, 400);
    const answer = await staffApi(c, 'POST', `/staff/driver/stops/${stop}/${form}`, values);
    if (answer.status === 200) return c.redirect(`/driver?done=${answer.envelope.meta.msg}`, 303);
    if (answer.status === 400 || answer.status === 409)
      return page(c, { error: answer.envelope.meta.msg, values, stop, form }, answer.status);
    return apiFailurePage(c, answer.status);
  };
}

export const driverRoutes = new Hono<StaffAppEnv>()
  .get('/driver', staffPage('deliveries:drive'), (c) => {
    const done = DONE.find((d) => d === c.req.query('done'));
    return page(c, done ? { done: c.var.t.tKey(done) } : undefined);
  })
  .post('/driver/start', staffPage('deliveries:drive'), async (c) => {
    const answer = await staffApi(c, 'POST', '/staff/driver/run/start', {});
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return c.redirect('/driver?done=driver_run_started', 303);
  })
  .post('/driver/stops/:id{[0-9]+}/delivered', staffPage('deliveries:drive'), mark('delivered'))
  .post('/driver/stops/:id{[0-9]+}/failed', staffPage('deliveries:drive'), mark('failed'));
