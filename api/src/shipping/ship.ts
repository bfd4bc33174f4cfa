// Shipping orders from the back office (issue 62, decision 66): for each order one parcel of what is
// still to ship (or the lines and counts staff chose: the rest waits for stock), its carrier chosen by
// the owner's rules (or another the rules allow, chosen by staff), queued for creation at the carrier
// (./create.ts consumes it). The parcel's reference `<order>-<n>` is unique: a second press for the same
// parcel is refused, never doubled.
import type { DeliverySpeed } from '#shared/delivery/promise';
import { orderRoute } from '#api/src/db/databases';
import { ApiError } from '#api/src/lib/errors';
import { auditStatement } from '#api/src/staff/audit';
import { loadOrder, type Order, stageOf } from '#api/src/order-office/common';
import type { StaffMember } from '#api/src/staff/sessions';
import { carrierFor } from '#api/src/carriers';
import { type CarrierCode, CarrierNotConfigured } from '#api/src/carriers/types';
import { apiConfig } from '#api/src/lib/config';
import {
  type CarrierRule,
  carriersAllowed,
  chooseCarrier,
  loadCarrierRules,
  NoCarrierRule,
  type Parcel,
} from './carrier-rules';

/** Stages an order ships from: confirmed or packed, or shipped already with lines still waiting. */
const SHIPPABLE_STAGES = ['confirmed', 'packed', 'shipped', 'out_for_delivery'] as const;

export interface LineToShip {
  sku_id: number;
  name: string;
  sku_name: string;
  ordered: number;
  /** In parcels already (any but cancelled ones). */
  shipped: number;
  weight_grams: number;
}

/** The order's lines with what its parcels carry so far (shipments are in the core, lines in her shard). */
export async function linesToShip(env: ApiEnv, order: Order, db: D1Database): Promise<LineToShip[]> {
  const { results: items } = await db
    .prepare('SELECT sku_id, name, sku_name, count FROM order_items WHERE order_id = ? ORDER BY sku_id')
    .bind(order.id)
    .all<{ sku_id: number; name: string; sku_name: string; count: number }>();
  const core = env.DB;
  const [shipped, weights] = await core.batch([
    core
      .prepare(
        `SELECT i.sku_id, sum(i.count) AS n FROM shipment_items i JOIN shipments s ON s.id = i.shipment_id
         WHERE s.order_id = ? AND s.direction = 'outbound' AND s.status <> 'cancelled' GROUP BY i.sku_id`,
      )
      .bind(order.id),
    core
      .prepare('SELECT id, weight_grams FROM skus WHERE id IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(items.map((i) => i.sku_id))),
  ]);
  const inParcels = new Map((shipped!.results as Array<{ sku_id: number; n: number }>).map((r) => [r.sku_id, r.n]));
  const weightOf = new Map(
    (weights!.results as Array<{ id: number; weight_grams: number }>).map((r) => [r.id, r.weight_grams]),
  );
  return items.map((i) => ({
    sku_id: i.sku_id,
    name: i.name,
    sku_name: i.sku_name,
    ordered: i.count,
    shipped: inParcels.get(i.sku_id) ?? 0,
    weight_grams: weightOf.get(i.sku_id) ?? 250,
  }));
}

/** The order's Kuwait area or Saudi city, from the address it was placed with. */
function zoneOf(order: Pick<Order, 'address'>): number | null {
  try {
    const a = JSON.parse(order.address) as { area_id?: unknown; city_id?: unknown };
    const id = Number(a.area_id ?? a.city_id);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** What is left to pay on a cash order (minor units), less what its other parcels collect already. */
async function codFor(env: ApiEnv, order: Order): Promise<number> {
  if (order.payment_method !== 'cod') return 0;
  const collecting = await env.DB.prepare(
    "SELECT coalesce(sum(cod_amount), 0) AS n FROM shipments WHERE order_id = ? AND direction = 'outbound' AND status NOT IN ('cancelled', 'refused')",
  )
    .bind(order.id)
    .first<{ n: number }>();
  return Math.max(0, order.total - order.wallet_used - (collecting?.n ?? 0));
}

export async function orderAt(
  env: ApiEnv,
  orderId: number,
): Promise<{ order: Order; db: D1Database; moving: boolean }> {
  const route = await orderRoute(env, orderId);
  const order = await loadOrder(route.db, orderId, env);
  if (!order) throw new ApiError(404, 'not_found');
  return { order, db: route.db, moving: route.moving };
}

/** What one parcel of the order would carry, and its facts as the carrier rules read them. */
export interface ParcelPlan {
  wanted: Array<{ sku_id: number; count: number }>;
  parcel: Parcel;
}

/**
 * The parcel of the lines given (all that is left when none): checked against what is left to ship,
 * with its weight, the speed she was promised, the cash to collect and the address's zone.
 */
export async function planParcel(
  env: ApiEnv,
  order: Order,
  lines: readonly LineToShip[],
  chosen?: Array<{ sku_id: number; count: number }>,
): Promise<ParcelPlan> {
  const wanted = chosen
    ? chosen.filter((c) => c.count > 0)
    : lines.map((l) => ({ sku_id: l.sku_id, count: l.ordered - l.shipped })).filter((l) => l.count > 0);
  if (wanted.length === 0) throw new ApiError(409, 'shipping_nothing_left');
  for (const w of wanted) {
    const line = lines.find((l) => l.sku_id === w.sku_id);
    if (!line || w.count > line.ordered - line.shipped) throw new ApiError(409, 'shipping_more_than_left');
  }
  const weight = wanted.reduce((sum, w) => sum + w.count * lines.find((l) => l.sku_id === w.sku_id)!.weight_grams, 0);
  // The speed she chose and was promised (decision 65); orders placed before it go standard.
  const speed: DeliverySpeed = order.delivery_speed ?? 'standard';
  const cod = await codFor(env, order);
  return {
    wanted,
    parcel: { country: order.country, zone: zoneOf(order), speed, codAmount: cod, weightGrams: weight },
  };
}

/**
 * The carriers staff may send a parcel with instead of the rules' first choice (issue 73): those of the
 * country's rules that fit it, whose adapter serves its country and, in live mode, has its keys.
 */
export function carriersFor(env: ApiEnv, rules: readonly CarrierRule[], parcel: Parcel): CarrierCode[] {
  const config = apiConfig(env);
  return carriersAllowed(rules, parcel).filter((code) => {
    try {
      return carrierFor(env, config, code).countries.includes(parcel.country);
    } catch (error) {
      if (error instanceof CarrierNotConfigured) return false;
      throw error;
    }
  });
}

/**
 * One parcel of the order, queued: the lines given (all that is left when none), its carrier by the
 * rules or the one staff chose among those the rules allow for it, its cash to collect and weight.
 * Returns the new shipment's id (for the queue message).
 */
export async function queueParcel(
  env: ApiEnv,
  member: StaffMember,
  order: Order,
  db: D1Database,
  chosen?: Array<{ sku_id: number; count: number }>,
  carrierChosen?: CarrierCode,
): Promise<number> {
  if (!(SHIPPABLE_STAGES as readonly string[]).includes(stageOf(order)))
    throw new ApiError(409, 'transition_not_allowed');
  const { wanted, parcel } = await planParcel(env, order, await linesToShip(env, order, db), chosen);
  const { speed, codAmount: cod, weightGrams: weight } = parcel;
  const rules = await loadCarrierRules(env.DB, order.country);
  let carrier: CarrierCode;
  if (carrierChosen) {
    if (!carriersFor(env, rules, parcel).includes(carrierChosen))
      throw new ApiError(409, 'shipping_carrier_not_allowed');
    carrier = carrierChosen;
  } else {
    try {
      carrier = chooseCarrier(rules, parcel).carrier;
    } catch (error) {
      if (error instanceof NoCarrierRule) throw new ApiError(409, 'shipping_no_carrier_rule');
      throw error;
    }
  }
  const core = env.DB;
  const n = await core
    .prepare('SELECT count(*) AS n FROM shipments WHERE order_id = ?')
    .bind(order.id)
    .first<{ n: number }>();
  const reference = `${order.id}-${(n?.n ?? 0) + 1}`;
  const now = Date.now();
  try {
    const [inserted] = await core.batch([
      core
        .prepare(
          `INSERT INTO shipments (order_id, country, carrier, speed, status, reference, weight_grams, cod_amount, currency, staff_id, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .bind(order.id, order.country, carrier, speed, reference, weight, cod, order.currency, member.id, now, now),
      ...wanted.map((w) =>
        core
          .prepare(
            'INSERT INTO shipment_items (shipment_id, sku_id, count) SELECT id, ?, ? FROM shipments WHERE reference = ?',
          )
          .bind(w.sku_id, w.count, reference),
      ),
      auditStatement(core, member, {
        action: 'shipment.queue',
        resource: 'order',
        resourceId: order.id,
        country: order.country,
        after: {
          reference,
          carrier,
          carrier_by: carrierChosen ? 'staff' : 'rules',
          lines: wanted,
          cod_amount: cod,
          weight_grams: weight,
        },
      }),
    ]);
    return (inserted!.results[0] as { id: number }).id;
  } catch (error) {
    // Two presses at once: the second finds the reference taken, and nothing of it is stored.
    if (/UNIQUE constraint failed: shipments\.reference/.test(String(error)))
      throw new ApiError(409, 'shipping_in_progress');
    throw error;
  }
}
