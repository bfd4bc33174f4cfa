// Cash on delivery settled (issue 62): carriers' remittance statements imported (a preview of every
// line first; a file with any line the shop cannot take changes nothing, and the same file twice is
// refused), each delivered cash parcel's standing (paid, short, over, missing, not yet remitted), the
// totals per carrier and per week, and the own drivers' cash hand-ins. Needs cod:reconcile.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { type CashParcel, type MatchResult, matchStatement } from '#shared/cod/match';
import { COD_MISSING_DAYS, type SettlementStatus, settlementStatus } from '#shared/cod/settlement';
import { parseAmount, readStatement, StatementUnreadable } from '#shared/cod/statement';
import { addDays } from '#shared/gulf-days';
import { countryDate, countryWeekOf, homeDate, instantIn, timeZoneOf } from '#shared/country-days';
import type { CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { COUNTRY_CODES, countryOfCurrency, type CurrencyCode, HOME_COUNTRY } from '#shared/countries';
import { OWN_FLEET_COUNTRY } from '#shared/countries/rules';
import { currencyDecimals } from '#shared/money';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import type { StaffMember } from '#api/src/staff/sessions';
import { auditStatement } from '#api/src/staff/audit';
import {
  COD_PREVIEW_PAGE_SIZE,
  handinSchema,
  remittanceFileSchema,
  remittancePreviewSchema,
} from '#shared/api/cod-schemas';
import { codHandinSavedSchema, codOverviewSchema, codStatementCheckSchema } from '#shared/api/cod-responses';

/** Weeks of totals the page shows. */
const WEEKS = 12;

const countryOf = (currency: string): CountryCode => countryOfCurrency(currency) ?? HOME_COUNTRY;

function assertCountry(member: StaffMember, country: CountryCode) {
  const allowed = countriesFor(member.grants, 'cod:reconcile');
  if (allowed !== null && !allowed.includes(country)) throw new ApiError(403, 'forbidden');
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface Checked extends MatchResult {
  file_hash: string;
  /** The same file was imported before (its statement's id). */
  imported_as: number | null;
}

async function check(
  db: D1Database,
  input: { carrier: 'aramex' | 'smsa' | 'local'; currency: CurrencyCode; csv: string },
): Promise<Checked> {
  let lines: ReturnType<typeof readStatement>;
  try {
    lines = readStatement(input.carrier, input.csv);
  } catch (error) {
    if (error instanceof StatementUnreadable) throw new ApiError(400, error.key);
    throw error;
  }
  const trackings = lines.flatMap((l) => (l.tracking ? [l.tracking] : []));
  const references = lines.flatMap((l) => (l.reference ? [l.reference] : []));
  const fileHash = await sha256(input.csv);
  const [parcels, imported] = await db.batch([
    db
      .prepare(
        `SELECT s.id, s.tracking_number, s.reference, s.order_id, s.cod_amount, s.currency, s.status,
           EXISTS (SELECT 1 FROM cod_remittance_lines l WHERE l.shipment_id = s.id) AS remitted
         FROM shipments s WHERE s.carrier = ? AND s.direction = 'outbound'
           AND (s.tracking_number IN (SELECT value FROM json_each(?)) OR s.reference IN (SELECT value FROM json_each(?)))`,
      )
      .bind(input.carrier, JSON.stringify(trackings), JSON.stringify(references)),
    db.prepare('SELECT id FROM cod_remittances WHERE file_hash = ?').bind(fileHash),
  ]);
  const known = (parcels!.results as Array<Omit<CashParcel, 'remitted'> & { remitted: number }>).map(
    (p): CashParcel => ({ ...p, remitted: p.remitted === 1 }),
  );
  const result = matchStatement(lines, input.currency, known);
  const importedAs = (imported!.results[0] as { id: number } | undefined)?.id ?? null;
  return {
    ...result,
    applicable: result.applicable && importedAs === null,
    file_hash: fileHash,
    imported_as: importedAs,
  };
}

/**
 * What the staff page is answered: the whole file's counts and total with one page of its lines (the
 * import itself always works on every line, `Checked`).
 */
function paged(checked: Checked, page = 1) {
  const pages = Math.max(1, Math.ceil(checked.lines.length / COD_PREVIEW_PAGE_SIZE));
  const at = Math.min(page, pages);
  return {
    ...checked,
    line_count: checked.lines.length,
    page: at,
    pages,
    page_size: COD_PREVIEW_PAGE_SIZE,
    lines: checked.lines.slice((at - 1) * COD_PREVIEW_PAGE_SIZE, at * COD_PREVIEW_PAGE_SIZE),
  };
}

interface CashShipment {
  id: number;
  order_id: number;
  carrier: string;
  tracking_number: string | null;
  currency: CurrencyCode;
  cod_amount: number;
  delivered_at: number;
  remitted: number | null;
}

interface HandinRow {
  staff_id: number;
  name: string;
  day: string;
  currency: CurrencyCode;
  expected: number;
  collected: number;
  handed: number | null;
  note: string | null;
}

export const staffCodRoutes = new Hono<AppEnv>()
  .get(
    '/cod',
    contract({
      tag: 'staff',
      summary:
        'Cash on delivery: expected, remitted and the difference per carrier and week; the parcels short, over or missing; the drivers’ hand-ins; recent statements',
      noDevice: true,
      staff: 'cod:reconcile',
      response: codOverviewSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const allowed = countriesFor(member.grants, 'cod:reconcile');
      const shown = COUNTRY_CODES.filter((code) => allowed === null || allowed.includes(code));
      const currencies = shown.map((code) => COUNTRY_FACTS[code].currency);
      const now = Date.now();
      const today = homeDate(now);
      // Each country's weeks start on its first working day at midnight on its clocks (Sunday in Kuwait,
      // Monday in the Emirates): the first of its twelve weeks, as a date of its own and as an instant.
      const firstWeek = (code: CountryCode) => addDays(countryWeekOf(code, countryDate(code, now)), -7 * (WEEKS - 1));
      const since = Math.min(now, ...shown.map((code) => instantIn(timeZoneOf(code), firstWeek(code))));
      // The drivers' hand-in days are the own fleet's country's dates.
      const handinsSince = firstWeek(OWN_FLEET_COUNTRY);
      const db = c.env.DB;
      const [shipments, handins, statements] = await db.batch([
        db
          .prepare(
            `SELECT s.id, s.order_id, s.carrier, s.tracking_number, s.currency, s.cod_amount,
             COALESCE(s.last_event_at, s.updated_at) AS delivered_at, l.amount_minor AS remitted
           FROM shipments s LEFT JOIN cod_remittance_lines l ON l.shipment_id = s.id
           WHERE s.direction = 'outbound' AND s.status = 'delivered' AND s.cod_amount > 0 AND s.carrier != 'own'
             AND s.currency IN (SELECT value FROM json_each(?1))
             AND (COALESCE(s.last_event_at, s.updated_at) >= ?2 OR l.id IS NULL)
           ORDER BY delivered_at`,
          )
          .bind(JSON.stringify(currencies), since),
        db
          .prepare(
            `SELECT d.staff_id, st.name, d.day, d.currency, SUM(d.cod_amount) AS expected,
             SUM(COALESCE(d.cash_collected, 0)) AS collected, h.handed_minor AS handed, h.note
           FROM driver_stops d JOIN staff st ON st.id = d.staff_id
           LEFT JOIN driver_handins h ON h.staff_id = d.staff_id AND h.day = d.day
           WHERE d.status = 'delivered' AND d.cod_amount > 0 AND d.day >= ?1
             AND d.currency IN (SELECT value FROM json_each(?2))
           GROUP BY d.staff_id, d.day ORDER BY d.day DESC, st.name`,
          )
          .bind(handinsSince, JSON.stringify(currencies)),
        db
          .prepare(
            `SELECT r.id, r.carrier, r.statement_ref, r.file_name, r.currency, r.line_count, r.total_minor, r.imported_at,
             s.name AS staff_name
           FROM cod_remittances r JOIN staff s ON s.id = r.staff_id
           WHERE r.currency IN (SELECT value FROM json_each(?)) ORDER BY r.imported_at DESC LIMIT 20`,
          )
          .bind(JSON.stringify(currencies)),
      ]);
      const totals = new Map<
        string,
        { carrier: string; week: string; currency: string; expected: number; remitted: number; difference: number }
      >();
      const add = (carrier: string, week: string, currency: string, expected: number, remitted: number) => {
        const key = `${carrier}|${week}|${currency}`;
        const row = totals.get(key) ?? { carrier, week, currency, expected: 0, remitted: 0, difference: 0 };
        row.expected += expected;
        row.remitted += remitted;
        row.difference = row.remitted - row.expected;
        totals.set(key, row);
      };
      const differences: Array<CashShipment & { status: SettlementStatus }> = [];
      const counts: Record<SettlementStatus, number> = { paid: 0, short: 0, over: 0, missing: 0, not_yet_remitted: 0 };
      for (const s of shipments!.results as unknown as CashShipment[]) {
        const status = settlementStatus(s.cod_amount, s.remitted, s.delivered_at, now);
        counts[status] += 1;
        // A parcel counts in its own country's week (of its currency), from that country's first week on.
        const country = countryOf(s.currency);
        const week = countryWeekOf(country, countryDate(country, s.delivered_at));
        if (s.delivered_at >= since && week >= firstWeek(country))
          add(s.carrier, week, s.currency, s.cod_amount, s.remitted ?? 0);
        if (status === 'short' || status === 'over' || status === 'missing') differences.push({ ...s, status });
      }
      const drivers = handins!.results as unknown as HandinRow[];
      for (const h of drivers)
        add('own', countryWeekOf(OWN_FLEET_COUNTRY, h.day), h.currency, h.expected, h.handed ?? 0);
      return c.json(
        ok({
          today,
          missing_days: COD_MISSING_DAYS,
          counts,
          totals: [...totals.values()].sort(
            (a, b) => b.week.localeCompare(a.week) || a.carrier.localeCompare(b.carrier),
          ),
          differences,
          handins: drivers.map((h) => ({
            ...h,
            difference: h.handed === null ? null : h.handed - h.expected,
          })),
          statements: statements!.results,
        }),
      );
    },
  )
  .post(
    '/cod/remittances/preview',
    contract({
      tag: 'staff',
      summary:
        'Checks a carrier’s remittance statement (CSV) without changing anything: every line matched, short, over, unknown, in another currency, already matched, repeated, never delivered or naming two parcels; one page of lines, the counts of all',
      body: remittancePreviewSchema,
      noDevice: true,
      staff: 'cod:reconcile',
      response: codStatementCheckSchema,
      messages: ['cod_file_unreadable', 'cod_file_empty', 'cod_columns_missing'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      assertCountry(member, countryOf(input.currency));
      return c.json(ok(paged(await check(c.env.DB, input), input.page)));
    },
  )
  .post(
    '/cod/remittances',
    contract({
      tag: 'staff',
      summary:
        'Imports a remittance statement in one batch; 409 with the counts and the first page of lines when any line is unknown, in another currency, already matched, never delivered or naming two parcels, or when the same file was imported before',
      body: remittanceFileSchema,
      noDevice: true,
      staff: 'cod:reconcile',
      response: codStatementCheckSchema,
      messages: [
        'cod_file_imported',
        'cod_file_unreadable',
        'cod_file_empty',
        'cod_columns_missing',
        'cod_file_already_imported',
        'cod_file_blocked',
      ],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      assertCountry(member, countryOf(input.currency));
      const db = c.env.DB;
      const checked = await check(db, input);
      if (checked.imported_as !== null) throw new ApiError(409, 'cod_file_already_imported', paged(checked));
      if (!checked.applicable) throw new ApiError(409, 'cod_file_blocked', paged(checked));
      const lines = checked.lines.map((l) => ({
        line: l.line,
        tracking: l.tracking,
        reference: l.reference,
        amount: l.amount,
        currency: l.currency,
        shipment: l.shipment_id,
        outcome: l.outcome,
        date: l.date?.slice(0, 40) ?? null,
      }));
      try {
        await db.batch([
          db
            .prepare(
              `INSERT INTO cod_remittances (carrier, statement_ref, file_hash, file_name, currency, line_count, total_minor, imported_at, staff_id)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              input.carrier,
              input.statement_ref,
              checked.file_hash,
              input.file_name || 'statement.csv',
              input.currency,
              lines.length,
              checked.total,
              Date.now(),
              member.id,
            ),
          db
            .prepare(
              `INSERT INTO cod_remittance_lines (remittance_id, line_no, tracking_number, reference, amount_minor, currency,
               shipment_id, outcome, remitted_on)
             SELECT (SELECT id FROM cod_remittances WHERE file_hash = ?1), value ->> 'line', value ->> 'tracking',
               value ->> 'reference', value ->> 'amount', value ->> 'currency', value ->> 'shipment', value ->> 'outcome',
               value ->> 'date'
             FROM json_each(?2)`,
            )
            .bind(checked.file_hash, JSON.stringify(lines)),
          auditStatement(db, member, {
            action: 'cod.remittance.import',
            resource: 'cod_remittance',
            resourceId: input.statement_ref,
            country: countryOf(input.currency),
            after: { carrier: input.carrier, lines: lines.length, total: checked.total, counts: checked.counts },
          }),
        ]);
      } catch (error) {
        // Another import of the same file, or of a line's parcel, landed between the check and now.
        if (String(error).includes('UNIQUE')) throw new ApiError(409, 'cod_file_already_imported');
        throw error;
      }
      return c.json(ok({ ...paged(checked), applicable: false }, 'cod_file_imported'));
    },
  )
  .post(
    '/cod/handins',
    contract({
      tag: 'staff',
      summary:
        'Records the cash a driver handed in for a day against the day’s delivered cash stops (a difference needs a note); counted by someone else than the driver (409 cod_handin_not_yourself)',
      body: handinSchema,
      noDevice: true,
      staff: 'cod:reconcile',
      response: codHandinSavedSchema,
      messages: [
        'cod_handin_saved',
        'not_found',
        'cod_amount_invalid',
        'cod_handin_note_required',
        'cod_handin_not_yourself',
      ],
    }),
    async (c) => {
      const member = await requireStaff(c);
      // Hand-ins are the own drivers' cash, in the fleet's country.
      assertCountry(member, OWN_FLEET_COUNTRY);
      const input = c.req.valid('json');
      // The hand-in checks a driver's cash: a second person counts it, never the driver herself (one
      // account may hold both a driver's and fulfilment's roles).
      if (input.staff_id === member.id) throw new ApiError(409, 'cod_handin_not_yourself');
      const db = c.env.DB;
      const due = await db
        .prepare(
          `SELECT SUM(cod_amount) AS expected, MIN(currency) AS currency FROM driver_stops
         WHERE staff_id = ? AND day = ? AND status = 'delivered' AND cod_amount > 0`,
        )
        .bind(input.staff_id, input.day)
        .first<{ expected: number | null; currency: CurrencyCode | null }>();
      if (!due?.expected || !due.currency) throw new ApiError(404, 'not_found');
      const handed = parseAmount(input.amount, currencyDecimals(due.currency));
      if (handed === null) throw new ApiError(400, 'cod_amount_invalid');
      if (handed !== due.expected && !input.note) throw new ApiError(400, 'cod_handin_note_required');
      await db.batch([
        db
          .prepare(
            `INSERT INTO driver_handins (staff_id, day, currency, expected_minor, handed_minor, note, recorded_by, recorded_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
           ON CONFLICT (staff_id, day) DO UPDATE SET expected_minor = ?4, handed_minor = ?5, note = ?6, recorded_by = ?7,
             recorded_at = ?8`,
          )
          .bind(
            input.staff_id,
            input.day,
            due.currency,
            due.expected,
            handed,
            input.note ?? null,
            member.id,
            Date.now(),
          ),
        auditStatement(db, member, {
          action: 'cod.handin',
          resource: 'driver_handin',
          resourceId: `${input.staff_id}:${input.day}`,
          country: OWN_FLEET_COUNTRY,
          after: { expected: due.expected, handed },
        }),
      ]);
      return c.json(ok({ expected: due.expected, handed, difference: handed - due.expected }, 'cod_handin_saved'));
    },
  );
