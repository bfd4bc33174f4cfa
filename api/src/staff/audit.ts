// The audit log: every change a staff member makes, with the fields before and after, and
// every view of health data. Written as a statement for the change's own batch, so a change and its
// audit row are stored together or not at all.
import { currentRequestId } from '#api/src/lib/log';
import type { StaffMember } from './sessions';

export interface AuditEntry {
  /** '<resource>.<verb>', e.g. 'order.ship', 'wallet.adjust', 'result.view'. */
  action: string;
  resource: string;
  resourceId?: string | number | null;
  country?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * The audit row's INSERT for the change's batch. `unlessExists`: a query that, when it finds a row
 * before this statement runs, leaves the audit row out (a change applied once per event key, such as
 * a points adjustment submitted twice, is recorded once).
 */
export function auditStatement(
  db: D1Database,
  staff: Pick<StaffMember, 'id'> | null,
  entry: AuditEntry,
  unlessExists?: { sql: string; binds: unknown[] },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO audit_log (staff_id, action, resource, resource_id, country, before_json, after_json, reason, request_id, at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?${unlessExists ? ` WHERE NOT EXISTS (${unlessExists.sql})` : ''}`,
    )
    .bind(
      staff?.id ?? null,
      entry.action,
      entry.resource,
      entry.resourceId == null ? null : String(entry.resourceId),
      entry.country ?? null,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.reason ?? null,
      currentRequestId() ?? null,
      Date.now(),
      ...(unlessExists?.binds ?? []),
    );
}

/** Only the fields whose values differ, on both sides: what the audit row needs to say. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] !== undefined && after[key] !== before[key]) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
