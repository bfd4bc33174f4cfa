// Polling (issue 62): carriers without webhooks (Carrier.pushesEvents false) are asked about the open
// parcels from the minute cron, each parcel at most every POLL_EVERY_MINUTES and a bounded batch per
// run, the longest unasked first. The local carrier keeps its events in D1: asked every run, so a
// tester's press on its sandbox page reaches the order within the minute even without the page's own
// apply. Events go through the one ingestion (tracking.ts).
import { carrierFor } from '#api/src/carriers';
import { type CarrierCode, CarrierUnavailable } from '#api/src/carriers/types';
import { log } from '#api/src/lib/log';
import type { StepContext } from '#api/src/order-office/common';
import { applyTrackingEvents, type TrackingOutcome } from './tracking';

const POLL_EVERY_MINUTES = 20;
const POLL_PER_RUN = 50;

export async function pollCarriers(c: StepContext, now = Date.now()): Promise<TrackingOutcome & { asked: number }> {
  const core = c.env.DB;
  const local = c.var.config.CARRIER_MODE === 'local';
  const { results } = await core
    .prepare(
      `SELECT id, carrier, tracking_number FROM shipments
       WHERE status NOT IN ('queued', 'refused', 'delivered', 'returned', 'cancelled') AND tracking_number IS NOT NULL
         AND (?1 = 1 OR carrier = 'local' OR polled_at IS NULL OR polled_at <= ?2)
       ORDER BY coalesce(polled_at, 0), id LIMIT ?3`,
    )
    .bind(local ? 1 : 0, now - POLL_EVERY_MINUTES * 60_000, POLL_PER_RUN)
    .all<{ id: number; carrier: CarrierCode; tracking_number: string }>();
  const total: TrackingOutcome & { asked: number } = { recorded: 0, duplicates: 0, unknown: 0, asked: 0 };
  const byCarrier = new Map<CarrierCode, typeof results>();
  for (const row of results) byCarrier.set(row.carrier, [...(byCarrier.get(row.carrier) ?? []), row]);
  for (const [code, rows] of byCarrier) {
    let carrier: ReturnType<typeof carrierFor>;
    try {
      carrier = carrierFor(c.env, c.var.config, code);
    } catch (error) {
      log.error('no adapter to poll a carrier with', { carrier: code, error });
      continue;
    }
    if (carrier.pushesEvents) continue; // its webhooks bring the events
    // Claimed before asking: a carrier that fails is asked again after the interval, not every minute.
    const ids = rows.map((r) => r.id);
    await core
      .prepare(`UPDATE shipments SET polled_at = ? WHERE id IN (${ids.map(() => '?').join(',')})`)
      .bind(now, ...ids)
      .run();
    try {
      const events = await carrier.track(rows.map((r) => r.tracking_number));
      total.asked += rows.length;
      const outcome = await applyTrackingEvents(c, code, events);
      total.recorded += outcome.recorded;
      total.duplicates += outcome.duplicates;
      total.unknown += outcome.unknown;
    } catch (error) {
      if (error instanceof CarrierUnavailable) log.warn('carrier unavailable for tracking', { carrier: code, error });
      else log.error('tracking poll failed', { carrier: code, error });
    }
  }
  return total;
}
