// The back office's orders: the list with its search form, one order with the forms of its
// next steps. Each form posts here, goes to the API (which checks the permission and the order's
// state), and comes back to the order with a note of what happened (Post/Redirect/Get).
import { Hono } from 'hono';
import {
  staffOrderCancelSchema,
  staffOrderListQuery,
  staffOrderRefundSchema,
  staffOrderShipSchema,
  staffOrderStepSchema,
  staffRefundSettleSchema,
} from '#shared/api/staff-order-schemas';
import { currencyDecimals } from '#shared/money';
import type { Permission } from '#shared/staff/permissions';
import { parseDecimal } from '#shared/text/digits';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import type { OrderParcelsData } from '#shared/api/staff-shipping-schemas';
import { formFields } from './customers';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { OrderDetailData, OrderListData, OrderStepAnswer } from '#shared/api/staff-order-responses';
import { OrdersListPage } from '../pages/orders/OrdersList';
import { ORDER_STEPS, OrderDetailPage, type OrderStep } from '../pages/orders/OrderDetail';
import { apiFailurePage } from './failure';
import { PackingSlipPage } from '../pages/orders/PackingSlip';
import { filledQuery } from '../lib/filter-query';
import { readForm } from '../lib/form';

const PERMISSION: Record<OrderStep, Permission> = {
  confirm: 'orders:fulfil',
  pack: 'orders:fulfil',
  ship: 'orders:fulfil',
  dispatch: 'orders:fulfil',
  deliver: 'orders:fulfil',
  cancel: 'orders:cancel',
  refund: 'orders:refund',
};

const isStep = (value: unknown): value is OrderStep => (ORDER_STEPS as readonly unknown[]).includes(value);
const text = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : undefined;

export const orderRoutes = new Hono<StaffAppEnv>()
  .get('/orders', staffPage('orders:read'), async (c) => {
    const parsed = staffOrderListQuery.safeParse(filledQuery(c.req.query()));
    const filters = parsed.success ? parsed.data : {};
    const query = new URLSearchParams(
      Object.entries(filters)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => [k, String(v)]),
    );
    const answer = await staffApi<OrderListData>(c, 'GET', `/staff/orders${query.size ? `?${query}` : ''}`);
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <OrdersListPage t={c.var.t} nonce={c.var.nonce} me={c.var.me!} data={answer.envelope.data} filters={filters} />,
    );
  })
  .get('/orders/:id{[0-9]{1,16}}', staffPage('orders:read'), async (c) => {
    const [answer, parcels] = await Promise.all([
      staffApi<OrderDetailData>(c, 'GET', `/staff/orders/${c.req.param('id')}`),
      staffApi<OrderParcelsData>(c, 'GET', `/staff/shipping/orders/${c.req.param('id')}/parcels`),
    ]);
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    const done = c.req.query('done');
    const error = c.req.query('error');
    return html(
      c,
      <OrderDetailPage
        t={c.var.t}
        nonce={c.var.nonce}
        me={c.var.me!}
        data={answer.envelope.data}
        done={isStep(done) ? done : null}
        error={error && /^[a-z_-]{1,60}$/.test(error) ? error : null}
        parcels={parcels.status === 200 ? parcels.envelope.data : null}
        // Each page shown mints its own: a refund form sent twice refunds once (the API keeps the key).
        refundKey={crypto.randomUUID()}
      />,
    );
  })
  // Part of the order in a parcel now (issue 62): the counts typed per line; the rest waits for stock.
  .post('/orders/:id{[0-9]{1,16}}/parcel', staffPage('orders:fulfil'), async (c) => {
    const id = c.req.param('id');
    const values = await formFields(c);
    const lines = Object.entries(values)
      .filter(([k, v]) => /^line_\d+$/.test(k) && /^\d+$/.test(v.trim()))
      .map(([k, v]) => ({ sku_id: Number(k.slice(5)), count: Number(v.trim()) }));
    const answer = await staffApi(c, 'POST', `/staff/shipping/orders/${id}/parcel`, { lines });
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return c.redirect(`/orders/${id}?error=${answer.envelope.meta.msg}`, 303);
    return c.redirect(`/orders/${id}`, 303);
  })
  // The printable packing slip (decision 34): recipient, address, items and counts, the gift's message
  // and day; no prices. Read from the same detail as the order page.
  .get('/orders/:id{[0-9]{1,16}}/packing-slip', staffPage('orders:read'), async (c) => {
    const answer = await staffApi<OrderDetailData>(c, 'GET', `/staff/orders/${c.req.param('id')}`);
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(c, <PackingSlipPage t={c.var.t} nonce={c.var.nonce} data={answer.envelope.data} />);
  })
  // Local sandbox only (the API answers 404 elsewhere): a tester settles a pending gateway refund.
  .post('/orders/:id{[0-9]{1,16}}/refunds/:refund{[0-9]{1,16}}/settle', staffPage('orders:refund'), async (c) => {
    const id = c.req.param('id');
    const form = await readForm(c);
    const input = staffRefundSettleSchema.safeParse({ status: text(form, 'status') });
    if (!input.success) return c.redirect(`/orders/${id}?error=validation_failed`, 303);
    const answer = await staffApi(c, 'POST', `/staff/orders/${id}/refunds/${c.req.param('refund')}/settle`, input.data);
    if (answer.status === 200) return c.redirect(`/orders/${id}?done=refund`, 303);
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    return c.redirect(`/orders/${id}?error=${encodeURIComponent(answer.envelope.meta.msg)}`, 303);
  })
  .post(
    '/orders/:id{[0-9]{1,16}}/:step{[a-z]+}',
    async (c, next) => {
      const step = c.req.param('step');
      if (!isStep(step)) return c.notFound();
      return staffPage(PERMISSION[step])(c, next);
    },
    async (c) => {
      const id = c.req.param('id');
      const step = c.req.param('step') as OrderStep;
      const form = await readForm(c);
      const back = (query: string) => c.redirect(`/orders/${id}?${query}`, 303);
      let body: unknown;
      if (step === 'ship') {
        const input = staffOrderShipSchema.safeParse({
          carrier: text(form, 'carrier'),
          tracking_number: text(form, 'tracking_number'),
          tracking_url: text(form, 'tracking_url'),
        });
        if (!input.success) return back('error=validation_failed');
        body = input.data;
      } else if (step === 'cancel') {
        const input = staffOrderCancelSchema.safeParse({
          confirm: form.confirm === 'yes',
          refund_method: text(form, 'refund_method'),
          note: text(form, 'note'),
        });
        if (!input.success) return back('error=validation_failed');
        body = input.data;
      } else if (step === 'refund') {
        // The amount is typed in the currency's units; the API takes minor units of the order's currency.
        const detail = await staffApi<OrderDetailData>(c, 'GET', `/staff/orders/${id}`);
        if (detail.status !== 200) return apiFailurePage(c, detail.status);
        const decimal = parseDecimal(text(form, 'amount') ?? '');
        const minor =
          decimal === null
            ? Number.NaN
            : Math.round(decimal * 10 ** currencyDecimals(detail.envelope.data.order.currency));
        const input = staffOrderRefundSchema.safeParse({
          amount: minor,
          method: text(form, 'method'),
          reason: text(form, 'reason'),
          note: text(form, 'note'),
          idempotency_key: text(form, 'idempotency_key'),
        });
        if (!input.success) return back('error=validation_failed');
        body = input.data;
      } else {
        const input = staffOrderStepSchema.safeParse({ note: text(form, 'note') });
        if (!input.success) return back('error=validation_failed');
        body = input.data;
      }
      // A refused step's envelope carries no order (null data).
      const answer = await staffApi<OrderStepAnswer | null>(c, 'POST', `/staff/orders/${id}/${step}`, body);
      // A cancel is done even when the gateway refused its card refund: both notes show, so the clerk
      // knows the money did not go back (the page then offers the refund again).
      const refundFailed = answer.status === 200 ? answer.envelope.data?.refund_failed?.msg : undefined;
      if (refundFailed) return back(`done=${step}&error=${encodeURIComponent(refundFailed)}`);
      if (answer.status === 200) return back(`done=${step}`);
      if (answer.status === 401 || answer.status === 403 || answer.status === 404)
        return apiFailurePage(c, answer.status);
      return back(`error=${encodeURIComponent(answer.envelope.meta.msg)}`);
    },
  );
