// The Ship page (issue 62, decision 66): read and used with orders:fulfil, rules saved with
// delivery:manage (the API checks both per country). Post/Redirect/Get, the outcome in the query.
import { Hono, type Context } from 'hono';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type {
  CarrierRulesList,
  PickupBooked,
  ShipOrdersAnswer,
  ShippingData,
} from '#shared/api/staff-shipping-schemas';
import { ShippingPage } from '../pages/Shipping';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

async function page(c: C, state?: { done?: string; error?: string }, status = 200) {
  const [answer, rules] = await Promise.all([
    staffApi<ShippingData>(c, 'GET', '/staff/shipping'),
    staffApi<CarrierRulesList>(c, 'GET', '/staff/shipping/rules'),
  ]);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <ShippingPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      data={answer.envelope.data}
      rules={rules.status === 200 ? rules.envelope.data.rules : []}
      state={state}
    />,
    status,
  );
}

/** The outcome shown after a redirect: what was done, or the first refusal. */
function outcome(c: C): { done?: string; error?: string } | undefined {
  const t = c.var.t;
  const q = c.req.query();
  if (q.error) return { error: q.error };
  if (q.shipped !== undefined) {
    const failed = (q.failed ?? '')
      .split(';')
      .filter(Boolean)
      .map((f) => {
        const [id, key] = f.split(':');
        return t.t('st_shipping_failed', { id: id ?? '', reason: t.tKey(key ?? '') });
      });
    return { done: [t.t('st_shipping_shipped', { count: Number(q.shipped) }), ...failed].join(' ') };
  }
  if (q.done === 'retry') return { done: t.t('st_shipping_shipped', { count: 1 }) };
  if (q.done === 'pickup') return { done: t.t('st_shipping_pickup_booked', { ref: q.ref ?? '' }) };
  if (q.done === 'rules') return { done: t.t('st_shipping_rules_saved') };
  return undefined;
}

const idsFrom = (values: Record<string, string>, prefix: string) =>
  Object.keys(values)
    .filter((k) => k.startsWith(prefix) && /^\d+$/.test(k.slice(prefix.length)))
    .map((k) => Number(k.slice(prefix.length)));

/** The rules form's rows as the API's rules: a row without a number is left out (removed). */
function rulesFrom(values: Record<string, string>) {
  const rules: unknown[] = [];
  for (let i = 0; values[`rule_${i}_zones`] !== undefined; i++) {
    const priority = (values[`rule_${i}_priority`] ?? '').trim();
    if (priority === '') continue;
    const zones = (values[`rule_${i}_zones`] ?? '').trim();
    const weight = (values[`rule_${i}_weight`] ?? '').trim();
    rules.push({
      priority: /^\d+$/.test(priority) ? Number(priority) : -1,
      zones:
        zones === 'all' || zones === '' ? 'all' : zones.split(',').map((z) => (/^\s*\d+\s*$/.test(z) ? Number(z) : -1)),
      speed: values[`rule_${i}_speed`],
      cod: values[`rule_${i}_cod`],
      max_weight_grams: weight === '' ? null : /^\d+$/.test(weight) ? Number(weight) : -1,
      carrier: values[`rule_${i}_carrier`],
    });
  }
  return rules;
}

/** A file the API made (labels PDF, manifest CSV), handed on as it came. */
async function file(c: C, path: string) {
  const answer = await staffApi(c, 'GET', path);
  if (answer.status !== 200 || !answer.raw?.body) return apiFailurePage(c, answer.status);
  const headers = new Headers();
  for (const name of ['content-type', 'content-disposition', 'cache-control'])
    headers.set(name, answer.raw.headers.get(name) ?? '');
  return new Response(answer.raw.body, { headers });
}

export const shippingRoutes = new Hono<StaffAppEnv>()
  .get('/shipping', staffPage('orders:fulfil'), (c) => page(c, outcome(c)))
  .post('/shipping/ship', staffPage('orders:fulfil'), async (c) => {
    const values = await formFields(c);
    const ids = idsFrom(values, 'order_');
    if (ids.length === 0) return c.redirect('/shipping?shipped=0', 303);
    // A carrier chosen for an order instead of the rules' (empty: the rules choose); the API checks it.
    const carriers = ids
      .filter((id) => values[`carrier_${id}`])
      .map((id) => ({ order_id: id, carrier: values[`carrier_${id}`] }));
    const answer = await staffApi<ShipOrdersAnswer>(c, 'POST', '/staff/shipping/ship', {
      order_ids: ids,
      ...(carriers.length > 0 ? { carriers } : {}),
    });
    // A carrier that is none of the shop's (a changed form) is the API's 400: said on the page.
    if (answer.status === 400) return c.redirect(`/shipping?error=${answer.envelope.meta.msg}`, 303);
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    const { queued, failed } = answer.envelope.data;
    const failures = failed.map((f) => `${f.order_id}:${f.msg}`).join(';');
    return c.redirect(
      `/shipping?shipped=${queued.length}${failures ? `&failed=${encodeURIComponent(failures)}` : ''}`,
      303,
    );
  })
  .post('/shipping/parcels/:id{[0-9]+}/retry', staffPage('orders:fulfil'), async (c) => {
    const answer = await staffApi(c, 'POST', `/staff/shipping/shipments/${c.req.param('id')}/retry`, {});
    if (answer.status === 409) return c.redirect(`/shipping?error=${answer.envelope.meta.msg}`, 303);
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    const back = c.req.header('referer');
    return c.redirect(
      back && new URL(back).pathname.startsWith('/orders/') ? new URL(back).pathname : '/shipping?done=retry',
      303,
    );
  })
  .get('/shipping/labels.pdf', staffPage('orders:fulfil'), async (c) => {
    const ids = idsFrom(c.req.query(), 'parcel_');
    if (ids.length === 0) return c.redirect('/shipping?error=shipping_no_parcels', 303);
    return file(c, `/staff/shipping/labels?ids=${ids.join(',')}`);
  })
  .get('/shipping/manifest.csv', staffPage('orders:fulfil'), (c) => {
    const q = new URLSearchParams({
      country: c.req.query('country') ?? '',
      carrier: c.req.query('carrier') ?? '',
      day: c.req.query('day') ?? '',
      format: 'csv',
    });
    return file(c, `/staff/shipping/manifest?${q}`);
  })
  .post('/shipping/pickups', staffPage('orders:fulfil'), async (c) => {
    const v = await formFields(c);
    const answer = await staffApi<PickupBooked>(c, 'POST', '/staff/shipping/pickups', {
      country: v.country,
      carrier: v.carrier,
      day: v.day,
    });
    if (answer.status === 401 || answer.status === 403) return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return c.redirect(`/shipping?error=${answer.envelope.meta.msg}`, 303);
    return c.redirect(`/shipping?done=pickup&ref=${encodeURIComponent(answer.envelope.data.carrier_ref)}`, 303);
  })
  .post('/shipping/rules', staffPage('delivery:manage'), async (c) => {
    const v = await formFields(c);
    const answer = await staffApi(c, 'POST', '/staff/shipping/rules', { country: v.country, rules: rulesFrom(v) });
    if (answer.status === 401 || answer.status === 403) return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return page(c, { error: 'st_shipping_rules_invalid' }, 400);
    return c.redirect('/shipping?done=rules', 303);
  });
