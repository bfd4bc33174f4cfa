// Blood-test results a shopper uploads: files first, one per request with the raw bytes as
// the body (POST /user/upload/bloodtest?name=…), each judged by its content, encrypted and kept pending;
// then the result with its file ids and the consent (…/submit). Every route acts on the signed-in user's
// own rows only: another user's id answers 404, exactly like one that does not exist; a guest or a
// staff session is 401. No health data (names, notes, lab, file names) goes to the logs.
import { type Context, Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PENDING_FILES,
  UPLOADS_PER_PAGE,
  type UploadedResult,
  type UploadType,
  uploadFileQuery,
  UPLOAD_TYPES,
  uploadSubmitSchema,
  uploadValuesSchema,
  uploadFileParams,
} from '#shared/api/blood-test-upload-schemas';
import {
  biomarkerOptionsSchema,
  uploadedFileSchema,
  uploadedResultDetailSchema,
  uploadedResultListSchema,
  uploadedResultSchema,
  uploadReadAnswerSchema,
  uploadValuesAnswerSchema,
} from '#shared/api/blood-test-upload-responses';
import { z } from '#shared/zod';
import { findReportValues } from '#shared/blood-tests/report-text';
import { randomHex } from '#shared/bytes';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { enforce, limit, LIMITS } from '../lib/limits';
import { col } from '../lib/lang';
import { log } from '../lib/log';
import { paged } from '../lib/params';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';
import { type Keyring, keyringOf, openFile, sealFile } from '../uploads/crypto';
import { safeFileName, sniffUploadType, uploadDownload } from '../uploads/sniff';
import { deleteObjects, recordOrDrop } from '../uploads/store';
import { pdfTextLines } from '../uploads/pdf-text';
import {
  type BiomarkerNameRow,
  biomarkerOptions,
  publicFinding,
  publicValue,
  publicValues,
  valuesColumn,
} from '../blood-tests/values';
import { pageParams, idParams } from '#shared/api/route-schemas';
import { BIOMARKER_REFERENCE } from '#shared/blood-tests/biomarker-reference-data';

interface FileRow {
  id: string;
  result_id: number | null;
  r2_key: string;
  name: string;
  content_type: UploadType;
  size: number;
  key_version: number;
  wrapped_key: string;
  iv: string;
  created_at: number;
}

/** A result as read, its files still the json_group_array of their public fields. */
type ResultRow = Omit<UploadedResult, 'files'> & { files: string };

function keyring(c: Context<AppEnv>): Keyring {
  const ring = keyringOf(c.var.config);
  if (!ring) {
    log.error('blood-test uploads need the UPLOAD_KEK secret');
    throw new ApiError(503, 'upload_unavailable');
  }
  return ring;
}

const FILES_JSON = `coalesce((SELECT json_group_array(json_object('id', f.id, 'name', f.name, 'type', f.content_type, 'size', f.size))
   FROM (SELECT * FROM blood_test_upload_files WHERE result_id = r.id ORDER BY created_at, id) f), '[]') AS files`;

const publicResult = ({ files, ...row }: ResultRow) => ({ ...row, files: JSON.parse(files) as unknown[] });

async function list(c: Context<AppEnv>, page: number) {
  const user = await requireUser(c);
  const db = c.env.DB;
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT r.id, r.lab_name, r.sample_date, r.notes, r.consent_version, r.consent_at, r.created_at, ${FILES_JSON}
         FROM blood_test_uploads r WHERE r.user_id = ? ORDER BY r.sample_date DESC, r.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(user.id, UPLOADS_PER_PAGE, (page - 1) * UPLOADS_PER_PAGE),
    db.prepare('SELECT count(*) AS total FROM blood_test_uploads WHERE user_id = ?').bind(user.id),
  ]);
  const total = (count!.results[0] as { total: number }).total;
  return c.json(ok(paged((rows!.results as ResultRow[]).map(publicResult), page, UPLOADS_PER_PAGE, total)));
}

async function ownResult(c: Context<AppEnv>, id: number): Promise<ResultRow> {
  const user = await requireUser(c);
  const row = await c.env.DB.prepare(
    `SELECT r.id, r.lab_name, r.sample_date, r.notes, r.consent_version, r.consent_at, r.created_at, ${FILES_JSON}
     FROM blood_test_uploads r WHERE r.id = ? AND r.user_id = ?`,
  )
    .bind(id, user.id)
    .first<ResultRow>();
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

export const bloodTestUploadRoutes = new Hono<AppEnv>()
  .post(
    '/bloodtest',
    contract({
      tag: 'blood-test-uploads',
      summary:
        'Upload one result file (the body is its bytes: PDF, JPEG, PNG or HEIC by content, at most 10 MB); answers its pending id',
      query: uploadFileQuery,
      rawBody: { types: UPLOAD_TYPES, maxBytes: UPLOAD_MAX_BYTES },
      user: true,
      response: uploadedFileSchema,
      messages: ['upload_unavailable', 'upload_too_large', 'upload_type_unsupported', 'upload_too_many_files'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const ring = keyring(c);
      const db = c.env.DB;
      // The declared length first, so an oversized file is refused before anything else is read…
      if (Number(c.req.header('content-length') ?? 0) > UPLOAD_MAX_BYTES) throw new ApiError(413, 'upload_too_large');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      // …and the bytes themselves, whatever was declared.
      if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new ApiError(413, 'upload_too_large');
      const type = sniffUploadType(bytes);
      if (!type) throw new ApiError(415, 'upload_type_unsupported');
      await enforce(db, [limit(LIMITS.uploadPerUser, `upload:user:${user.id}`)]);

      const id = randomHex(16);
      const key = `bloodtest/${randomHex(16)}`;
      const name = safeFileName(c.req.valid('query').name, type);
      const sealed = await sealFile(ring, bytes, id);
      await c.env.UPLOADS.put(key, sealed.ciphertext, { httpMetadata: { contentType: 'application/octet-stream' } });
      // Pending files per shopper are capped in the insert itself, so parallel uploads cannot pass the cap.
      await recordOrDrop(
        c.env.UPLOADS,
        key,
        db
          .prepare(
            `INSERT INTO blood_test_upload_files (id, user_id, result_id, r2_key, name, content_type, size, key_version, wrapped_key, iv, created_at)
         SELECT ?1, ?2, NULL, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
         WHERE (SELECT count(*) FROM blood_test_upload_files WHERE user_id = ?2 AND result_id IS NULL) < ?11 RETURNING id`,
          )
          .bind(
            id,
            user.id,
            key,
            name,
            type,
            bytes.byteLength,
            sealed.keyVersion,
            sealed.wrappedKey,
            sealed.iv,
            Date.now(),
            UPLOAD_MAX_PENDING_FILES,
          ),
        'upload_too_many_files',
      );
      return c.json(ok({ id, name, type, size: bytes.byteLength }));
    },
  )
  .post(
    '/bloodtest/submit',
    contract({
      tag: 'blood-test-uploads',
      summary: 'Save a result (lab, sample date, notes) with its uploaded files and the consent to process health data',
      body: uploadSubmitSchema,
      user: true,
      response: uploadedResultSchema,
      messages: ['upload_file_not_found', 'not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const db = c.env.DB;
      const now = Date.now();
      const result = await db
        .prepare(
          `INSERT INTO blood_test_uploads (user_id, lab_name, sample_date, notes, consent_version, consent_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .bind(user.id, input.lab_name, input.sample_date, input.notes, input.consent_version, now, now)
        .first<{ id: number }>();
      const id = result!.id;
      // Each file is claimed only while it is this shopper's and still pending: a file submitted twice at
      // once goes to one result, and the other submit takes back what it claimed.
      const marks = input.file_ids.map(() => '?').join(', ');
      const { results: claimed } = await db
        .prepare(
          `UPDATE blood_test_upload_files SET result_id = ? WHERE user_id = ? AND result_id IS NULL AND id IN (${marks}) RETURNING id`,
        )
        .bind(id, user.id, ...input.file_ids)
        .all<{ id: string }>();
      if (claimed.length !== input.file_ids.length) {
        await db.batch([
          db.prepare('UPDATE blood_test_upload_files SET result_id = NULL WHERE result_id = ?').bind(id),
          db.prepare('DELETE FROM blood_test_uploads WHERE id = ?').bind(id),
        ]);
        throw new ApiError(409, 'upload_file_not_found');
      }
      return c.json(ok(publicResult(await ownResult(c, id))));
    },
  )
  .get(
    '/list/bloodtest',
    contract({
      tag: 'blood-test-uploads',
      summary: "The shopper's uploaded results with their files (first page)",
      user: true,
      response: uploadedResultListSchema,
      messages: [],
    }),
    (c) => list(c, 1),
  )
  .get(
    '/list/bloodtest/:page{[0-9]+}',
    contract({
      tag: 'blood-test-uploads',
      summary: "The shopper's uploaded results, a later page",
      params: pageParams,
      badParams: 'bad_request',
      user: true,
      response: uploadedResultListSchema,
      messages: [],
    }),
    (c) => list(c, c.req.valid('param').page),
  )
  .get(
    '/bloodtest/:id{[0-9]+}',
    contract({
      tag: 'blood-test-uploads',
      summary: 'One uploaded result with its files and consent',
      params: idParams,
      user: true,
      response: uploadedResultDetailSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      // The result, its files and its confirmed values: one query.
      const user = await requireUser(c);
      const row = await c.env.DB.prepare(
        `SELECT r.id, r.lab_name, r.sample_date, r.notes, r.consent_version, r.consent_at, r.created_at, ${FILES_JSON},
         ${valuesColumn(c.var.lang)}
       FROM blood_test_uploads r WHERE r.id = ? AND r.user_id = ?`,
      )
        .bind(c.req.valid('param').id, user.id)
        .first<ResultRow & { value_list: string }>();
      if (!row) throw new ApiError(404, 'not_found');
      const { value_list, ...result } = row;
      return c.json(ok({ ...publicResult(result), values: publicValues(value_list, c.var.lang) }));
    },
  )
  .get(
    '/bloodtest/biomarkers',
    contract({
      tag: 'blood-test-uploads',
      summary: "The marker picker's biomarkers: slug, name, body system, units (code and label), default unit",
      user: true,
      response: biomarkerOptionsSchema,
      messages: [],
    }),
    async (c) => {
      const { results } = await c.env.DB.prepare(
        'SELECT id, slug, loinc, body_system, name_en, name_ar FROM biomarkers ORDER BY id',
      ).all<BiomarkerNameRow>();
      // The same for every shopper in a language: the browser keeps it for an hour.
      c.header('cache-control', 'private, max-age=3600');
      c.header('vary', 'lang');
      return c.json(ok({ items: biomarkerOptions(results, c.var.lang) }));
    },
  )
  .post(
    '/bloodtest/:id{[0-9]+}/read',
    contract({
      tag: 'blood-test-uploads',
      summary:
        "Find values in the result's PDF text (first 10 pages) for the shopper to confirm; stores nothing. No findings: a reason key",
      params: idParams,
      user: true,
      response: uploadReadAnswerSchema,
      messages: ['not_found', 'upload_unavailable'],
    }),
    async (c) => {
      // The values the result's PDFs show, for the shopper to confirm: read, answered, never stored.
      const user = await requireUser(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const [owned, files, markers] = await db.batch([
        db.prepare('SELECT id FROM blood_test_uploads WHERE id = ? AND user_id = ?').bind(id, user.id),
        db
          .prepare(
            `SELECT f.* FROM blood_test_upload_files f JOIN blood_test_uploads r ON r.id = f.result_id
           WHERE r.id = ? AND r.user_id = ? AND f.user_id = ? AND f.content_type = 'application/pdf'
           ORDER BY f.created_at, f.id`,
          )
          .bind(id, user.id, user.id),
        db.prepare('SELECT id, slug, loinc, body_system, name_en, name_ar FROM biomarkers ORDER BY id'),
      ]);
      if (!owned!.results.length) throw new ApiError(404, 'not_found');
      const pdfs = files!.results as unknown as FileRow[];
      if (!pdfs.length) return c.json(ok({ findings: [], reason: 'upload_no_pdf', pages: 0 }));
      // Reading is the costly part (pdf.js in the Worker): a shopper may ask as often as they upload.
      await enforce(db, [limit(LIMITS.uploadPerUser, `upload-read:user:${user.id}`)]);
      const ring = keyring(c);
      const outcome = await pdfTextLines(
        pdfs.map((file) => async () => {
          const stored = await c.env.UPLOADS.get(file.r2_key);
          if (!stored) throw new Error('upload object missing');
          return openFile(ring, file, new Uint8Array(await stored.arrayBuffer()), file.id);
        }),
      );
      if (outcome.kind !== 'text') {
        const reason = outcome.kind === 'empty' ? 'upload_no_text' : 'upload_read_failed';
        return c.json(ok({ findings: [], reason, pages: outcome.pages }));
      }
      const rows = markers!.results as unknown as BiomarkerNameRow[];
      const names = new Map(rows.map((r) => [r.slug, c.var.lang === 'ar' ? r.name_ar : r.name_en]));
      const found = findReportValues(
        outcome.lines,
        rows.map((r) => ({ slug: r.slug, names: [r.name_en, r.name_ar], loinc: r.loinc })),
      );
      const findings = found.map((f) => publicFinding(f, names.get(f.biomarker) ?? f.biomarker, c.var.lang));
      return c.json(ok({ findings, reason: findings.length ? null : 'upload_no_values', pages: outcome.pages }));
    },
  )
  .post(
    '/bloodtest/:id{[0-9]+}/values',
    contract({
      tag: 'blood-test-uploads',
      summary: "Replace the result's confirmed values (typed, or found in the PDF and confirmed); answers them",
      params: idParams,
      body: uploadValuesSchema((slug) => BIOMARKER_REFERENCE.find((r) => r.slug === slug)?.units.map((u) => u.ucum)),
      user: true,
      response: uploadValuesAnswerSchema,
      messages: ['not_found', 'upload_value_marker_unknown'],
    }),
    async (c) => {
      // The result's whole set of confirmed values: what was kept is replaced, in one batch.
      const user = await requireUser(c);
      const { id } = c.req.valid('param');
      const { values } = c.req.valid('json');
      const db = c.env.DB;
      const lang = c.var.lang;
      const [owned, markers] = await db.batch([
        db.prepare('SELECT id FROM blood_test_uploads WHERE id = ? AND user_id = ?').bind(id, user.id),
        db
          .prepare(
            `SELECT id, slug, ${col('name', lang)} AS name FROM biomarkers WHERE slug IN (SELECT value FROM json_each(?))`,
          )
          .bind(JSON.stringify(values.map((v) => v.biomarker))),
      ]);
      if (!owned!.results.length) throw new ApiError(404, 'not_found');
      const bySlug = new Map(
        (markers!.results as Array<{ id: number; slug: string; name: string }>).map((m) => [m.slug, m]),
      );
      if (values.some((v) => !bySlug.has(v.biomarker))) throw new ApiError(400, 'upload_value_marker_unknown');
      const now = Date.now();
      // Each statement checks the result is still this shopper's: one deleted meanwhile (and its id taken
      // by another shopper's upload) loses and gets no values.
      await db.batch([
        db
          .prepare(
            'DELETE FROM blood_test_upload_values WHERE upload_id = ?1 AND EXISTS (SELECT 1 FROM blood_test_uploads WHERE id = ?1 AND user_id = ?2)',
          )
          .bind(id, user.id),
        ...values.map((v) =>
          db
            .prepare(
              `INSERT INTO blood_test_upload_values (upload_id, biomarker_id, value, unit, origin, confirmed_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM blood_test_uploads WHERE id = ?1 AND user_id = ?7)`,
            )
            .bind(id, bySlug.get(v.biomarker)!.id, v.value, v.unit, v.origin, now, user.id),
        ),
      ]);
      const saved = values
        .map((v) => ({ ...v, marker: bySlug.get(v.biomarker)! }))
        .sort((a, b) => a.marker.id - b.marker.id)
        .map((v) =>
          publicValue({ slug: v.biomarker, name: v.marker.name, value: v.value, unit: v.unit, origin: v.origin }, lang),
        );
      return c.json(ok({ values: saved }));
    },
  )
  .get(
    '/bloodtest/:id{[0-9]+}/files/:fileId{[0-9a-f]{32}}',
    contract({
      tag: 'blood-test-uploads',
      summary: 'Download a result file, decrypted (an attachment; sandboxed, never cached)',
      params: uploadFileParams,
      fileResponse: UPLOAD_TYPES,
      user: true,
      messages: ['not_found', 'upload_unavailable'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { id, fileId } = c.req.valid('param');
      const file = await c.env.DB.prepare(
        `SELECT f.* FROM blood_test_upload_files f JOIN blood_test_uploads r ON r.id = f.result_id
         WHERE f.id = ? AND f.result_id = ? AND r.user_id = ? AND f.user_id = ?`,
      )
        .bind(fileId, id, user.id, user.id)
        .first<FileRow>();
      if (!file) throw new ApiError(404, 'not_found');
      const stored = await c.env.UPLOADS.get(file.r2_key);
      if (!stored) {
        log.error('blood-test upload object missing', { file: file.id });
        throw new ApiError(404, 'not_found');
      }
      // AES-GCM in WebCrypto is one-shot: a file (at most 10 MB) is decrypted whole, then sent.
      const plaintext = await openFile(keyring(c), file, new Uint8Array(await stored.arrayBuffer()), file.id);
      // Opened by its owner: its retention period starts again, and any deletion notice is void (decision 49).
      await c.env.DB.prepare(
        'UPDATE blood_test_upload_files SET last_opened_at = ?, retention_notice_at = NULL WHERE id = ?',
      )
        .bind(Date.now(), file.id)
        .run();
      return uploadDownload(plaintext, file);
    },
  )
  .post(
    '/bloodtest/:id{[0-9]+}/remove',
    contract({
      tag: 'blood-test-uploads',
      summary: 'Delete an uploaded result and its files',
      params: idParams,
      user: true,
      response: z.strictObject({ removed: z.int() }),
      messages: ['not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      // Values first: they refer to the result (foreign keys are enforced).
      const [, files, result] = await db.batch([
        db
          .prepare(
            'DELETE FROM blood_test_upload_values WHERE upload_id = (SELECT id FROM blood_test_uploads WHERE id = ?1 AND user_id = ?2)',
          )
          .bind(id, user.id),
        db
          .prepare(
            'DELETE FROM blood_test_upload_files WHERE result_id = (SELECT id FROM blood_test_uploads WHERE id = ?1 AND user_id = ?2) RETURNING r2_key',
          )
          .bind(id, user.id),
        db.prepare('DELETE FROM blood_test_uploads WHERE id = ? AND user_id = ? RETURNING id').bind(id, user.id),
      ]);
      if (!result!.results.length) throw new ApiError(404, 'not_found');
      // The rows (with the wrapped keys) are gone: the objects can no longer be read, and go now.
      await deleteObjects(
        c.env.UPLOADS,
        (files!.results as Array<{ r2_key: string }>).map((r) => r.r2_key),
      );
      return c.json(ok({ removed: id }));
    },
  );
