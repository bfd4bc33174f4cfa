// Returns as read for the shopper's order page (api/src/orders/view.ts): one statement of the core,
// each return with its lines, steps and parcel as JSON, so the order's read stays one round trip in
// shard 0 (decision 61: returns, like shipments, are the core's whichever shard holds the order).
import type { FulfilmentStep, OrderReturnsView, OrderReturnView } from '#shared/orders/types';
import { type ReturnReason, type ReturnStatus, returnWindowEnd } from '#shared/orders/returns';

export function orderReturnsStatement(core: D1Database, orderId: number): D1PreparedStatement {
  return core
    .prepare(
      `SELECT r.id, r.status, r.reason, r.created_at, r.refund_amount, s.status AS parcel_status, s.tracking_number, s.label_key,
         (SELECT json_group_array(json_object('sku_id', i.sku_id, 'count', i.count)) FROM return_items i WHERE i.return_id = r.id) AS items,
         (SELECT json_group_array(json_object('kind', e.kind, 'at', e.at)) FROM return_events e WHERE e.return_id = r.id) AS events,
         (SELECT min(x.at) FROM shipment_events x WHERE x.shipment_id = r.shipment_id AND x.status IN ('picked_up', 'in_transit')) AS moving_at
       FROM returns r LEFT JOIN shipments s ON s.id = r.shipment_id WHERE r.order_id = ? ORDER BY r.id`,
    )
    .bind(orderId);
}

export interface ReturnReadRow {
  id: number;
  status: ReturnStatus;
  reason: ReturnReason;
  created_at: number;
  refund_amount: number | null;
  parcel_status: string | null;
  tracking_number: string | null;
  label_key: string | null;
  items: string;
  events: string;
  moving_at: number | null;
}

/** The steps a return adds to the order's timeline (the refund shows as the order's own 'refunded'). */
export function returnSteps(rows: readonly ReturnReadRow[]): Array<{ kind: FulfilmentStep; at: number }> {
  const steps: Array<{ kind: FulfilmentStep; at: number }> = [];
  for (const r of rows) {
    for (const e of JSON.parse(r.events) as Array<{ kind: string; at: number }>)
      if (e.kind !== 'refunded') steps.push({ kind: `return_${e.kind}` as FulfilmentStep, at: e.at });
    if (r.moving_at) steps.push({ kind: 'return_in_transit', at: r.moving_at });
  }
  return steps;
}

/** What the order page shows and offers of returns: the window, what may still go back, each return. */
export function orderReturnsView(
  order: { status: string; items: ReadonlyArray<{ sku_id: number; count: number }> },
  deliveredAt: number | null,
  rows: readonly ReturnReadRow[],
  now = Date.now(),
): OrderReturnsView {
  const list: OrderReturnView[] = rows.map((r) => ({
    id: r.id,
    // The parcel on its way back reads as in transit until staff receive it.
    status: r.moving_at && ['requested', 'pickup_booked', 'label_ready'].includes(r.status) ? 'in_transit' : r.status,
    reason: r.reason,
    created_at: r.created_at,
    items: JSON.parse(r.items) as Array<{ sku_id: number; count: number }>,
    refund_amount: r.refund_amount,
    parcel: r.parcel_status
      ? { status: r.parcel_status, tracking_number: r.tracking_number, label: r.label_key !== null }
      : null,
  }));
  const taken = new Map<number, number>();
  for (const r of list)
    if (r.status !== 'rejected') for (const i of r.items) taken.set(i.sku_id, (taken.get(i.sku_id) ?? 0) + i.count);
  const left = order.items
    .map((i) => ({ sku_id: i.sku_id, count: i.count - (taken.get(i.sku_id) ?? 0) }))
    .filter((i) => i.count > 0);
  const end = order.status === 'delivered' ? returnWindowEnd(deliveredAt) : null;
  return { until: end !== null && now <= end && left.length > 0 ? end : null, left, list };
}
