// Blood-test results the shopper uploads: files judged by their content, encrypted at rest
// with a wrapped per-file key, the ownership matrix (owner, another shopper, a guest, staff), the
// download's headers, removal with the result, with the account and after 24 hours unsubmitted, the
// consent, and the KEK rotation.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOOD_TEST_UPLOAD_CONSENT_VERSION } from '#shared/api/blood-test-upload-schemas';
import { apiConfig } from '#api/src/lib/config';
import { keyringOf, openFile } from '#api/src/uploads/crypto';
import { PENDING_TTL_MS, rewrapOldKeys, sweepPendingUploads } from '#api/src/uploads/store';
import { call, deviceToken, json } from './helpers';
import { staffWith } from './staff-helpers';

let token: string;
let owner: string;
let other: string;

const bearer = (user: string | null): Record<string, string> => (user ? { authorization: `Bearer ${user}` } : {});
const enc = new TextEncoder();

const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...enc.encode('\0\0\0\rIHDR PNG RESULT BODY haemoglobin 13.5 g/dL'),
]);
const PDF = enc.encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nFerritin 12 ng/mL PLAINTEXT-MARKER\n%%EOF\n');
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...enc.encode('JFIF\0 jpeg body')]);
/** An iPhone photo's start: an ftyp box of 24 bytes, major brand heic, compatible mif1 and heic. */
const HEIC = new Uint8Array([0, 0, 0, 24, ...enc.encode('ftypheic'), 0, 0, 0, 0, ...enc.encode('mif1heic'), 1, 2, 3]);
const AVIF = new Uint8Array([0, 0, 0, 24, ...enc.encode('ftypavif'), 0, 0, 0, 0, ...enc.encode('mif1avif'), 1, 2, 3]);

function upload(bytes: Uint8Array, user: string | null, name?: string, headers: Record<string, string> = {}) {
  const query = name === undefined ? '' : `?name=${encodeURIComponent(name)}`;
  return call(`/user/upload/bloodtest${query}`, { body: bytes, token, headers: { ...bearer(user), ...headers } });
}

async function uploaded(bytes: Uint8Array, user: string, name?: string): Promise<string> {
  const res = await upload(bytes, user, name);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).data.id;
}

const post = (path: string, body: unknown, user: string | null) =>
  call(path, { body: JSON.stringify(body), token, headers: bearer(user) });
const get = (path: string, user: string | null, headers: Record<string, string> = {}) =>
  call(path, { token, headers: { ...bearer(user), ...headers } });

const result = (file_ids: string[], extra: Record<string, unknown> = {}) => ({
  lab_name: 'Al Borg Laboratories',
  sample_date: '2026-01-15',
  notes: 'Fasting sample',
  file_ids,
  consent: true,
  consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
  ...extra,
});

async function submitted(fileIds: string[], user: string): Promise<number> {
  const res = await post('/user/upload/bloodtest/submit', result(fileIds), user);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).data.id;
}

const fileRow = (id: string) =>
  env.DB.prepare('SELECT * FROM blood_test_upload_files WHERE id = ?').bind(id).first<{
    id: string;
    r2_key: string;
    result_id: number | null;
    key_version: number;
    wrapped_key: string;
    iv: string;
    content_type: string;
    name: string;
    size: number;
  }>();

async function register(email: string): Promise<string> {
  const res = await call('/user/register', {
    body: JSON.stringify({ name: 'Sara', email, password: 'secret1' }),
    token,
  });
  return (await json(res)).data.access_token;
}

beforeAll(async () => {
  token = await deviceToken();
  owner = await register('upload.owner@example.com');
  other = await register('upload.other@example.com');
});

describe('judging a file by its content', () => {
  it('takes a PNG named .pdf as a PNG, offered back as .png', async () => {
    const res = await upload(PNG, owner, 'results.pdf', { 'content-type': 'application/pdf' });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({ type: 'image/png', name: 'results.png', size: PNG.byteLength });
    expect(data.id).toMatch(/^[0-9a-f]{32}$/);
    expect(await fileRow(data.id)).toMatchObject({ content_type: 'image/png', result_id: null });
  });

  it('takes PDF, JPEG and HEIC (by its ftyp brand); refuses a text file named .pdf and an AVIF', async () => {
    for (const [bytes, type] of [
      [PDF, 'application/pdf'],
      [JPEG, 'image/jpeg'],
      [HEIC, 'image/heic'],
    ] as const) {
      const res = await upload(bytes, owner, 'scan');
      expect((await json(res)).data.type).toBe(type);
    }
    for (const [bytes, name] of [
      [enc.encode('Haemoglobin: 13.5 g/dL\n'), 'results.pdf'],
      [AVIF, 'photo.heic'],
      [new Uint8Array(0), 'empty.pdf'],
    ] as const) {
      const res = await upload(bytes, owner, name, { 'content-type': 'application/pdf' });
      expect(res.status, name).toBe(415);
      expect((await json(res)).meta).toMatchObject({ msg: 'upload_type_unsupported', code: 415 });
    }
  });

  it('refuses a file over 10 MB, whatever it starts with', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(PNG);
    const res = await upload(big, owner, 'big.png');
    expect(res.status).toBe(413);
    expect((await json(res)).meta.msg).toBe('upload_too_large');
  });

  it('cleans the stored file name and keeps only what is safe (Arabic letters too)', async () => {
    const id = await uploaded(PDF, owner, '../../etc/تحليل "دم"\r\n<script>.exe.pdf');
    const row = await fileRow(id);
    expect(row!.name).toMatch(/^[\p{L}\p{N} ._-]+\.pdf$/u);
    expect(row!.name).toContain('تحليل');
    expect(row!.name).not.toMatch(/[/"<>\r\n]/);
  });

  it('needs a signed-in shopper: a guest and a staff session get 401', async () => {
    expect((await upload(PNG, null, 'x.png')).status).toBe(401);
    const staff = await staffWith([{ role: 'owner', country: null }]);
    const res = await upload(PNG, null, 'x.png', { authorization: `Staff ${staff.token}` });
    expect(res.status).toBe(401);
  });
});

describe('encryption at rest', () => {
  it('stores ciphertext under a random key; the wrapped data key in D1 opens it, and only for its row', async () => {
    const id = await uploaded(PDF, owner, 'ferritin.pdf');
    const row = (await fileRow(id))!;
    expect(row.r2_key).toMatch(/^bloodtest\/[0-9a-f]{32}$/);
    expect(row.r2_key).not.toContain(id);
    expect(row.key_version).toBe(1);
    const object = await env.UPLOADS.get(row.r2_key);
    const stored = new Uint8Array(await object!.arrayBuffer());
    // GCM: the plaintext's length plus a 16-byte tag, and none of its bytes readable.
    expect(stored.byteLength).toBe(PDF.byteLength + 16);
    const text = new TextDecoder('latin1').decode(stored);
    expect(text).not.toContain('%PDF');
    expect(text).not.toContain('PLAINTEXT-MARKER');
    // The R2 object says nothing about its content.
    expect(object!.httpMetadata?.contentType).toBe('application/octet-stream');
    expect(object!.customMetadata ?? {}).toEqual({});

    const ring = keyringOf(apiConfig(env))!;
    expect(await openFile(ring, row, stored, id)).toEqual(PDF);
    // Bound to its own id (the GCM additional data): copied under another row's id it does not open.
    await expect(openFile(ring, row, stored, 'f'.repeat(32))).rejects.toThrow();
    // Each file has its own data key and nonce.
    const second = (await fileRow(await uploaded(PDF, owner, 'ferritin.pdf')))!;
    expect(second.wrapped_key).not.toBe(row.wrapped_key);
    expect(second.iv).not.toBe(row.iv);
  });

  it('survives a KEK rotation: old keys are rewrapped by the new KEK and the files still open', async () => {
    const id = await uploaded(JPEG, owner, 'old.jpg');
    const before = (await fileRow(id))!;
    const config = apiConfig(env);
    const rotated = keyringOf({
      UPLOAD_KEK: 'the-next-upload-kek-from-the-vault-0123456789',
      UPLOAD_KEK_VERSION: 2,
      UPLOAD_KEK_RETIRED: `1:${config.UPLOAD_KEK}`,
    })!;
    expect(await rewrapOldKeys(env.DB, rotated)).toBeGreaterThan(0);
    const after = (await fileRow(id))!;
    expect(after.key_version).toBe(2);
    expect(after.wrapped_key).not.toBe(before.wrapped_key);
    const stored = new Uint8Array(await (await env.UPLOADS.get(after.r2_key))!.arrayBuffer());
    expect(await openFile(rotated, after, stored, id)).toEqual(JPEG);
    // The old KEK alone opens it no more; the new one alone does.
    await expect(openFile(keyringOf(config)!, after, stored, id)).rejects.toThrow();
    const newOnly = keyringOf({ UPLOAD_KEK: 'the-next-upload-kek-from-the-vault-0123456789', UPLOAD_KEK_VERSION: 2 })!;
    expect(await openFile(newOnly, after, stored, id)).toEqual(JPEG);
    // Back to version 1 for the other tests (this isolate's config).
    const back = keyringOf({
      UPLOAD_KEK: config.UPLOAD_KEK,
      UPLOAD_KEK_VERSION: 1,
      UPLOAD_KEK_RETIRED: '2:the-next-upload-kek-from-the-vault-0123456789',
    })!;
    await rewrapOldKeys(env.DB, back);
    expect((await fileRow(id))!.key_version).toBe(1);
  });
});

describe('a result', () => {
  it('needs explicit consent to the current text', async () => {
    const file = await uploaded(PNG, owner, 'a.png');
    for (const consent of [{ consent: undefined }, { consent: false }, { consent_version: 'old-version' }]) {
      const res = await post('/user/upload/bloodtest/submit', result([file], consent), owner);
      expect(res.status, JSON.stringify(consent)).toBe(400);
      const body = await json(res);
      expect(body.meta.msg).toBe('validation_failed');
      expect(body.data.fields.map((f: { message: string }) => f.message)).toContain('consent_required');
    }
    expect((await fileRow(file))!.result_id).toBeNull();
  });

  it('stores the lab, date, notes, files and the consent with its time and version', async () => {
    const started = Date.now();
    const files = [await uploaded(PDF, owner, 'page1.pdf'), await uploaded(PNG, owner, 'page2.png')];
    const res = await post('/user/upload/bloodtest/submit', result(files), owner);
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({
      lab_name: 'Al Borg Laboratories',
      sample_date: '2026-01-15',
      notes: 'Fasting sample',
      consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
    });
    expect(data.consent_at).toBeGreaterThanOrEqual(started);
    expect(data.files.map((f: { id: string }) => f.id)).toEqual(files);
    expect(data.files[0]).toEqual({ id: files[0], name: 'page1.pdf', type: 'application/pdf', size: PDF.byteLength });
    // A file goes to one result only.
    const again = await post('/user/upload/bloodtest/submit', result([files[0]!]), owner);
    expect(again.status).toBe(409);
    expect((await json(again)).meta.msg).toBe('upload_file_not_found');
  });

  it('takes at most 10 files, and refuses unknown ones without keeping a half result', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => i.toString(16).padStart(32, '0'));
    const many = await post('/user/upload/bloodtest/submit', result(eleven), owner);
    expect(many.status).toBe(400);
    expect((await json(many)).data.fields[0].message).toBe('upload_too_many_files');
    const count = async () =>
      (await env.DB.prepare('SELECT count(*) AS n FROM blood_test_uploads').first<{ n: number }>())!.n;
    const before = await count();
    const mine = await uploaded(PNG, owner, 'ok.png');
    const res = await post('/user/upload/bloodtest/submit', result([mine, 'a'.repeat(32)]), owner);
    expect(res.status).toBe(409);
    expect(await count()).toBe(before);
    expect((await fileRow(mine))!.result_id).toBeNull();
  });

  it('holds at most 20 pending files per shopper', async () => {
    const busy = await register('upload.busy@example.com');
    for (let i = 0; i < 20; i++) await uploaded(PNG, busy, `p${i}.png`);
    const keys = await env.UPLOADS.list({ prefix: 'bloodtest/' });
    const res = await upload(PNG, busy, 'one-more.png');
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('upload_too_many_files');
    // The refused file's object does not stay behind.
    expect((await env.UPLOADS.list({ prefix: 'bloodtest/' })).objects.length).toBe(keys.objects.length);
  });
});

describe('ownership', () => {
  let id = 0;
  let fileId = '';

  beforeAll(async () => {
    fileId = await uploaded(PDF, owner, 'تحليل الدم.pdf');
    id = await submitted([fileId], owner);
  });

  it('lets the owner list, read and download; another shopper, a guest and staff get 404 or 401', async () => {
    const staff = await staffWith([{ role: 'owner', country: null }]);
    const staffHeader = { authorization: `Staff ${staff.token}` };
    const paths = [`/user/upload/bloodtest/${id}`, `/user/upload/bloodtest/${id}/files/${fileId}`];
    for (const path of paths) {
      expect((await get(path, owner)).status, path).toBe(200);
      expect((await get(path, other)).status, path).toBe(404);
      expect((await json(await get(path, other))).meta.msg).toBe('not_found');
      expect((await get(path, null)).status, path).toBe(401);
      expect((await get(path, null, staffHeader)).status, path).toBe(401);
    }
    // The file id under another result id of the owner is not found either.
    const otherResult = await submitted([await uploaded(PNG, owner, 'x.png')], owner);
    expect((await get(`/user/upload/bloodtest/${otherResult}/files/${fileId}`, owner)).status).toBe(404);

    const mine = await json(await get('/user/upload/list/bloodtest', owner));
    expect(mine.data.items.map((r: { id: number }) => r.id)).toContain(id);
    expect(mine.data).toMatchObject({ page: 1, per_page: 20 });
    const theirs = await json(await get('/user/upload/list/bloodtest', other));
    expect(theirs.data.items).toEqual([]);
    expect((await get('/user/upload/list/bloodtest/2', null)).status).toBe(401);
    expect((await get('/user/upload/list/bloodtest', null, staffHeader)).status).toBe(401);

    // Another shopper cannot remove it, nor take the owner's pending file into a result of theirs.
    expect((await post(`/user/upload/bloodtest/${id}/remove`, {}, other)).status).toBe(404);
    const pending = await uploaded(PNG, owner, 'pending.png');
    const stolen = await post('/user/upload/bloodtest/submit', result([pending]), other);
    expect(stolen.status).toBe(409);
    expect((await fileRow(pending))!.result_id).toBeNull();
    expect((await get(`/user/upload/bloodtest/${id}`, owner)).status).toBe(200);
  });

  it('downloads the plaintext as an attachment: sandboxed, not sniffed, never cached', async () => {
    const res = await get(`/user/upload/bloodtest/${id}/files/${fileId}`, owner);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="_____ ____.pdf"; filename*=UTF-8''${encodeURIComponent('تحليل الدم.pdf')}`,
    );
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('removal', () => {
  it('deletes a result with its files and their R2 objects', async () => {
    const files = [await uploaded(PDF, owner, 'a.pdf'), await uploaded(PNG, owner, 'b.png')];
    const keys = await Promise.all(files.map(async (f) => (await fileRow(f))!.r2_key));
    const id = await submitted(files, owner);
    for (const key of keys) expect(await env.UPLOADS.head(key)).not.toBeNull();
    const res = await post(`/user/upload/bloodtest/${id}/remove`, {}, owner);
    expect(res.status).toBe(200);
    for (const key of keys) expect(await env.UPLOADS.head(key)).toBeNull();
    for (const f of files) expect(await fileRow(f)).toBeNull();
    expect((await get(`/user/upload/bloodtest/${id}`, owner)).status).toBe(404);
    expect((await post(`/user/upload/bloodtest/${id}/remove`, {}, owner)).status).toBe(404);
  });

  it('removes files never submitted after 24 hours (the cron), and nothing else', async () => {
    const old = await uploaded(PNG, owner, 'forgotten.png');
    const fresh = await uploaded(PNG, owner, 'fresh.png');
    const kept = await uploaded(PDF, owner, 'kept.pdf');
    await submitted([kept], owner);
    const oldKey = (await fileRow(old))!.r2_key;
    const past = Date.now() - PENDING_TTL_MS - 1000;
    await env.DB.prepare('UPDATE blood_test_upload_files SET created_at = ? WHERE id IN (?, ?)')
      .bind(past, old, kept)
      .run();
    expect(await sweepPendingUploads(env)).toBeGreaterThanOrEqual(1);
    expect(await fileRow(old)).toBeNull();
    expect(await env.UPLOADS.head(oldKey)).toBeNull();
    expect(await fileRow(fresh)).not.toBeNull();
    expect(await fileRow(kept)).not.toBeNull();
  });

  it('deleting the account removes every result and file, submitted or pending, from D1 and R2', async () => {
    const leaving = await register('upload.leaving@example.com');
    const files = [await uploaded(PDF, leaving, 'a.pdf'), await uploaded(HEIC, leaving, 'b.heic')];
    await submitted(files, leaving);
    const pending = await uploaded(JPEG, leaving, 'c.jpg');
    const keys = await Promise.all([...files, pending].map(async (f) => (await fileRow(f))!.r2_key));
    const ownerFile = await uploaded(PNG, owner, 'stays.png');

    const res = await post('/user/remove', { password: 'secret1' }, leaving);
    expect(res.status).toBe(200);
    for (const key of keys) expect(await env.UPLOADS.head(key)).toBeNull();
    for (const f of [...files, pending]) expect(await fileRow(f)).toBeNull();
    const user = await env.DB.prepare("SELECT id FROM users WHERE email LIKE 'deleted-%' ORDER BY id DESC").first<{
      id: number;
    }>();
    const left = await env.DB.prepare('SELECT count(*) AS n FROM blood_test_uploads WHERE user_id = ?')
      .bind(user!.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    // Someone else's files are untouched.
    expect(await env.UPLOADS.head((await fileRow(ownerFile))!.r2_key)).not.toBeNull();
  });
});
