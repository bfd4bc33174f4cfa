// What the back office's audit log route answers (GET /staff/audit, api/src/routes/staff/audit.ts):
// the route's response schema (decision 68) and the type the audit page reads, one declaration.
import { z } from '../zod';

/** An audit_log row with the acting member's name and email (null: a system action or a removed member). */
const auditEntrySchema = z.object({
  id: z.int(),
  staff_id: z.int().nullable(),
  staff_name: z.string().nullable(),
  staff_email: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  country: z.string().nullable(),
  /** JSON text of the record before and after, as written by the change. */
  before_json: z.string().nullable(),
  after_json: z.string().nullable(),
  reason: z.string().nullable(),
  request_id: z.string().nullable(),
  at: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Newest first, 50 a page; `next_before` is the id to page on, null on the last page. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_before: z.int().nullable(),
});
export type AuditPageResponse = z.infer<typeof auditPageSchema>;
