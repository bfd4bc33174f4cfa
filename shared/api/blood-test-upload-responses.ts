// What the uploaded results' routes answer (decision 68: the routes' `response`, checked against every
// integration test's answer); the types the upload and result pages read (./blood-test-upload-schemas.ts)
// are inferred from these. Health data: every object is strict, so an answer that sent one field more
// than described here (a storage key, a wrapped key) fails the routes' tests instead of reaching the
// shopper's browser unseen.
import { z } from '../zod';
import { READ_REASONS, UPLOAD_TYPES, VALUE_ORIGINS } from './blood-test-upload-facts';

/** A file of a result, as the API lists it; POST /user/upload/bloodtest answers the same fields. */
export const uploadedFileSchema = z.strictObject({
  /** 128 random bits, hex. */
  id: z.string(),
  name: z.string(),
  type: z.enum(UPLOAD_TYPES),
  /** Bytes. */
  size: z.int(),
});

/** A submitted result: POST …/submit answers it; each item of the list. Times are ms since the epoch. */
export const uploadedResultSchema = z.strictObject({
  id: z.int(),
  lab_name: z.string(),
  sample_date: z.string(),
  notes: z.string(),
  consent_version: z.string(),
  consent_at: z.int(),
  created_at: z.int(),
  files: z.array(uploadedFileSchema),
});

/** GET /user/upload/list/bloodtest[/:page]. */
export const uploadedResultListSchema = z.strictObject({
  items: z.array(uploadedResultSchema),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
  page_count: z.int(),
});

/** A biomarker as the result pages name it (in the request's language). */
const valueBiomarkerSchema = z.strictObject({ slug: z.string(), name: z.string() });

const valueFields = {
  biomarker: valueBiomarkerSchema,
  /** Decimal text as confirmed: Latin digits, a dot. */
  value: z.string(),
  /** UCUM code of one of the biomarker's units. */
  unit: z.string(),
  /** The unit as shoppers read it, in the request's language. */
  unit_label: z.string(),
};

/** A confirmed value of a result. */
const uploadValueSchema = z.strictObject({ ...valueFields, origin: z.enum(VALUE_ORIGINS) });

/** GET /user/upload/bloodtest/:id: the result with its confirmed values. */
export const uploadedResultDetailSchema = uploadedResultSchema.extend({ values: z.array(uploadValueSchema) });

/** POST /user/upload/bloodtest/:id/values: the set now kept. */
export const uploadValuesAnswerSchema = z.strictObject({ values: z.array(uploadValueSchema) });

/** POST /user/upload/bloodtest/:id/read: values found in the report's PDF text, for the shopper to confirm. */
export const uploadReadAnswerSchema = z.strictObject({
  findings: z.array(
    z.strictObject({
      ...valueFields,
      /** The unit was missing or unknown: this is the marker's conventional unit, to be checked. */
      unit_guessed: z.boolean(),
      /** The report's line it was read from (at most 120 characters). */
      line: z.string(),
    }),
  ),
  /** Why nothing was found (a dictionary key); null when there are findings. */
  reason: z.enum(READ_REASONS).nullable(),
  /** Pages read (the first 10 of the result's PDFs at most). */
  pages: z.int(),
});

/** GET /user/upload/bloodtest/biomarkers: what the marker picker offers. */
export const biomarkerOptionsSchema = z.strictObject({
  items: z.array(
    z.strictObject({
      slug: z.string(),
      name: z.string(),
      /** vitamins, blood, metabolic, heart, thyroid, hormones, kidney, liver, inflammation. */
      system: z.string(),
      units: z.array(z.strictObject({ code: z.string(), label: z.string() })),
      /** The unit a new row starts with (the conventional one). */
      default_unit: z.string(),
    }),
  ),
});
