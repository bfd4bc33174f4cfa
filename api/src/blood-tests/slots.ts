// Collection slots: what each window of the next days has left, and the 10-minute hold a checkout
// takes. A place counts while it is booked (order_id set) or held and not expired, so an expired hold
// frees its place by itself. The hold is one conditional INSERT … SELECT … WHERE count < capacity in a
// D1 batch: D1 runs batches one at a time, so concurrent holds of the last places never overbook.
import { countriesZonedBy } from '#shared/countries/address';
import { SLOT_WINDOWS, type SlotWindow } from '#shared/api/blood-test-order-schemas';
import type { SlotDay, SlotHold, SlotsAnswer } from '#shared/blood-tests/order-types';
import {
  BOOKING_RULES,
  horizonDates,
  hourText,
  isClosedDay,
  needsMorning,
  slotRefusal,
  type TestNeeds,
  WINDOW_HOURS,
  zoneKey,
} from '#shared/blood-tests/slot-rules';
import type { CountryCode } from '#shared/locale';
import { randomHex } from '#shared/bytes';
import { ApiError } from '../lib/errors';
import { assertAllFound, type BloodTestLine, testLinesStatement } from './quote';

export interface Zone {
  area_id?: number;
  city_id?: number;
}

/** A live place: booked, or held and not yet expired. */
const LIVE = '(order_id IS NOT NULL OR expires_at > ?)';

/** The window's places: its row in blood_test_slot_capacity, else the default (?1 zone, ?3 window). */
const CAPACITY = `coalesce((SELECT capacity FROM blood_test_slot_capacity WHERE zone = ?1 AND slot_window = ?3), ${BOOKING_RULES.defaultCapacity})`;

/** The countries of each kind of place (decision 77): areas keep no country, so it is the areas' country. */
const AREA_COUNTRY = countriesZonedBy('area')[0]!;
const CITY_COUNTRIES = countriesZonedBy('city');

/** The zone's country: an area's, or a DHL city's in a country zoned by cities. The request's country must be the same. */
function zoneStatement(db: D1Database, zone: Zone): D1PreparedStatement {
  return zone.area_id
    ? db.prepare('SELECT ? AS country FROM areas WHERE id = ?').bind(AREA_COUNTRY, zone.area_id)
    : db
        .prepare(
          `SELECT k.code AS country FROM dhl_cities c JOIN dhl_countries k ON k.id = c.dhl_country_id WHERE c.id = ? AND k.code IN (${CITY_COUNTRIES.map(() => '?').join(', ')})`,
        )
        .bind(zone.city_id, ...CITY_COUNTRIES);
}

function assertZone(rows: unknown[], country: CountryCode): void {
  const found = rows[0] as { country: CountryCode } | undefined;
  if (!found || found.country !== country) throw new ApiError(400, 'slot_zone_mismatch');
}

export async function slotsFor(
  db: D1Database,
  q: Zone & { sku_ids: number[]; country: CountryCode },
  now = Date.now(),
): Promise<SlotsAnswer> {
  const zone = zoneKey(q);
  const dates = horizonDates(now, q.country);
  const first = dates[0]!;
  const last = dates.at(-1)!;
  const [zoneRes, testsRes, takenRes, capRes, blackoutRes] = await db.batch([
    zoneStatement(db, q),
    testLinesStatement(db, q.sku_ids, q.country),
    db
      .prepare(
        `SELECT slot_date, slot_window, COUNT(*) AS taken FROM blood_test_slot_bookings
         WHERE zone = ? AND slot_date BETWEEN ? AND ? AND ${LIVE} GROUP BY slot_date, slot_window`,
      )
      .bind(zone, first, last, now),
    db.prepare('SELECT slot_window, capacity FROM blood_test_slot_capacity WHERE zone = ?').bind(zone),
    db
      .prepare('SELECT date FROM blood_test_blackout_days WHERE country = ? AND date BETWEEN ? AND ?')
      .bind(q.country, first, last),
  ]);
  assertZone(zoneRes!.results, q.country);
  const tests = testsRes!.results as unknown as BloodTestLine[];
  assertAllFound(q.sku_ids, tests);
  const taken = new Map(
    (takenRes!.results as Array<{ slot_date: string; slot_window: string; taken: number }>).map((r) => [
      `${r.slot_date} ${r.slot_window}`,
      r.taken,
    ]),
  );
  const capacity = new Map(
    (capRes!.results as Array<{ slot_window: string; capacity: number }>).map((r) => [r.slot_window, r.capacity]),
  );
  const blackout = new Set((blackoutRes!.results as Array<{ date: string }>).map((r) => r.date));
  const mornings = needsMorning(tests);
  const days: SlotDay[] = dates.map((date) => {
    const closed = isClosedDay(q.country, date, blackout);
    return {
      date,
      closed,
      windows: closed
        ? []
        : SLOT_WINDOWS.filter((w) => !mornings || WINDOW_HOURS[w].morning).map((window) => {
            const left = Math.max(
              0,
              (capacity.get(window) ?? BOOKING_RULES.defaultCapacity) - (taken.get(`${date} ${window}`) ?? 0),
            );
            const refused = slotRefusal({ country: q.country, date, window, tests, blackout }, now);
            return {
              window,
              starts: hourText(WINDOW_HOURS[window].start),
              ends: hourText(WINDOW_HOURS[window].end),
              places_left: left,
              available: left > 0 && refused === null,
            };
          }),
    };
  });
  return {
    zone: { ...(q.area_id ? { area_id: q.area_id } : { city_id: q.city_id }), country: q.country },
    mornings_only: mornings,
    fasting_hours: Math.max(0, ...tests.map((t) => t.fasting_hours)),
    days,
  };
}

/** The rules of a window for these tests, with the zone's blackout days; throws a 409 when refused. */
export async function assertBookable(
  db: D1Database,
  p: { country: CountryCode; date: string; window: SlotWindow; tests: TestNeeds[] },
  now: number,
): Promise<void> {
  const { results } = await db
    .prepare('SELECT date FROM blood_test_blackout_days WHERE country = ? AND date = ?')
    .bind(p.country, p.date)
    .all<{ date: string }>();
  const refused = slotRefusal({ ...p, blackout: new Set(results.map((r) => r.date)) }, now);
  if (refused) throw new ApiError(409, 'slot_unavailable', { reason: refused });
}

/**
 * Holds a place for the shopper: their previous hold is replaced, in the same batch and only when the
 * new place is free (a full window keeps the old hold). Answers 409 slot_full when no place is left.
 */
export async function holdSlot(
  db: D1Database,
  h: Zone & { userId: number; country: CountryCode; date: string; window: SlotWindow; sku_ids: number[] },
  now = Date.now(),
): Promise<SlotHold> {
  const zone = zoneKey(h);
  const [zoneRes, testsRes] = await db.batch([zoneStatement(db, h), testLinesStatement(db, h.sku_ids, h.country)]);
  assertZone(zoneRes!.results, h.country);
  const tests = testsRes!.results as unknown as BloodTestLine[];
  assertAllFound(h.sku_ids, tests);
  await assertBookable(db, { country: h.country, date: h.date, window: h.window, tests }, now);

  const id = `hold-${randomHex(12)}`;
  const expiresAt = now + BOOKING_RULES.holdMinutes * 60_000;
  // Other shoppers' live places in the window (this shopper's own hold is about to be replaced).
  const hasRoom = `(SELECT COUNT(*) FROM blood_test_slot_bookings WHERE zone = ?1 AND slot_date = ?2 AND slot_window = ?3
      AND (order_id IS NOT NULL OR expires_at > ?4) AND NOT (user_id = ?5 AND order_id IS NULL)) < ${CAPACITY}`;
  const [, inserted] = await db.batch([
    db
      .prepare(`DELETE FROM blood_test_slot_bookings WHERE user_id = ?5 AND order_id IS NULL AND ${hasRoom}`)
      .bind(zone, h.date, h.window, now, h.userId),
    db
      .prepare(
        `INSERT INTO blood_test_slot_bookings (id, user_id, zone, slot_date, slot_window, sku_ids, expires_at, created_at)
         SELECT ?6, ?5, ?1, ?2, ?3, ?7, ?8, ?4 WHERE ${hasRoom}`,
      )
      .bind(zone, h.date, h.window, now, h.userId, id, h.sku_ids.join(','), expiresAt),
  ]);
  if (!inserted!.meta.changes) throw new ApiError(409, 'slot_full');
  return {
    hold_id: id,
    date: h.date,
    window: h.window,
    ...(h.area_id ? { area_id: h.area_id } : { city_id: h.city_id }),
    expires_at: new Date(expiresAt).toISOString(),
  };
}
