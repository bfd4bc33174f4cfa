// Data rights (decision 49): the export request as the account page shows it, and the download
// link's query (the signature the API checks).
import { z } from '../zod';

export type DataExportStatus = 'requested' | 'ready' | 'expired' | 'failed';

export interface DataExportView {
  id: number;
  status: DataExportStatus;
  requested_at: number;
  ready_at: number | null;
  expires_at: number | null;
  /** The archive's size in bytes, while it is ready. */
  size: number | null;
  /** The storefront path that downloads it (signed), while it is ready. */
  download: string | null;
  /** When she may ask again (one a day). */
  next_allowed_at: number;
}

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
export type HealthDataCounts = Record<HealthDataKind, number>;

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
