// The delivery promise's rules in the back office (issue 62, decision 65): read with orders:read, changed
// with delivery:manage in that country; every change audited. A product page kept at the edge shows a
// change once its cut-off passes or the page expires (PAGE_CACHE_TTL_S).
import { Hono } from 'hono';
import { type DeliverySettingsCountry, deliverySettingsListSchema } from '#shared/api/delivery-rules-schemas';
import { ok } from '#shared/api/envelope';
import { addDays } from '#shared/gulf-days';
import { countryDate } from '#shared/country-days';
import { defaultHolidays } from '#shared/delivery/holidays';
import type { DeliverySpeed } from '#shared/delivery/promise';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { ADDRESS } from '#shared/countries/address';
import type { CountryAddress } from '#shared/countries/types';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import type { StaffMember } from '#api/src/staff/sessions';
import { auditStatement } from '#api/src/staff/audit';
import {
  deliveryRulesInputSchema,
  deliverySpeedInputSchema,
  deliveryHolidayInputSchema,
  deliveryRulesSavedSchema,
  deliverySpeedSavedSchema,
  deliveryHolidaySavedSchema,
} from '#shared/api/delivery-rules-schemas';

function assertCountry(member: StaffMember, permission: 'orders:read' | 'delivery:manage', country: CountryCode) {
  const allowed = countriesFor(member.grants, permission);
  if (allowed !== null && !allowed.includes(country)) throw new ApiError(403, 'forbidden');
}

interface SpeedRow {
  speed: DeliverySpeed;
  zones: string;
  transit_days: number;
  fee_minor: number | null;
  active: number;
}

async function settingsOf(db: D1Database, country: CountryCode, now: number): Promise<DeliverySettingsCountry> {
  // The country's own today: its holidays from there on.
  const today = countryDate(country, now);
  const until = addDays(today, 365);
  const [rules, speeds, owned, fee] = await db.batch([
    db
      .prepare(
        'SELECT dispatch_days, delivery_days, cutoff_minute, ramadan_cutoff_minute FROM delivery_rules WHERE country = ?',
      )
      .bind(country),
    db
      .prepare(
        `SELECT speed, zones, transit_days, fee_minor, active FROM delivery_speeds WHERE country = ?
         ORDER BY CASE speed WHEN 'same_day' THEN 0 WHEN 'next_day' THEN 1 ELSE 2 END`,
      )
      .bind(country),
    db
      .prepare('SELECT date, holiday, closed FROM delivery_holidays WHERE country = ? AND date BETWEEN ? AND ?')
      .bind(country, today, until),
    db.prepare('SELECT delivery_fee FROM country_settings WHERE country = ?').bind(country),
  ]);
  const r = rules!.results[0] as
    | { dispatch_days: string; delivery_days: string; cutoff_minute: number; ramadan_cutoff_minute: number }
    | undefined;
  const year = Number(today.slice(0, 4));
  const days = new Map<string, { date: string; holiday: string; default: boolean; closed: boolean }>();
  for (const h of [...defaultHolidays(country, year), ...defaultHolidays(country, year + 1)])
    if (h.date >= today && h.date <= until)
      days.set(h.date, { date: h.date, holiday: h.id, default: true, closed: true });
  for (const o of owned!.results as Array<{ date: string; holiday: string; closed: number }>) {
    const known = days.get(o.date);
    days.set(o.date, {
      date: o.date,
      holiday: known?.holiday ?? o.holiday,
      default: known?.default ?? false,
      closed: o.closed === 1,
    });
  }
  return {
    country,
    rules: {
      dispatch_days: r ? [...r.dispatch_days].map(Number) : [],
      delivery_days: r ? [...r.delivery_days].map(Number) : [],
      cutoff_minute: r?.cutoff_minute ?? 14 * 60,
      ramadan_cutoff_minute: r?.ramadan_cutoff_minute ?? 12 * 60,
    },
    speeds: (speeds!.results as unknown as SpeedRow[]).map((s) => ({
      speed: s.speed,
      zones: s.zones === 'all' ? 'all' : s.zones.split(',').map(Number),
      transit_days: s.transit_days,
      fee_minor: s.fee_minor,
      active: s.active === 1,
    })),
    delivery_fee_minor: (fee!.results[0] as { delivery_fee: number } | undefined)?.delivery_fee ?? null,
    holidays: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** The table of each kind of delivery zone. */
const ZONE_TABLE: Record<CountryAddress['zone'], string> = { area: 'areas', city: 'dhl_cities' };

/** Zones must be places of the country's zone kind: areas (Kuwait) or cities (Saudi Arabia). */
async function assertZones(db: D1Database, country: CountryCode, zones: 'all' | number[]) {
  if (zones === 'all') return;
  const table = ZONE_TABLE[ADDRESS[country].zone];
  const known = await db
    .prepare(`SELECT count(*) AS n FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(zones))
    .first<{ n: number }>();
  if ((known?.n ?? 0) !== zones.length) throw new ApiError(400, 'delivery_zones_unknown');
}

export const staffDeliveryRoutes = new Hono<AppEnv>()
  .get(
    '/settings/delivery',
    contract({
      tag: 'staff',
      summary:
        'Each country’s delivery rules: working days, cut-offs (Ramadan’s too), speeds with zones, days on the way and fees, and the next twelve months’ holidays',
      noDevice: true,
      staff: 'orders:read',
      response: deliverySettingsListSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const allowed = countriesFor(member.grants, 'orders:read');
      const countries = COUNTRY_CODES.filter((code) => allowed === null || allowed.includes(code));
      const now = Date.now();
      return c.json(ok({ countries: await Promise.all(countries.map((code) => settingsOf(c.env.DB, code, now))) }));
    },
  )
  .post(
    '/settings/delivery/rules',
    contract({
      tag: 'staff',
      summary: 'Sets a country’s dispatch and delivery days and its cut-offs; needs delivery:manage there',
      body: deliveryRulesInputSchema,
      noDevice: true,
      staff: 'delivery:manage',
      response: deliveryRulesSavedSchema,
      messages: ['delivery_saved'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      assertCountry(member, 'delivery:manage', input.country);
      const db = c.env.DB;
      const before = (await settingsOf(db, input.country, Date.now())).rules;
      await db.batch([
        db
          .prepare(
            `INSERT INTO delivery_rules (country, dispatch_days, delivery_days, cutoff_minute, ramadan_cutoff_minute, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6)
           ON CONFLICT (country) DO UPDATE SET dispatch_days = ?2, delivery_days = ?3, cutoff_minute = ?4,
             ramadan_cutoff_minute = ?5, updated_at = ?6`,
          )
          .bind(
            input.country,
            input.dispatch_days.join(''),
            input.delivery_days.join(''),
            input.cutoff_minute,
            input.ramadan_cutoff_minute,
            Date.now(),
          ),
        auditStatement(db, member, {
          action: 'settings.delivery.rules',
          resource: 'delivery_rules',
          resourceId: input.country,
          country: input.country,
          before,
          after: input,
        }),
      ]);
      return c.json(ok(input, 'delivery_saved'));
    },
  )
  .post(
    '/settings/delivery/speeds',
    contract({
      tag: 'staff',
      summary:
        'Sets one speed of a country: on or off, its zones, days on the way and fee; needs delivery:manage there',
      body: deliverySpeedInputSchema,
      noDevice: true,
      staff: 'delivery:manage',
      response: deliverySpeedSavedSchema,
      messages: ['delivery_saved', 'delivery_zones_unknown'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      assertCountry(member, 'delivery:manage', input.country);
      const db = c.env.DB;
      await assertZones(db, input.country, input.zones);
      const before =
        (await settingsOf(db, input.country, Date.now())).speeds.find((s) => s.speed === input.speed) ?? null;
      const zones = input.zones === 'all' ? 'all' : input.zones.join(',');
      await db.batch([
        db
          .prepare(
            `INSERT INTO delivery_speeds (country, speed, zones, transit_days, fee_minor, active) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
           ON CONFLICT (country, speed) DO UPDATE SET zones = ?3, transit_days = ?4, fee_minor = ?5, active = ?6`,
          )
          .bind(input.country, input.speed, zones, input.transit_days, input.fee_minor, input.active ? 1 : 0),
        auditStatement(db, member, {
          action: 'settings.delivery.speed',
          resource: 'delivery_speeds',
          resourceId: `${input.country}:${input.speed}`,
          country: input.country,
          before,
          after: input,
        }),
      ]);
      return c.json(ok(input, 'delivery_saved'));
    },
  )
  .post(
    '/settings/delivery/holidays',
    contract({
      tag: 'staff',
      summary:
        'Closes a day (a holiday the government announced, Eid moved by the sighting) or opens a default one; needs delivery:manage there',
      body: deliveryHolidayInputSchema,
      noDevice: true,
      staff: 'delivery:manage',
      response: deliveryHolidaySavedSchema,
      messages: ['delivery_saved'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      assertCountry(member, 'delivery:manage', input.country);
      const db = c.env.DB;
      await db.batch([
        db
          .prepare(
            `INSERT INTO delivery_holidays (country, date, holiday, closed) VALUES (?1, ?2, ?3, ?4)
           ON CONFLICT (country, date) DO UPDATE SET holiday = ?3, closed = ?4`,
          )
          .bind(input.country, input.date, input.holiday, Number(input.closed)),
        auditStatement(db, member, {
          action: 'settings.delivery.holiday',
          resource: 'delivery_holidays',
          resourceId: `${input.country}:${input.date}`,
          country: input.country,
          before: null,
          after: input,
        }),
      ]);
      return c.json(ok(input, 'delivery_saved'));
    },
  );
