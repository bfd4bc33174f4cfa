// The back office's orders: search, detail, the fulfilment steps, cancel and refunds.
import { idParams, orderRefundParams } from '#shared/api/route-schemas';
import {
  staffOrderCancelSchema,
  staffOrderListQuery,
  staffOrderRefundSchema,
  staffOrderShipSchema,
  staffRefundSettleSchema,
  staffOrderStepSchema,
} from '#shared/api/staff-order-schemas';
import type { RouteContract } from '../route-contract';

const one = { params: idParams, noDevice: true, tag: 'staff' } as const;

export const STAFF_ORDER_CONTRACTS = {
  'GET /staff/orders': {
    tag: 'staff',
    summary:
      'Orders of the countries the grant allows, newest first (30 a page): search by number, e-mail, name or phone; filter by stage, country, dates',
    query: staffOrderListQuery,
    noDevice: true,
    staff: 'orders:read',
  },
  'GET /staff/orders/:id{[0-9]+}': {
    ...one,
    summary: 'One order: items, address, payments, coupon, wallet use, refunds and its timeline',
    staff: 'orders:read',
  },
  'POST /staff/orders/:id{[0-9]+}/confirm': {
    ...one,
    summary: 'Confirm a placed or paid order (mails the shopper); 409 transition_not_allowed from another state',
    body: staffOrderStepSchema,
    staff: 'orders:fulfil',
  },
  'POST /staff/orders/:id{[0-9]+}/pack': {
    ...one,
    summary: 'Mark a confirmed order packed',
    body: staffOrderStepSchema,
    staff: 'orders:fulfil',
  },
  'POST /staff/orders/:id{[0-9]+}/ship': {
    ...one,
    summary: 'Ship a packed order with its carrier and tracking number (mails the shopper)',
    body: staffOrderShipSchema,
    staff: 'orders:fulfil',
  },
  'POST /staff/orders/:id{[0-9]+}/dispatch': {
    ...one,
    summary: 'Mark a shipped order out for delivery today (mails and pushes the shopper, WhatsApp when asked)',
    body: staffOrderStepSchema,
    staff: 'orders:fulfil',
  },
  'POST /staff/orders/:id{[0-9]+}/deliver': {
    ...one,
    summary: 'Mark a shipped or out-for-delivery order delivered (mails the shopper)',
    body: staffOrderStepSchema,
    staff: 'orders:fulfil',
  },
  'POST /staff/orders/:id{[0-9]+}/cancel': {
    ...one,
    summary:
      'Cancel an order not yet shipped: stock, coupon use and wallet part given back, what the card paid refunded through the gateway (or to the wallet), mails the shopper; 409 refund_exceeds_paid when a refund raced it. When the gateway refuses the card refund the order is cancelled all the same and the answer carries refund_failed {refund_id, amount, msg: refund_gateway_failed}',
    body: staffOrderCancelSchema,
    staff: 'orders:cancel',
  },
  'POST /staff/orders/:id{[0-9]+}/refund': {
    ...one,
    summary:
      'Refund part or all of what was paid, to the wallet or through the gateway, with a reason (mails the shopper)',
    body: staffOrderRefundSchema,
    staff: 'orders:refund',
  },
  'POST /staff/orders/:id{[0-9]+}/refunds/:refund{[0-9]+}/settle': {
    tag: 'staff',
    noDevice: true,
    params: orderRefundParams,
    summary:
      'Local sandbox only (404 elsewhere): settle a gateway refund the sandbox left pending, as its webhook would; 409 refund_not_pending',
    body: staffRefundSettleSchema,
    staff: 'orders:refund',
  },
} as const satisfies Record<string, RouteContract>;
