// The blood-test results a shopper uploaded and shared in a consultation's intake, as its nutritionist
// reads them: the result's lab and day with its files listed, and a file opened. A shared PDF often has
// no values typed in, so the file itself is the result: without it she "shared nothing" on the page.
// Only the results the intake names, and only while they are still the shopper's (one she removed is
// gone); the caller has already checked that the member is the consultation's own nutritionist
// (practice/access.ts ownConsultation). The file stays sealed at rest under UPLOAD_KEK and is opened
// here for the answer only, as the shopper's own download opens it; each opening is audited.
import type { SharedUpload } from '#shared/consultations/practice-views';
import type { UploadType } from '#shared/api/blood-test-upload-schemas';
import { ApiError } from '#api/src/lib/errors';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import { type Keyring, openFile } from '#api/src/uploads/crypto';
import { uploadDownload } from '#api/src/uploads/sniff';
import type { PracticeConsultation } from './access';

/** The intake's shared upload ids, as a JSON list for json_each (an intake without any shares none). */
const SHARED_UPLOADS = `(SELECT json_extract(shared_results, '$.uploads') FROM consultation_intakes WHERE consultation_id = ?1)`;

/** Her uploaded results the intake shares, with their files (oldest file first). */
export async function sharedUploads(db: D1Database, c: Pick<PracticeConsultation, 'id' | 'user_id'>) {
  const { results } = await db
    .prepare(
      `SELECT r.id, r.lab_name, r.sample_date,
         coalesce((SELECT json_group_array(json_object('id', f.id, 'name', f.name, 'type', f.content_type, 'size', f.size))
           FROM (SELECT * FROM blood_test_upload_files WHERE result_id = r.id AND user_id = ?2 ORDER BY created_at, id) f), '[]') AS files
       FROM blood_test_uploads r
       WHERE r.user_id = ?2 AND r.id IN (SELECT value FROM json_each(coalesce(${SHARED_UPLOADS}, '[]')))
       ORDER BY r.sample_date DESC, r.id DESC`,
    )
    .bind(c.id, c.user_id)
    .all<{ id: number; lab_name: string; sample_date: string; files: string }>();
  return results.map((r): SharedUpload => ({ ...r, files: JSON.parse(r.files) as SharedUpload['files'] }));
}

interface FileRow {
  id: string;
  r2_key: string;
  name: string;
  content_type: UploadType;
  key_version: number;
  wrapped_key: string;
  iv: string;
}

/**
 * One file of a shared result, decrypted, as an attachment. A result the intake does not share, a file
 * of another result, or one no longer hers: 404, as a stranger's would be.
 */
export async function openSharedFile(
  db: D1Database,
  bucket: R2Bucket,
  ring: Keyring,
  member: StaffMember,
  c: PracticeConsultation,
  uploadId: number,
  fileId: string,
): Promise<Response> {
  const file = await db
    .prepare(
      `SELECT f.id, f.r2_key, f.name, f.content_type, f.key_version, f.wrapped_key, f.iv
       FROM blood_test_upload_files f JOIN blood_test_uploads r ON r.id = f.result_id
       WHERE f.id = ?3 AND r.id = ?4 AND r.user_id = ?2 AND f.user_id = ?2
         AND ?4 IN (SELECT value FROM json_each(coalesce(${SHARED_UPLOADS}, '[]')))`,
    )
    .bind(c.id, c.user_id, fileId, uploadId)
    .first<FileRow>();
  if (!file) throw new ApiError(404, 'not_found');
  const stored = await bucket.get(file.r2_key);
  if (!stored) throw new ApiError(404, 'not_found');
  const plaintext = await openFile(ring, file, new Uint8Array(await stored.arrayBuffer()), file.id);
  await auditStatement(db, member, {
    action: 'consultation.result_file',
    resource: 'consultation',
    resourceId: c.id,
    country: c.country,
  }).run();
  // As the shopper's own download.
  return uploadDownload(plaintext, file);
}
