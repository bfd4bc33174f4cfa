// Blood-test result files a shopper uploads (issue 15): the limits both the storefront and the API
// enforce, and the inputs of /user/upload/bloodtest…. Messages are dictionary keys.
import { normalizeDigits } from '../text/digits';
import { z } from '../zod';

/** One file at most this many bytes (judged by its length, never a declared size). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Files one result may carry. */
export const UPLOAD_MAX_FILES_PER_RESULT = 10;
/** Files uploaded but not yet submitted a shopper may hold at once (the cron removes them after 24 h). */
export const UPLOAD_MAX_PENDING_FILES = 20;
/** Results listed per page. */
export const UPLOADS_PER_PAGE = 20;

/** The file types accepted, as their content announces them. */
export const UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/**
 * The version of the consent text the upload form shows (Saudi PDPL: health data needs explicit
 * consent); each result stores it with the time it was given.
 */
export const BLOOD_TEST_UPLOAD_CONSENT_VERSION = '2026-12-upload-v1';

/** A file's public id: 128 random bits, hex. */
const fileId = z.string().regex(/^[0-9a-f]{32}$/);

/** POST /user/upload/bloodtest?name=…: the body is the file's bytes; the name is only for display. */
export const uploadFileQuery = z.object({ name: z.string().max(200).optional() });

/** GET /user/upload/bloodtest/:id/files/:fileId. */
export const uploadFileParams = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  fileId,
});

const isoDate = z
  .string({ error: 'mandatory-field' })
  .overwrite(normalizeDigits)
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'item_validation_error', abort: true })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01';
    },
    { error: 'item_validation_error', abort: true },
  )
  // A sample taken tomorrow is a typing mistake (a day of slack for time zones).
  .refine((v) => v <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), {
    error: 'item_validation_error',
  });

/** POST /user/upload/bloodtest/submit: the result with the files uploaded for it, and the consent. */
export const uploadSubmitSchema = z.object({
  lab_name: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(120),
  sample_date: isoDate,
  notes: z.string().trim().max(2000).default(''),
  file_ids: z
    .array(fileId, { error: 'upload_files_required' })
    .min(1, { error: 'upload_files_required' })
    .max(UPLOAD_MAX_FILES_PER_RESULT, { error: 'upload_too_many_files' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'upload_files_required' }),
  consent: z.literal(true, { error: 'consent_required' }),
  /** The text the shopper agreed to must be the one the shop shows now. */
  consent_version: z.literal(BLOOD_TEST_UPLOAD_CONSENT_VERSION, { error: 'consent_required' }),
});
export type UploadSubmitInput = z.output<typeof uploadSubmitSchema>;

/** A file of a result, as the API lists it (POST /user/upload/bloodtest answers the same fields). */
export interface UploadedFile {
  id: string;
  name: string;
  type: UploadType;
  size: number;
}

/** A submitted result (GET /user/upload/bloodtest/:id, and each item of the list). */
export interface UploadedResult {
  id: number;
  lab_name: string;
  sample_date: string;
  notes: string;
  consent_version: string;
  consent_at: number;
  created_at: number;
  files: UploadedFile[];
}

/** GET /user/upload/list/bloodtest[/:page]. */
export interface UploadedResultList {
  items: UploadedResult[];
  page: number;
  per_page: number;
  total: number;
  page_count: number;
}
