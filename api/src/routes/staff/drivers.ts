// The shop's own drivers (issue 62): the driver's phone page reads and marks her own day's stops
// (deliveries:drive; another driver's stop is 404), and the Deliveries page lets staff assign stops,
// reorder a run and set which driver serves an area or governorate (read orders:read, change
// orders:fulfil in Kuwait). Every change audited.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { addDays } from '#shared/gulf-days';
import { countryDate } from '#shared/country-days';
import { currencyDecimals } from '#shared/money';
import { parseAmount } from '#shared/cod/statement';
import { can } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { contract } from '#api/src/contract/validate';
import { assertCan, requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import type { StepContext } from '#api/src/order-office/common';
import { moveOrdersNow } from '#api/src/drivers/at-once';
import {
  leaveStatements,
  ownStop,
  STOP_COLUMNS,
  startRunStatements,
  type StopRow,
  toStop,
} from '#api/src/drivers/stops';
import { z } from '#shared/zod';
import { OWN_FLEET_COUNTRY } from '#shared/countries/rules';
import {
  driverDeliveredSchema,
  driverFailedSchema,
  stopAssignSchema,
  stopMoveSchema,
  driverZoneSchema,
} from '#shared/api/cod-schemas';
import {
  deliveriesDaySchema,
  deliveryStopDaySchema,
  type DriverDay,
  driverDaySchema,
  driverZoneSavedSchema,
} from '#shared/api/driver-responses';

/** The own fleet's today: a driver's day is the fleet's country's, on its clocks. */
const fleetToday = () => countryDate(OWN_FLEET_COUNTRY, Date.now());

const stopParams = z.object({ id: z.string().regex(/^[0-9]{1,12}$/) });

/** What every route of the driver's phone page shares: her own day, answered as it now stands. */
const DRIVER = { tag: 'staff', noDevice: true, staff: 'deliveries:drive', response: driverDaySchema } as const;
/** What the Deliveries page's changes share (orders:fulfil, checked again for Kuwait by each handler). */
const DISPATCH = { tag: 'staff', noDevice: true, staff: 'orders:fulfil' } as const;

async function dayOf(db: D1Database, staffId: number, day: string): Promise<DriverDay> {
  const [run, stops] = await db.batch([
    db.prepare('SELECT started_at FROM driver_runs WHERE staff_id = ? AND day = ?').bind(staffId, day),
    db
      .prepare(
        `SELECT ${STOP_COLUMNS} FROM driver_stops d WHERE d.day = ? AND d.staff_id = ? ORDER BY d.position, d.id`,
      )
      .bind(day, staffId),
  ]);
  return {
    day,
    started_at: (run!.results[0] as { started_at: number } | undefined)?.started_at ?? null,
    stops: (stops!.results as unknown as StopRow[]).map(toStop),
  };
}

async function pendingStop(c: { env: ApiEnv }, staffId: number, stopId: number) {
  const stop = await ownStop(c.env.DB, staffId, stopId);
  if (!stop) throw new ApiError(404, 'not_found');
  if (stop.status !== 'pending') throw new ApiError(409, 'driver_stop_already_marked');
  return stop;
}

/** The mark's own row and event, once: a second mark of the same stop changes nothing. */
function markStatements(
  db: D1Database,
  stopId: number,
  status: 'delivered' | 'failed_attempt',
  reason: string | null,
  at: number,
) {
  return [
    ...leaveStatements(db, 'd.id = ?', [stopId], at - 1),
    db
      .prepare(
        `INSERT INTO driver_stop_events (stop_id, status, reason, at)
         SELECT ?1, ?2, ?3, ?4 WHERE NOT EXISTS
           (SELECT 1 FROM driver_stop_events WHERE stop_id = ?1 AND status IN ('delivered', 'failed_attempt'))`,
      )
      .bind(stopId, status, reason, at),
  ];
}

/**
 * A driver's mark of her pending stop, delivered or failed: in one batch her run started (a mark before
 * "start" starts it), the stop's own `update`, the mark's row and event, and the audit entry; 409 when
 * another mark came first. Her order then moves at once, and the answer is her day as it now stands.
 */
async function markStop(
  c: StepContext,
  member: StaffMember,
  stop: StopRow,
  at: number,
  mark: {
    update: D1PreparedStatement;
    status: 'delivered' | 'failed_attempt';
    reason: string | null;
    action: 'driver.delivered' | 'driver.failed';
    after: Record<string, unknown>;
  },
): Promise<DriverDay> {
  const db = c.env.DB;
  const [, , , changed] = await db.batch([
    ...startRunStatements(db, member.id, stop.day, at - 1),
    mark.update,
    ...markStatements(db, stop.id, mark.status, mark.reason, at),
    auditStatement(db, member, {
      action: mark.action,
      resource: 'driver_stop',
      resourceId: stop.id,
      country: OWN_FLEET_COUNTRY,
      after: mark.after,
    }),
  ]);
  if (!changed!.meta.changes) throw new ApiError(409, 'driver_stop_already_marked');
  await moveOrdersNow(c, [stop.tracking_number]);
  return dayOf(db, member.id, stop.day);
}

export const staffDriverRoutes = new Hono<AppEnv>()
  .get(
    '/driver/day',
    contract({
      ...DRIVER,
      summary: 'The signed-in driver’s stops of today, in the order of her run, and whether the run has started',
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await dayOf(c.env.DB, member.id, fleetToday())));
    },
  )
  .post(
    '/driver/run/start',
    contract({
      ...DRIVER,
      summary: 'Starts the driver’s run of today: every pending stop is picked up and out for delivery',
      messages: ['driver_run_started'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const db = c.env.DB;
      const day = fleetToday();
      await db.batch(startRunStatements(db, member.id, day, Date.now()));
      // Her parcels are picked up and out for delivery: their orders say so now, not at the next poll.
      const { results } = await db
        .prepare('SELECT tracking_number FROM driver_stops WHERE staff_id = ? AND day = ?')
        .bind(member.id, day)
        .all<{ tracking_number: string }>();
      await moveOrdersNow(
        c,
        results.map((r) => r.tracking_number),
      );
      return c.json(ok(await dayOf(db, member.id, day), 'driver_run_started'));
    },
  )
  .post(
    '/driver/stops/:id{[0-9]+}/delivered',
    contract({
      ...DRIVER,
      summary:
        'Marks one of the driver’s own stops delivered: who received it, and the cash collected (the full amount, or less with a note); another driver’s stop is 404',
      params: stopParams,
      body: driverDeliveredSchema,
      messages: [
        'driver_marked_delivered',
        'driver_stop_already_marked',
        'driver_cash_required',
        'cod_amount_invalid',
        'driver_cash_over',
        'driver_cash_short_note',
      ],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      const stopId = Number(c.req.param('id'));
      const stop = await pendingStop(c, member.id, stopId);
      let cash: number | null = null;
      if (stop.cod_amount > 0) {
        if (!input.cash) throw new ApiError(400, 'driver_cash_required');
        cash = parseAmount(input.cash, currencyDecimals(stop.currency));
        if (cash === null) throw new ApiError(400, 'cod_amount_invalid');
        if (cash > stop.cod_amount) throw new ApiError(400, 'driver_cash_over');
        if (cash < stop.cod_amount && !input.cash_note) throw new ApiError(400, 'driver_cash_short_note');
      }
      const db = c.env.DB;
      const at = Date.now();
      const update = db
        .prepare(
          `UPDATE driver_stops SET status = 'delivered', received_by = ?, receiver_name = ?, cash_collected = ?,
           cash_note = ?, marked_at = ? WHERE id = ? AND status = 'pending'`,
        )
        .bind(
          input.received_by,
          input.receiver_name ?? null,
          cash,
          cash !== null && cash < stop.cod_amount ? input.cash_note! : null,
          at,
          stopId,
        );
      const day = await markStop(c, member, stop, at, {
        update,
        status: 'delivered',
        reason: null,
        action: 'driver.delivered',
        after: { received_by: input.received_by, cash_collected: cash, cod_amount: stop.cod_amount },
      });
      return c.json(ok(day, 'driver_marked_delivered'));
    },
  )
  .post(
    '/driver/stops/:id{[0-9]+}/failed',
    contract({
      ...DRIVER,
      summary: 'Marks one of the driver’s own stops failed, with a reason; another driver’s stop is 404',
      params: stopParams,
      body: driverFailedSchema,
      messages: ['driver_marked_failed', 'driver_stop_already_marked'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      const stopId = Number(c.req.param('id'));
      const stop = await pendingStop(c, member.id, stopId);
      const db = c.env.DB;
      const at = Date.now();
      const reason = input.note ? `${input.reason}: ${input.note}` : input.reason;
      const day = await markStop(c, member, stop, at, {
        update: db
          .prepare(
            "UPDATE driver_stops SET status = 'failed', fail_reason = ?, fail_note = ?, marked_at = ? WHERE id = ? AND status = 'pending'",
          )
          .bind(input.reason, input.note ?? null, at, stopId),
        status: 'failed_attempt',
        reason,
        action: 'driver.failed',
        after: { reason: input.reason },
      });
      return c.json(ok(day, 'driver_marked_failed'));
    },
  )
  .get(
    '/deliveries',
    contract({
      tag: 'staff',
      summary:
        'A day’s own-driver stops in Kuwait by driver (and those to assign), the drivers, and the areas they serve',
      query: z.object({
        day: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional(),
      }),
      noDevice: true,
      staff: 'orders:read',
      response: deliveriesDaySchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      assertCan(member, 'orders:read', OWN_FLEET_COUNTRY);
      const query = c.req.valid('query');
      const day = query.day ?? fleetToday();
      const db = c.env.DB;
      const [drivers, stops, zones, areas] = await db.batch([
        db
          .prepare(
            `SELECT s.id, s.name, r.started_at FROM staff s JOIN staff_roles g ON g.staff_id = s.id AND g.role = 'driver'
         LEFT JOIN driver_runs r ON r.staff_id = s.id AND r.day = ?
         WHERE s.active = 1 AND (g.country IS NULL OR g.country = '${OWN_FLEET_COUNTRY}') GROUP BY s.id ORDER BY s.name, s.id`,
          )
          .bind(day),
        db
          .prepare(
            `SELECT ${STOP_COLUMNS} FROM driver_stops d WHERE d.day = ? ORDER BY d.staff_id IS NOT NULL, d.staff_id, d.position, d.id`,
          )
          .bind(day),
        db.prepare('SELECT kind, zone_id, staff_id FROM driver_zones ORDER BY kind, zone_id'),
        db.prepare(
          `SELECT a.id, a.name_en, a.name_ar, a.governorate_id, g.name_en AS governorate_en, g.name_ar AS governorate_ar
         FROM areas a JOIN governorates g ON g.id = a.governorate_id ORDER BY g.id, a.name_en`,
        ),
      ]);
      return c.json(
        ok({
          day,
          previous: addDays(day, -1),
          next: addDays(day, 1),
          can_change: can(member.grants, 'orders:fulfil', OWN_FLEET_COUNTRY),
          drivers: drivers!.results,
          stops: (stops!.results as unknown as StopRow[]).map(toStop),
          zones: zones!.results,
          areas: areas!.results,
        }),
      );
    },
  )
  .post(
    '/deliveries/assign',
    contract({
      ...DISPATCH,
      summary: 'Gives a pending stop to a driver (last on her run), or back to the stops to assign',
      body: stopAssignSchema,
      response: deliveryStopDaySchema,
      messages: ['delivery_stop_assigned', 'not_found', 'delivery_driver_unknown'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      assertCan(member, 'orders:fulfil', OWN_FLEET_COUNTRY);
      const input = c.req.valid('json');
      const db = c.env.DB;
      const stop = await db
        .prepare("SELECT id, day, staff_id FROM driver_stops WHERE id = ? AND status = 'pending'")
        .bind(input.stop_id)
        .first<{ id: number; day: string; staff_id: number | null }>();
      if (!stop) throw new ApiError(404, 'not_found');
      if (input.staff_id !== null) await assertDriver(db, input.staff_id);
      await db.batch([
        db
          .prepare(
            `UPDATE driver_stops SET staff_id = ?1,
             position = (SELECT COALESCE(MAX(position), 0) + 1 FROM driver_stops WHERE day = ?2 AND staff_id IS ?1)
           WHERE id = ?3`,
          )
          .bind(input.staff_id, stop.day, stop.id),
        auditStatement(db, member, {
          action: 'delivery.assign',
          resource: 'driver_stop',
          resourceId: stop.id,
          country: OWN_FLEET_COUNTRY,
          before: { staff_id: stop.staff_id },
          after: { staff_id: input.staff_id },
        }),
      ]);
      return c.json(ok({ day: stop.day }, 'delivery_stop_assigned'));
    },
  )
  .post(
    '/deliveries/move',
    contract({
      ...DISPATCH,
      summary: 'Moves a stop one place up or down its run',
      body: stopMoveSchema,
      response: deliveryStopDaySchema,
      messages: ['delivery_stop_moved', 'not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      assertCan(member, 'orders:fulfil', OWN_FLEET_COUNTRY);
      const input = c.req.valid('json');
      const db = c.env.DB;
      const stop = await db
        .prepare('SELECT id, day, staff_id FROM driver_stops WHERE id = ?')
        .bind(input.stop_id)
        .first<{ id: number; day: string; staff_id: number | null }>();
      if (!stop) throw new ApiError(404, 'not_found');
      const { results: run } = await db
        .prepare('SELECT id FROM driver_stops WHERE day = ? AND staff_id IS ? ORDER BY position, id')
        .bind(stop.day, stop.staff_id)
        .all<{ id: number }>();
      const order = run.map((r) => r.id);
      const at = order.indexOf(stop.id);
      const to = input.direction === 'up' ? at - 1 : at + 1;
      // The first stop moved up (or the last down) stays where it is.
      if (to >= 0 && to < order.length) {
        [order[at], order[to]] = [order[to]!, order[at]!];
        await db.batch([
          // The run numbered afresh from 1, so equal or sparse positions never make a move a no-op.
          db
            .prepare(
              'UPDATE driver_stops SET position = (SELECT key + 1 FROM json_each(?1) WHERE value = driver_stops.id) WHERE id IN (SELECT value FROM json_each(?1))',
            )
            .bind(JSON.stringify(order)),
          auditStatement(db, member, {
            action: 'delivery.move',
            resource: 'driver_stop',
            resourceId: stop.id,
            country: OWN_FLEET_COUNTRY,
            before: { position: at + 1 },
            after: { position: to + 1 },
          }),
        ]);
      }
      return c.json(ok({ day: stop.day }, 'delivery_stop_moved'));
    },
  )
  .post(
    '/deliveries/zones',
    contract({
      ...DISPATCH,
      summary: 'Sets the driver who takes an area’s or a governorate’s parcels (none: removes it)',
      body: driverZoneSchema,
      response: driverZoneSavedSchema,
      messages: ['delivery_zone_saved', 'delivery_zones_unknown', 'delivery_driver_unknown'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      assertCan(member, 'orders:fulfil', OWN_FLEET_COUNTRY);
      const input = c.req.valid('json');
      const db = c.env.DB;
      const known = await db
        .prepare(`SELECT 1 AS ok FROM ${input.kind === 'area' ? 'areas' : 'governorates'} WHERE id = ?`)
        .bind(input.zone_id)
        .first();
      if (!known) throw new ApiError(400, 'delivery_zones_unknown');
      if (input.staff_id !== null) await assertDriver(db, input.staff_id);
      await db.batch([
        input.staff_id === null
          ? db.prepare('DELETE FROM driver_zones WHERE kind = ? AND zone_id = ?').bind(input.kind, input.zone_id)
          : db
              .prepare(
                'INSERT INTO driver_zones (kind, zone_id, staff_id) VALUES (?, ?, ?) ON CONFLICT (kind, zone_id) DO UPDATE SET staff_id = excluded.staff_id',
              )
              .bind(input.kind, input.zone_id, input.staff_id),
        auditStatement(db, member, {
          action: 'delivery.zone',
          resource: 'driver_zone',
          resourceId: `${input.kind}:${input.zone_id}`,
          country: OWN_FLEET_COUNTRY,
          after: { staff_id: input.staff_id },
        }),
      ]);
      return c.json(ok(input, 'delivery_zone_saved'));
    },
  );

/** Stops go only to an active staff member holding the driver role in Kuwait. */
async function assertDriver(db: D1Database, staffId: number) {
  const driver = await db
    .prepare(
      `SELECT 1 AS ok FROM staff s JOIN staff_roles g ON g.staff_id = s.id AND g.role = 'driver'
       WHERE s.id = ? AND s.active = 1 AND (g.country IS NULL OR g.country = '${OWN_FLEET_COUNTRY}')`,
    )
    .bind(staffId)
    .first();
  if (!driver) throw new ApiError(400, 'delivery_driver_unknown');
}
