// The Deliveries page (issue 62): the own drivers' day; each change checked with the API's schema,
// sent, and the same day shown again (Post/Redirect/Get), or the API's refusal in place.
import { Hono, type Context } from 'hono';
import { driverZoneSchema, stopAssignSchema, stopMoveSchema } from '#shared/api/cod-schemas';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { DeliveriesData } from '#shared/api/driver-responses';
import { DeliveriesPage } from '../pages/Deliveries';
import type { FormState } from '../pages/Customers';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

const dayOf = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const DONE = ['delivery_stop_assigned', 'delivery_stop_moved', 'delivery_zone_saved'] as const;

async function page(c: C, day: string | undefined, state?: FormState, status = 200) {
  const answer = await staffApi<DeliveriesData>(c, 'GET', `/staff/deliveries${day ? `?day=${day}` : ''}`);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <DeliveriesPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={answer.envelope.data} state={state} />,
    status,
  );
}

function change(
  path: string,
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } },
  read = (v: Record<string, string>) => v as Record<string, unknown>,
) {
  return async (c: C) => {
    const values = await formFields(c);
    const day = dayOf(values.day);
    const body = read(values);
    const input = schema.safeParse(body);
    if (!input.success) return page(c, day, { error: input.error?.issues[0]?.message ?? 'validation_failed' }, 400);
    const answer = await staffApi(c, 'POST', path, body);
    if (answer.status === 200)
      return c.redirect(`/deliveries?${day ? `day=${day}&` : ''}done=${answer.envelope.meta.msg}`, 303);
    if (answer.status === 400) return page(c, day, { error: answer.envelope.meta.msg }, 400);
    return apiFailurePage(c, answer.status);
  };
}

export const deliveriesRoutes = new Hono<StaffAppEnv>()
  .get('/deliveries', staffPage('orders:read'), (c) => {
    const done = DONE.find((d) => d === c.req.query('done'));
    return page(c, dayOf(c.req.query('day')), done ? { done: c.var.t.tKey(done) } : undefined);
  })
  .post('/deliveries/assign', staffPage('orders:fulfil'), change('/staff/deliveries/assign', stopAssignSchema))
  .post('/deliveries/move', staffPage('orders:fulfil'), change('/staff/deliveries/move', stopMoveSchema))
  .post(
    '/deliveries/zones',
    staffPage('orders:fulfil'),
    // The form names a zone as "area:12" or "governorate:3".
    change('/staff/deliveries/zones', driverZoneSchema, (v) => {
      const [kind, zoneId] = (v.zone ?? '').split(':');
      return { kind, zone_id: zoneId, staff_id: v.staff_id ?? '' };
    }),
  );
