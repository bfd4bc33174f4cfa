// Data rights (decision 49): the export request as the account page shows it, and the download
// link's query (the signature the API checks); the shopper's routes' and the back office's answers
// (decision 68: the routes' `response`), whose types the pages read.
import { z } from '../zod';

/** An export request as the account page shows it: GET and POST /user/data/export (decision 68). */
const dataExportViewSchema = z.object({
  id: z.int(),
  /** `expired` also for a ready archive past its time, whatever the cron has done yet. */
  status: z.enum(['requested', 'ready', 'expired', 'failed']),
  requested_at: z.int(),
  ready_at: z.int().nullable(),
  expires_at: z.int().nullable(),
  /** The archive's size in bytes, while it is ready. */
  size: z.int().nullable(),
  /** The storefront path that downloads it (signed), while it is ready. */
  download: z.string().nullable(),
  /** When she may ask again (one a day). */
  next_allowed_at: z.int(),
});
export type DataExportView = z.infer<typeof dataExportViewSchema>;
export type DataExportStatus = DataExportView['status'];

/** GET /user/data/export: her latest request, null when none. */
export const dataExportStateSchema = z.object({ export: dataExportViewSchema.nullable() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** POST /user/data/export: the request just opened. */
export const dataExportRequestedSchema = z.object({ export: dataExportViewSchema });
export type DataExportRequested = z.infer<typeof dataExportRequestedSchema>;

/** The download link's signature: HMAC-SHA256 in hex. */
export const dataExportDownloadQuery = z.object({ t: z.string().regex(/^[0-9a-f]{64}$/) });

/**
 * "Erase my health data" (issue 44, decision 49): the kinds of health data the account page lists,
 * with their counts, before she confirms. A new kind (consultation notes, once the shop keeps them)
 * is one more key here and one more entry in api/src/data-rights/health-erasure.ts.
 */
export const HEALTH_DATA_KINDS = [
  'lab_results',
  'uploaded_reports',
  'uploaded_values',
  'quiz_answers',
  'reading_profile',
  'consultations',
] as const;
export type HealthDataKind = (typeof HEALTH_DATA_KINDS)[number];

/** Every kind with its count (an enum's record has every key). */
const healthDataCountsSchema = z.record(z.enum(HEALTH_DATA_KINDS), z.int());
export type HealthDataCounts = z.infer<typeof healthDataCountsSchema>;

/** GET /user/data/health: what "Erase my health data" would remove. */
export const healthDataCountsAnswerSchema = z.object({ counts: healthDataCountsSchema });
export type HealthDataCountsAnswer = z.infer<typeof healthDataCountsAnswerSchema>;

/** POST /user/data/health/erase: what was erased. */
export const healthDataErasedSchema = z.object({ erased: healthDataCountsSchema });

/** The confirmation the erase call needs: she saw the list and said yes. */
export const healthEraseSchema = z.object({ confirm: z.literal(true) });

const DATA_REQUEST_STATUSES = ['requested', 'ready', 'expired', 'failed', 'done'] as const;

/**
 * A data request as the back office's list answers it (GET /staff/data-requests): the route's response
 * schema (decision 68) and the page's row type. `status` reads expired for an archive past its time.
 */
const dataRequestRowSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  kind: z.enum(['export', 'erasure']),
  status: z.enum(DATA_REQUEST_STATUSES),
  source: z.enum(['shopper', 'staff']),
  staff_name: z.string().nullable(),
  email: z.string(),
  deleted_at: z.number().nullable(),
  created_at: z.number(),
  ready_at: z.number().nullable(),
  expires_at: z.number().nullable(),
  done_at: z.number().nullable(),
});
export type DataRequestRow = z.infer<typeof dataRequestRowSchema>;

export const dataRequestListSchema = z.object({ requests: z.array(dataRequestRowSchema) });

/** POST /staff/customers/:id/data-export: the export request it opened. */
export const staffDataExportSchema = z.object({
  request: z.object({ id: z.int(), status: z.enum(DATA_REQUEST_STATUSES), created_at: z.number() }),
});
