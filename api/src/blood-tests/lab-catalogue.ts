// The back office's blood-test catalogue and collection settings: prices per country, the
// active flag, places per zone and window, blackout days. Each change writes its audit row in its batch;
// the slot API reads the same tables, so a change holds for the next shopper at once.
import { ADDRESS, countriesZonedBy } from '#shared/countries/address';
import { SLOT_WINDOWS } from '#shared/api/blood-test-order-schemas';
import { BOOKING_RULES } from '#shared/blood-tests/slot-rules';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { countriesFor } from '#shared/staff/permissions';
import { ApiError } from '../lib/errors';
import { assertCan } from '../middleware/staff';
import { auditStatement, changedFields } from '../staff/audit';
import type { StaffMember } from '../staff/sessions';

const allowedCountries = (member: StaffMember, perm: 'bloodtests:read' | 'bloodtests:write'): CountryCode[] =>
  countriesFor(member.grants, perm) ?? [...COUNTRY_CODES];
const marksFor = (list: readonly unknown[]) => list.map(() => '?').join(', ') || "''";

/** The countries of each kind of place (decision 77): areas keep no country, so it is the areas' country. */
const AREA_COUNTRY = countriesZonedBy('area')[0]!;
const CITY_COUNTRIES = countriesZonedBy('city');

export async function testCatalogue(db: D1Database, member: StaffMember) {
  const countries = allowedCountries(member, 'bloodtests:read');
  const [tests, prices] = await db.batch([
    db.prepare(
      `SELECT t.id, t.slug, t.kind, t.name_en, t.name_ar, t.is_active, s.id AS sku_id
       FROM blood_tests t JOIN blood_test_skus s ON s.blood_test_id = t.id ORDER BY t.kind DESC, t.id, s.sort_order`,
    ),
    db
      .prepare(
        `SELECT sku_id, country, price, old_price FROM blood_test_prices WHERE country IN (${marksFor(countries)})`,
      )
      .bind(...countries),
  ]);
  const bySku = new Map<number, Record<string, { price: number; old_price: number | null }>>();
  for (const p of prices!.results as { sku_id: number; country: string; price: number; old_price: number | null }[]) {
    bySku.set(p.sku_id, { ...bySku.get(p.sku_id), [p.country]: { price: p.price, old_price: p.old_price } });
  }
  return {
    countries,
    // Withdrawing a test withdraws it everywhere: only an unrestricted grant may.
    can_toggle_active: countriesFor(member.grants, 'bloodtests:write') === null,
    tests: (tests!.results as { sku_id: number; is_active: number }[]).map((t) => ({
      ...t,
      is_active: !!t.is_active,
      prices: bySku.get(t.sku_id) ?? {},
    })),
  };
}

export async function setTestPrice(
  db: D1Database,
  member: StaffMember,
  input: { sku_id: number; country: CountryCode; price: number; old_price: number | null },
) {
  assertCan(member, 'bloodtests:write', input.country);
  const [sku, before] = await db.batch([
    db.prepare('SELECT id, blood_test_id FROM blood_test_skus WHERE id = ?').bind(input.sku_id),
    db
      .prepare('SELECT price, old_price FROM blood_test_prices WHERE sku_id = ? AND country = ?')
      .bind(input.sku_id, input.country),
  ]);
  if (!sku!.results[0]) throw new ApiError(404, 'not_found');
  const old = (before!.results[0] as { price: number; old_price: number | null } | undefined) ?? {
    price: null,
    old_price: null,
  };
  const diff = changedFields(old as Record<string, unknown>, { price: input.price, old_price: input.old_price });
  if (Object.keys(diff.after).length === 0) return { ...input, changed: false };
  await db.batch([
    db
      .prepare(
        `INSERT INTO blood_test_prices (sku_id, country, price, old_price) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (sku_id, country) DO UPDATE SET price = ?3, old_price = ?4`,
      )
      .bind(input.sku_id, input.country, input.price, input.old_price),
    auditStatement(db, member, {
      action: 'blood_test.price',
      resource: 'blood_test_sku',
      resourceId: input.sku_id,
      country: input.country,
      ...diff,
    }),
  ]);
  return { ...input, changed: true };
}

export async function setTestActive(
  db: D1Database,
  member: StaffMember,
  input: { blood_test_id: number; active: boolean },
) {
  if (countriesFor(member.grants, 'bloodtests:write') !== null) throw new ApiError(403, 'forbidden');
  const row = await db
    .prepare('SELECT is_active FROM blood_tests WHERE id = ?')
    .bind(input.blood_test_id)
    .first<{ is_active: number }>();
  if (!row) throw new ApiError(404, 'not_found');
  if (!!row.is_active === input.active) return { ...input, changed: false };
  await db.batch([
    db.prepare('UPDATE blood_tests SET is_active = ? WHERE id = ?').bind(input.active ? 1 : 0, input.blood_test_id),
    auditStatement(db, member, {
      action: 'blood_test.active',
      resource: 'blood_test',
      resourceId: input.blood_test_id,
      before: { is_active: !!row.is_active },
      after: { is_active: input.active },
    }),
  ]);
  return { ...input, changed: true };
}

const ZONE_NAME = `coalesce((SELECT name_en FROM areas WHERE 'area:' || id = c.zone), (SELECT name_en FROM dhl_cities WHERE 'city:' || id = c.zone), c.zone) AS zone_en,
  coalesce((SELECT name_ar FROM areas WHERE 'area:' || id = c.zone), (SELECT name_ar FROM dhl_cities WHERE 'city:' || id = c.zone), c.zone) AS zone_ar`;

export async function collectionSettings(db: D1Database, member: StaffMember, country?: CountryCode) {
  const countries = allowedCountries(member, 'bloodtests:read').filter((k) => !country || k === country);
  const prefixes = countries.map((k) => `${ADDRESS[k].zone}:%`);
  const zoneWhere = prefixes.map(() => 'c.zone LIKE ?').join(' OR ') || '0';
  const [capacity, blackout, zones] = await db.batch([
    db
      .prepare(
        `SELECT c.zone, c.slot_window, c.capacity, ${ZONE_NAME} FROM blood_test_slot_capacity c WHERE ${zoneWhere} ORDER BY zone_en, c.slot_window`,
      )
      .bind(...prefixes),
    db
      .prepare(
        `SELECT country, date, name_en, name_ar FROM blood_test_blackout_days WHERE country IN (${marksFor(countries)}) ORDER BY date, country`,
      )
      .bind(...countries),
    db
      .prepare(
        `SELECT 'area:' || id AS zone, ? AS country, name_en, name_ar FROM areas WHERE ? IN (${marksFor(countries)})
         UNION ALL
         SELECT 'city:' || c.id, k.code, c.name_en, c.name_ar FROM dhl_cities c JOIN dhl_countries k ON k.id = c.dhl_country_id
           WHERE k.code IN (${marksFor(CITY_COUNTRIES)}) AND k.code IN (${marksFor(countries)})
         ORDER BY 2, 3`,
      )
      .bind(AREA_COUNTRY, AREA_COUNTRY, ...countries, ...CITY_COUNTRIES, ...countries),
  ]);
  return {
    countries,
    default_capacity: BOOKING_RULES.defaultCapacity,
    windows: SLOT_WINDOWS,
    capacity: capacity!.results,
    blackout_days: blackout!.results,
    zones: zones!.results,
  };
}

/**
 * The country of a zone that exists: an area's (areas keep no country: the areas' country), or a DHL
 * city's own, since more than one country is zoned by cities (Saudi Arabia's and the Emirates').
 */
async function zoneCountry(db: D1Database, zone: string): Promise<CountryCode> {
  const [kind, id] = zone.split(':') as ['area' | 'city', string];
  const row = await db
    .prepare(
      kind === 'area'
        ? 'SELECT ? AS country FROM areas WHERE id = ?'
        : `SELECT k.code AS country FROM dhl_cities c JOIN dhl_countries k ON k.id = c.dhl_country_id WHERE c.id = ? AND k.code IN (${marksFor(CITY_COUNTRIES)})`,
    )
    .bind(...(kind === 'area' ? [AREA_COUNTRY, Number(id)] : [Number(id), ...CITY_COUNTRIES]))
    .first<{ country: CountryCode }>();
  if (!row) throw new ApiError(400, 'slot_zone_mismatch');
  return row.country;
}

export async function setCapacity(
  db: D1Database,
  member: StaffMember,
  input: { zone: string; window: string; capacity: number | null },
) {
  // Whose zone it is decides who may change it and whose audit row it is: read from the place itself.
  const country = await zoneCountry(db, input.zone);
  assertCan(member, 'bloodtests:write', country);
  const before = await db
    .prepare('SELECT capacity FROM blood_test_slot_capacity WHERE zone = ? AND slot_window = ?')
    .bind(input.zone, input.window)
    .first<{ capacity: number }>();
  const was = before?.capacity ?? null;
  if (was === input.capacity) return { ...input, changed: false };
  await db.batch([
    input.capacity === null
      ? db
          .prepare('DELETE FROM blood_test_slot_capacity WHERE zone = ? AND slot_window = ?')
          .bind(input.zone, input.window)
      : db
          .prepare(
            `INSERT INTO blood_test_slot_capacity (zone, slot_window, capacity) VALUES (?1, ?2, ?3)
             ON CONFLICT (zone, slot_window) DO UPDATE SET capacity = ?3`,
          )
          .bind(input.zone, input.window, input.capacity),
    auditStatement(db, member, {
      action: input.capacity === null ? 'slot_capacity.remove' : 'slot_capacity.set',
      resource: 'blood_test_slot_capacity',
      resourceId: `${input.zone} ${input.window}`,
      country,
      before: { capacity: was },
      after: { capacity: input.capacity },
    }),
  ]);
  return { ...input, changed: true };
}

export async function addBlackout(
  db: D1Database,
  member: StaffMember,
  input: { country: CountryCode; date: string; name_en: string; name_ar: string },
) {
  assertCan(member, 'bloodtests:write', input.country);
  const before = await db
    .prepare('SELECT name_en, name_ar FROM blood_test_blackout_days WHERE country = ? AND date = ?')
    .bind(input.country, input.date)
    .first<{ name_en: string; name_ar: string }>();
  await db.batch([
    db
      .prepare(
        `INSERT INTO blood_test_blackout_days (country, date, name_en, name_ar) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (country, date) DO UPDATE SET name_en = ?3, name_ar = ?4`,
      )
      .bind(input.country, input.date, input.name_en, input.name_ar),
    auditStatement(db, member, {
      action: 'blackout_day.add',
      resource: 'blood_test_blackout_day',
      resourceId: input.date,
      country: input.country,
      before: before ?? null,
      after: { name_en: input.name_en, name_ar: input.name_ar },
    }),
  ]);
  return input;
}

export async function removeBlackout(
  db: D1Database,
  member: StaffMember,
  input: { country: CountryCode; date: string },
) {
  assertCan(member, 'bloodtests:write', input.country);
  const before = await db
    .prepare('SELECT name_en, name_ar FROM blood_test_blackout_days WHERE country = ? AND date = ?')
    .bind(input.country, input.date)
    .first<{ name_en: string; name_ar: string }>();
  if (!before) throw new ApiError(404, 'not_found');
  await db.batch([
    db.prepare('DELETE FROM blood_test_blackout_days WHERE country = ? AND date = ?').bind(input.country, input.date),
    auditStatement(db, member, {
      action: 'blackout_day.remove',
      resource: 'blood_test_blackout_day',
      resourceId: input.date,
      country: input.country,
      before,
      after: null,
    }),
  ]);
  return input;
}
