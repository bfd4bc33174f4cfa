// Local mode only (never in production): the local carrier's sandbox, as the payment sandbox is the
// gateway's. GET /dev/parcels lists the local carrier's parcels with their order and status; POST
// /dev/parcels/{tracking}/event moves one along (picked up, in transit, out for delivery, delivered,
// failed attempt with a reason, returned to sender): a local_parcel_events row, as the carrier would
// record it, applied at once through the one ingestion, so the tester sees the order change now.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { z } from '#shared/zod';
import { localCarrier } from '../carriers/local';
import type { CarrierCode } from '../carriers/types';
import { ApiError } from '../lib/errors';
import { parseInput, readJson } from '../contract/validate';
import { applyTrackingEvents } from '../shipping/tracking';
import type { AppEnv } from '../app-env';

/** What a tester may press: the parcel's steps after its label. */
const SANDBOX_STEPS = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failed_attempt',
  'returned',
] as const;

const eventSchema = z.object({
  status: z.enum(SANDBOX_STEPS),
  reason: z.string().trim().max(200).optional(),
});

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
const buildDevParcelRoutes = () =>
  new Hono<AppEnv>()
    .use(async (c, next) => {
      // Beside the build flag, the configuration: never the production's, nor with live carriers.
      if (c.var.config.ENVIRONMENT === 'production' || c.var.config.CARRIER_MODE !== 'local')
        throw new ApiError(404, 'not_found');
      await next();
    })
    .get('/', async (c) => {
      const { results } = await c.env.DB.prepare(
        `SELECT p.tracking_number, p.status, p.created_at, s.order_id, s.carrier, s.status AS shipment_status, s.failed_attempts
         FROM local_parcels p LEFT JOIN shipments s ON s.tracking_number = p.tracking_number
         ORDER BY p.created_at DESC LIMIT 100`,
      ).all();
      return c.json(ok({ items: results }));
    })
    .post('/:tracking{LC[0-9]{10}}/event', async (c) => {
      const input = parseInput(eventSchema, await readJson(c.req));
      const tracking = c.req.param('tracking');
      const core = c.env.DB;
      const parcel = await core
        .prepare(
          'SELECT p.tracking_number, s.carrier FROM local_parcels p LEFT JOIN shipments s ON s.tracking_number = p.tracking_number WHERE p.tracking_number = ?',
        )
        .bind(tracking)
        .first<{ tracking_number: string; carrier: CarrierCode | null }>();
      if (!parcel) throw new ApiError(404, 'not_found');
      const now = Date.now();
      const reason = input.status === 'failed_attempt' ? input.reason || 'No one at the address' : null;
      await core.batch([
        core
          .prepare('INSERT INTO local_parcel_events (tracking_number, status, reason, at) VALUES (?, ?, ?, ?)')
          .bind(tracking, input.status, reason, now),
        core.prepare('UPDATE local_parcels SET status = ? WHERE tracking_number = ?').bind(input.status, tracking),
      ]);
      // The carrier's events for the parcel, as a poll would read them: only the new one is stored.
      const code = parcel.carrier ?? 'local';
      const events = await localCarrier(core, code).track([tracking]);
      const outcome = await applyTrackingEvents(c, code, events);
      return c.json(ok(outcome));
    });

export const devParcelRoutes = /* @__PURE__ */ buildDevParcelRoutes();
