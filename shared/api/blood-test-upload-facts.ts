// An uploaded result's limits, consent version and fixed choices, without the upload schemas: the upload page shows
// and checks them as it renders; the schemas load when the form is checked.

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

/** Where a confirmed value came from: typed by the shopper, or found in the report's PDF text and confirmed. */
export const VALUE_ORIGINS = ['typed', 'pdf'] as const;

/**
 * Why a reading found nothing (dictionary keys): no PDF among the files, PDFs without text (scans),
 * PDFs that could not be read (damaged, or too slow), or text without a known marker's value.
 */
export const READ_REASONS = ['upload_no_pdf', 'upload_no_text', 'upload_read_failed', 'upload_no_values'] as const;
