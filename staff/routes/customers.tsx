// Customers: look-up, a shopper's page, wallet adjustments, data export (a JSON download)
// and erasure. Posts redirect back to the page (Post/Redirect/Get); a refused one shows the page again
// with the reason and what was typed.
import { Hono, type Context } from 'hono';
import { customerEraseSchema, walletAdjustSchema } from '#shared/api/people-schemas';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import { CustomerPage, CustomersPage, type FormState } from '../pages/Customers';
import type { CustomerData, CustomerSearch } from '#shared/api/staff-customer-responses';
import type { PointsFormState } from '../pages/loyalty/CustomerPoints';
import type { StaffPointsView } from '#shared/api/staff-loyalty-schemas';
import { apiFailurePage } from './failure';
import { readForm } from '../lib/form';

export const formFields = async (c: Context<StaffAppEnv>): Promise<Record<string, string>> => {
  const form = await readForm(c);
  return Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'));
};

/**
 * The shopper's page, with her points beside the wallet (issue 47): their ledger's page from
 * `points_before`, and the points form's refusal when it comes back with one.
 */
export async function customerPage(
  c: Context<StaffAppEnv>,
  id: string,
  state?: FormState,
  status = 200,
  pointsState?: PointsFormState,
) {
  const before = /^[0-9]{1,15}$/.test(c.req.query('points_before') ?? '') ? c.req.query('points_before') : undefined;
  const [answer, points] = await Promise.all([
    staffApi<CustomerData>(c, 'GET', `/staff/customers/${id}`),
    staffApi<StaffPointsView>(c, 'GET', `/staff/loyalty/customers/${id}${before ? `?before=${before}` : ''}`),
  ]);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <CustomerPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      data={answer.envelope.data}
      state={state}
      points={
        points.status === 200
          ? { data: points.envelope.data, paged: !!before, state: pointsState, eventKey: crypto.randomUUID() }
          : undefined
      }
      walletKey={crypto.randomUUID()}
    />,
    status,
  );
}

const DONE = {
  wallet: 'st_customers_adjusted',
  points: 'points_adjusted',
  erased: 'st_customers_erased_done',
  archive: 'st_customers_archive_done',
} as const;
/** Refusals a redirect brings back (data-requests.tsx): shown as the API's message. */
const FAILED = new Set(['data_export_in_progress', 'customer_already_erased']);

export const customerRoutes = new Hono<StaffAppEnv>()
  .get('/customers', staffPage('customers:read'), async (c) => {
    const q = (c.req.query('q') ?? '').trim().slice(0, 100);
    if (q.length < 2)
      return html(c, <CustomersPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} q={q} hits={q ? null : []} />);
    const answer = await staffApi<CustomerSearch>(c, 'GET', `/staff/customers?${new URLSearchParams({ q })}`);
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <CustomersPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} q={q} hits={answer.envelope.data.customers} />,
    );
  })
  .get('/customers/:id{[0-9]{1,15}}', staffPage('customers:read'), (c) => {
    const done = c.req.query('done');
    const text = done && done in DONE ? c.var.t.t(DONE[done as keyof typeof DONE]) : undefined;
    const failed = c.req.query('failed');
    if (failed && FAILED.has(failed)) return customerPage(c, c.req.param('id'), { error: failed });
    return customerPage(c, c.req.param('id'), text ? { done: text } : undefined);
  })
  .post('/customers/:id{[0-9]{1,15}}/wallet', staffPage('customers:wallet'), async (c) => {
    const id = c.req.param('id');
    const values = await formFields(c);
    const input = walletAdjustSchema.safeParse(values);
    if (!input.success) return customerPage(c, id, { error: 'validation_failed', values }, 400);
    const answer = await staffApi(c, 'POST', `/staff/customers/${id}/wallet`, input.data);
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return customerPage(c, id, { error: answer.envelope.meta.msg, values }, answer.status);
    return c.redirect(`/customers/${id}?done=wallet`, 303);
  })
  .post('/customers/:id{[0-9]{1,15}}/erase', staffPage('customers:erase'), async (c) => {
    const id = c.req.param('id');
    const values = await formFields(c);
    const input = customerEraseSchema.safeParse(values);
    if (!input.success) return customerPage(c, id, { error: 'validation_failed', values }, 400);
    const answer = await staffApi(c, 'POST', `/staff/customers/${id}/erase`, input.data);
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return customerPage(c, id, { error: answer.envelope.meta.msg, values }, answer.status);
    return c.redirect(`/customers/${id}?done=erased`, 303);
  })
  .get('/customers/:id{[0-9]{1,15}}/export', staffPage('customers:export'), async (c) => {
    const id = c.req.param('id');
    const answer = await staffApi<Record<string, unknown>>(c, 'GET', `/staff/customers/${id}/export`);
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    const day = new Date().toISOString().slice(0, 10);
    return c.body(JSON.stringify(answer.envelope.data, null, 2), 200, {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="customer-${id}-${day}.json"`,
      'x-content-type-options': 'nosniff',
    });
  });
