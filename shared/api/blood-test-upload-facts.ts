// An uploaded result's limits and consent version, without the upload schemas: the upload page shows
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
