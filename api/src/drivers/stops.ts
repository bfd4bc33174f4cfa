// The shop's own drivers' stops (issue 62): a driver's day read and marked, each mark a tracking event
// of the own carrier (api/src/carriers/own.ts reads them). A stop is its driver's only: every read and
// mark checks that the stop is hers, and another driver's stop is not found.
import type { DriverStop } from '#shared/api/driver-responses';
import type { DriverStopRow } from '#api/src/db/rows';

// The area's Arabic name and its governorate come from the places table (the stop keeps the English
// name the carriers use), so the driver's page reads "السالمية، حولي" in Arabic.
export const STOP_COLUMNS = `d.id, d.tracking_number, d.day, d.staff_id, d.position, d.order_number, d.name, d.phone,
  d.address_lines, d.area, d.cod_amount, d.currency, d.status, d.received_by, d.receiver_name, d.fail_reason,
  d.cash_collected, d.cash_note,
  (SELECT a.name_ar FROM areas a WHERE a.name_en = d.area COLLATE NOCASE) AS area_ar,
  (SELECT g.name_en FROM areas a JOIN governorates g ON g.id = a.governorate_id
    WHERE a.name_en = d.area COLLATE NOCASE) AS governorate_en,
  (SELECT g.name_ar FROM areas a JOIN governorates g ON g.id = a.governorate_id
    WHERE a.name_en = d.area COLLATE NOCASE) AS governorate_ar`;

/** The columns STOP_COLUMNS selects. */
export type StopRow = Omit<DriverStop, 'address_lines' | 'address'> & Pick<DriverStopRow, 'address_lines'>;

/**
 * A stop as answered. address_lines holds the typed parts by name (an object), or, for a stop stored
 * before they were kept, the values as lines (an array): those are answered as they were.
 */
export const toStop = (row: StopRow): DriverStop => {
  const stored = JSON.parse(row.address_lines) as string[] | Record<string, string>;
  return Array.isArray(stored)
    ? { ...row, address: {}, address_lines: stored }
    : { ...row, address: stored, address_lines: [] };
};

/**
 * The events that leaving with the van gives a stop: picked up, then out for delivery, each once
 * (a stop assigned after the run started gets them at its own mark).
 */
export function leaveStatements(db: D1Database, where: string, binds: unknown[], at: number): D1PreparedStatement[] {
  return (['picked_up', 'out_for_delivery'] as const).map((status) =>
    db
      .prepare(
        `INSERT INTO driver_stop_events (stop_id, status, at)
         SELECT d.id, '${status}', ? FROM driver_stops d WHERE ${where} AND d.status = 'pending'
           AND NOT EXISTS (SELECT 1 FROM driver_stop_events e WHERE e.stop_id = d.id AND e.status = '${status}')`,
      )
      .bind(at, ...binds),
  );
}

/** The run's start: the day's row, and its pending stops picked up and out for delivery. */
export function startRunStatements(db: D1Database, staffId: number, day: string, at: number): D1PreparedStatement[] {
  return [
    db
      .prepare('INSERT INTO driver_runs (staff_id, day, started_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
      .bind(staffId, day, at),
    ...leaveStatements(db, 'd.day = ? AND d.staff_id = ?', [day, staffId], at),
  ];
}

/** A driver's own stop, or null (another driver's, or none). */
export function ownStop(db: D1Database, staffId: number, stopId: number) {
  return db
    .prepare(`SELECT ${STOP_COLUMNS} FROM driver_stops d WHERE d.id = ? AND d.staff_id = ?`)
    .bind(stopId, staffId)
    .first<StopRow>();
}
