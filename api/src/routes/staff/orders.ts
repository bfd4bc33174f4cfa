// The back office's orders: search and detail for the countries a grant allows, the fulfilment steps
// confirm, packed, shipped, delivered, cancel, and refunds (api/src/staff/orders/).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { COUNTRY_CODES } from '#shared/locale';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { siteOrigin } from '#api/src/lib/site-origin';
import { requireStaff } from '#api/src/middleware/staff';
import type { RefundRow } from '#api/src/db/rows';
import { settleRefund } from '#api/src/payments/refunds';
import { sandboxGateway, signSandboxRefund } from '#api/src/payment-gateway/sandbox';
import { WEBHOOK_SIGNATURE_HEADERS } from '#shared/api/payment-webhooks';
import { assertWritable, loadOrder, orderFor } from '#api/src/order-office/common';
import { bringBack } from '#api/src/archive/bring-back';
import { archiveKeyring } from '#api/src/archive/file';
import { runStep } from '#api/src/order-office/steps';
import { orderDetail } from '#api/src/order-office/detail';
import { searchOrders } from '#api/src/order-office/search';
import { refund } from '#api/src/order-office/refunds';
import { sandboxSettles } from '#api/src/order-office/common';
import {
  staffOrderListQuery,
  staffOrderStepSchema,
  staffOrderShipSchema,
  staffOrderCancelSchema,
  staffOrderRefundSchema,
  staffRefundSettleSchema,
} from '#shared/api/staff-order-schemas';
import { idParams, orderRefundParams } from '#shared/api/route-schemas';
import {
  staffOrderCancelledSchema,
  staffOrderDetailSchema,
  staffOrderListSchema,
} from '#shared/api/staff-order-responses';

export const staffOrderRoutes = new Hono<AppEnv>()
  .get(
    '/orders',
    contract({
      tag: 'staff',
      summary:
        'Orders of the countries the grant allows, newest first (30 a page): search by number, e-mail, name or phone; filter by stage, country, dates',
      query: staffOrderListQuery,
      noDevice: true,
      staff: 'orders:read',
      response: staffOrderListSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const q = c.req.valid('query');
      const allowed = countriesFor(member.grants, 'orders:read') ?? [...COUNTRY_CODES];
      const page = q.page ?? 1;
      if (allowed.length === 0) return c.json(ok({ orders: [], page, has_more: false, countries: allowed }));
      return c.json(ok({ ...(await searchOrders(c.env, q, allowed, page)), page, countries: allowed }));
    },
  )
  .get(
    '/orders/:id{[0-9]+}',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      summary: 'One order: items, address, payments, coupon, wallet use, refunds and its timeline',
      staff: 'orders:read',
      response: staffOrderDetailSchema,
      messages: [],
    }),
    async (c) => {
      const { order, db } = await orderFor(c, c.req.valid('param').id, 'orders:read');
      return c.json(ok(await orderDetail(c, order.id, db)));
    },
  )
  .post(
    '/orders/:id{[0-9]+}/confirm',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      summary: 'Confirm a placed or paid order (mails the shopper); 409 transition_not_allowed from another state',
      body: staffOrderStepSchema,
      staff: 'orders:fulfil',
      response: staffOrderDetailSchema,
      messages: ['transition_not_allowed'],
    }),
    (c) => runStep(c, c.req.valid('param').id, 'confirm', c.req.valid('json')),
  )
  .post(
    '/orders/:id{[0-9]+}/pack',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      summary: 'Mark a confirmed order packed',
      body: staffOrderStepSchema,
      staff: 'orders:fulfil',
      response: staffOrderDetailSchema,
      messages: ['transition_not_allowed'],
    }),
    (c) => runStep(c, c.req.valid('param').id, 'pack', c.req.valid('json')),
  )
  .post(
    '/orders/:id{[0-9]+}/ship',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      summary: 'Ship a packed order with its carrier and tracking number (mails the shopper)',
      body: staffOrderShipSchema,
      staff: 'orders:fulfil',
      response: staffOrderDetailSchema,
      messages: ['transition_not_allowed'],
    }),
    (c) => runStep(c, c.req.valid('param').id, 'ship', c.req.valid('json')),
  )
  .post(
    '/orders/:id{[0-9]+}/dispatch',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      summary: 'Mark a shipped order out for delivery today (mails and pushes the shopper, WhatsApp when asked)',
      body: staffOrderStepSchema,
      staff: 'orders:fulfil',
      response: staffOrderDetailSchema,
      messages: ['transition_not_allowed'],
    }),
    (c) => runStep(c, c.req.valid('param').id, 'dispatch', c.req.valid('json')),
  )
  .post(
    '/orders/:id{[0-9]+}/deliver',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      summary: 'Mark a shipped or out-for-delivery order delivered (mails the shopper)',
      body: staffOrderStepSchema,
      staff: 'orders:fulfil',
      response: staffOrderDetailSchema,
      messages: ['transition_not_allowed'],
    }),
    (c) => runStep(c, c.req.valid('param').id, 'deliver', c.req.valid('json')),
  )
  .post(
    '/orders/:id{[0-9]+}/cancel',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      summary:
        'Cancel an order not yet shipped: stock, coupon use and wallet part given back, what the card paid refunded through the gateway (or to the wallet), mails the shopper; 409 refund_exceeds_paid when a refund raced it. When the gateway refuses the card refund the order is cancelled all the same and the answer carries refund_failed {refund_id, amount, msg: refund_gateway_failed}',
      body: staffOrderCancelSchema,
      staff: 'orders:cancel',
      response: staffOrderCancelledSchema,
      messages: ['transition_not_allowed', 'refund_needs_account', 'refund_no_card_payment', 'refund_exceeds_paid'],
    }),
    (c) => runStep(c, c.req.valid('param').id, 'cancel', c.req.valid('json')),
  )
  .post(
    '/orders/:id{[0-9]+}/refund',
    contract({
      params: idParams,
      noDevice: true,
      tag: 'staff',
      summary:
        'Refund part or all of what was paid, to the wallet or through the gateway, with a reason (mails the shopper); once per idempotency_key, minted with the form: sent again (or twice at once) it answers as the first did and refunds nothing more; 409 refund_key_used for a key of another order',
      body: staffOrderRefundSchema,
      staff: 'orders:refund',
      response: staffOrderDetailSchema,
      messages: [
        'refund_needs_account',
        'refund_no_card_payment',
        'refund_exceeds_paid',
        'refund_gateway_failed',
        'refund_key_used',
      ],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { member, order, db, moving } = await orderFor(c, c.req.valid('param').id, 'orders:refund');
      assertWritable({ moving });
      // A cold order's payments and lines come back to D1 first (decision 60): the refund then reads
      // and writes them as any order's.
      if (order.archive_key === null) return refund(c, member, order, input, db);
      await bringBack(c.env, archiveKeyring(c.var.config), [order.id]);
      return refund(c, member, (await loadOrder(db, order.id, c.env))!, input, db);
    },
  )
  .post(
    '/orders/:id{[0-9]+}/refunds/:refund{[0-9]+}/settle',
    contract({
      tag: 'staff',
      noDevice: true,
      params: orderRefundParams,
      summary:
        'Local sandbox only (404 elsewhere): settle a gateway refund the sandbox left pending, as its webhook would; 409 refund_not_pending',
      body: staffRefundSettleSchema,
      staff: 'orders:refund',
      response: staffOrderDetailSchema,
      messages: ['refund_not_pending'],
    }),
    async (c) => {
      const { id, refund: refundId } = c.req.valid('param');
      const { member, order, db } = await orderFor(c, id, 'orders:refund');
      if (!sandboxSettles(c)) throw new ApiError(404, 'not_found');
      const row = await db
        .prepare(
          "SELECT id, amount, currency, status, provider_ref FROM refunds WHERE id = ? AND order_id = ? AND method = 'gateway'",
        )
        .bind(refundId, order.id)
        .first<Pick<RefundRow, 'id' | 'amount' | 'currency' | 'status' | 'provider_ref'>>();
      if (!row) throw new ApiError(404, 'not_found');
      if (row.status !== 'pending') throw new ApiError(409, 'refund_not_pending');
      // Signed and checked like the gateway's own webhook, then settled the same once-only way.
      const secret = c.var.config.PAYMENT_WEBHOOK_SECRET;
      const signed = await signSandboxRefund(secret, {
        providerRef: row.provider_ref ?? `sbx_re_${row.id}`,
        refundId: row.id,
        status: c.req.valid('json').status,
        amount: row.amount,
        currency: row.currency,
      });
      const gateway = sandboxGateway(secret);
      const report = await gateway.verifyRefundWebhook(
        new Headers({ [WEBHOOK_SIGNATURE_HEADERS.sandbox]: signed.signature }),
        signed.body,
      );
      const settled = await settleRefund(c.env, gateway, report!, 'sandbox', {
        confirm: false,
        staff: member,
        siteOrigin: siteOrigin(c),
      });
      if (!settled.ok || !settled.applied) throw new ApiError(409, 'refund_not_pending');
      return c.json(ok(await orderDetail(c, order.id, db)));
    },
  );

/** Sandbox refunds can be settled by hand only in local mode (never in production, never with Tap). */
