// Blood-test result files a shopper uploads: the limits both the storefront and the API
// enforce, and the inputs of /user/upload/bloodtest…. Messages are dictionary keys.
import { normalizeDigits } from '../text/digits';
import { z } from '../zod';

import {
  BLOOD_TEST_UPLOAD_CONSENT_VERSION,
  UPLOAD_MAX_FILES_PER_RESULT,
  VALUE_ORIGINS,
} from './blood-test-upload-facts';
import type {
  biomarkerOptionsSchema,
  uploadedFileSchema,
  uploadedResultDetailSchema,
  uploadedResultListSchema,
  uploadReadAnswerSchema,
  uploadValuesAnswerSchema,
} from './blood-test-upload-responses';

export {
  BLOOD_TEST_UPLOAD_CONSENT_VERSION,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PENDING_FILES,
  UPLOAD_TYPES,
  UPLOADS_PER_PAGE,
  type UploadType,
} from './blood-test-upload-facts';

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

// The answers' types, inferred from the routes' response schemas (./blood-test-upload-responses.ts,
// decision 68): one declaration.
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export type UploadedResultList = z.infer<typeof uploadedResultListSchema>;
export type UploadedResult = UploadedResultList['items'][number];
export type UploadedResultDetail = z.infer<typeof uploadedResultDetailSchema>;
export type UploadValuesAnswer = z.infer<typeof uploadValuesAnswerSchema>;
export type UploadValue = UploadValuesAnswer['values'][number];
export type ValueOrigin = UploadValue['origin'];
export type UploadReadAnswer = z.infer<typeof uploadReadAnswerSchema>;
export type ValueFinding = UploadReadAnswer['findings'][number];
export type BiomarkerOptions = z.infer<typeof biomarkerOptionsSchema>;
export type BiomarkerOption = BiomarkerOptions['items'][number];

// --- values of a result (typed, or found in its PDF and confirmed) --------------------------------

/** Values one result may carry. */
const UPLOAD_MAX_VALUES = 60;

/**
 * A measured value as the shopper confirms it: Arabic-Indic digits and a decimal comma are read, the
 * result is Latin digits with a dot ("١٨٫٢", "18,2" → "18.2"); positive, at most 4 decimals.
 */
const valueText = z
  .string({ error: 'upload_value_invalid' })
  .overwrite((v) =>
    normalizeDigits(v)
      .replace(/[\s\u00A0\u202F]/g, '')
      .replace(/^(\d+),(\d+)$/, '$1.$2'),
  )
  .regex(/^(0|[1-9]\d{0,8})(\.\d{1,4})?$/, { error: 'upload_value_invalid', abort: true })
  .refine((v) => /[1-9]/.test(v), { error: 'upload_value_invalid' });

/**
 * POST /user/upload/bloodtest/:id/values: the result's whole set of values (it replaces the one kept).
 * `unitsOf` names a biomarker's units (UCUM codes) or undefined for a slug the shop does not know: the
 * API passes the reference data's, the editor the ones the API listed for it.
 */
export function uploadValuesSchema(unitsOf: (slug: string) => readonly string[] | undefined) {
  const entry = z
    .object({
      biomarker: z
        .string({ error: 'upload_value_marker_unknown' })
        .refine((slug) => unitsOf(slug) !== undefined, { error: 'upload_value_marker_unknown', abort: true }),
      value: valueText,
      unit: z.string({ error: 'upload_value_unit_invalid' }).max(40, { error: 'upload_value_unit_invalid' }),
      origin: z.enum(VALUE_ORIGINS, { error: 'item_validation_error' }),
    })
    .superRefine((v, ctx) => {
      const units = unitsOf(v.biomarker);
      if (units && !units.includes(v.unit))
        ctx.addIssue({ code: 'custom', path: ['unit'], message: 'upload_value_unit_invalid' });
    });
  return z.object({
    values: z
      .array(entry, { error: 'item_validation_error' })
      .max(UPLOAD_MAX_VALUES, { error: 'upload_values_too_many' })
      .superRefine((values, ctx) => {
        const seen = new Set<string>();
        values.forEach((v, i) => {
          if (seen.has(v.biomarker))
            ctx.addIssue({ code: 'custom', path: [i, 'biomarker'], message: 'upload_value_duplicate' });
          seen.add(v.biomarker);
        });
      }),
  });
}
