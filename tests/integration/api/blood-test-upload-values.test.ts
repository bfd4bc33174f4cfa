// Values of an uploaded result: found in a real text PDF (decrypted, read with unpdf, never
// stored), confirmed and saved as a whole set, listed with the result in the request's language,
// checked against the markers' units, owned like the result, and gone with the result or the account.
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import worker from '#api/src/index';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { signedRequest } from '../../support/signed-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOOD_TEST_UPLOAD_CONSENT_VERSION } from '#shared/api/blood-test-upload-schemas';
import { reportPdf, SAMPLE_REPORT } from '../../support/report-pdf';
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
  ...enc.encode('\0\0\0\rIHDR not a report'),
]);

const post = (path: string, body: unknown, user: string | null, headers: Record<string, string> = {}) =>
  call(path, { body: JSON.stringify(body), token, headers: { ...bearer(user), ...headers } });
const get = (path: string, user: string | null, headers: Record<string, string> = {}) =>
  call(path, { token, headers: { ...bearer(user), ...headers } });

async function register(email: string): Promise<string> {
  const res = await call('/user/register', {
    body: JSON.stringify({ name: 'Sara', email, password: 'secret1' }),
    token,
  });
  return (await json(res)).data.access_token;
}

/** Uploads the files and submits them as one result of the user; answers its id. */
async function result(user: string, ...files: Array<[Uint8Array, string]>): Promise<number> {
  const ids: string[] = [];
  for (const [bytes, name] of files) {
    const res = await call(`/user/upload/bloodtest?name=${encodeURIComponent(name)}`, {
      body: bytes,
      token,
      headers: bearer(user),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    ids.push((await json(res)).data.id);
  }
  const res = await post(
    '/user/upload/bloodtest/submit',
    {
      lab_name: 'Gulf Medical Laboratory',
      sample_date: '2026-01-15',
      file_ids: ids,
      consent: true,
      consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
    },
    user,
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).data.id;
}

const valueCount = async (uploadId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM blood_test_upload_values WHERE upload_id = ?')
    .bind(uploadId)
    .first<{ n: number }>())!.n;

beforeAll(async () => {
  token = await deviceToken();
  owner = await register('values.owner@example.com');
  other = await register('values.other@example.com');
});

// The first read in a run loads the PDF reader (pdf.js) into the isolate: a few seconds on a loaded
// two-core machine, past Vitest's 5 s default. What the test asserts does not depend on the time.
const PDF_READER_FIRST_USE_MS = 30_000;

describe('finding values in the PDF', () => {
  let id = 0;

  beforeAll(async () => {
    id = await result(owner, [reportPdf(SAMPLE_REPORT), 'report.pdf']);
  });

  it(
    'reads the text of the decrypted PDF and offers each marker it finds, storing nothing',
    async () => {
      const res = await post(`/user/upload/bloodtest/${id}/read`, {}, owner);
      expect(res.status, await res.clone().text()).toBe(200);
      const { data } = await json(res);
      expect(data.reason).toBeNull();
      expect(data.pages).toBe(1);
      expect(data.findings).toEqual([
        {
          biomarker: { slug: 'vitamin-d-25-oh', name: '25-OH vitamin D' },
          value: '18.2',
          unit: 'ng/mL',
          unit_label: 'ng/mL',
          unit_guessed: false,
          // The table's cells, drawn apart, are one line again; the flag and the range are not the value.
          line: '25-Hydroxy Vitamin D 18.2 L ng/mL 30 - 100',
        },
        {
          biomarker: { slug: 'ferritin', name: 'Ferritin' },
          value: '22',
          unit: 'ng/mL',
          unit_label: 'ng/mL',
          unit_guessed: false,
          line: 'Ferritin 22 ng/mL 13 - 150',
        },
        {
          biomarker: { slug: 'hba1c', name: 'HbA1c' },
          value: '5.4',
          unit: '%',
          unit_label: '%',
          unit_guessed: false,
          line: 'HbA1c 5.4 % 4.0 - 5.6',
        },
        {
          // No unit printed: the conventional one is proposed, to be checked.
          biomarker: { slug: 'magnesium', name: 'Magnesium' },
          value: '2.1',
          unit: 'mg/dL',
          unit_label: 'mg/dL',
          unit_guessed: true,
          line: 'Magnesium 2.1 1.7 - 2.2',
        },
      ]);
      expect(await valueCount(id)).toBe(0);
      expect((await json(await get(`/user/upload/bloodtest/${id}`, owner))).data.values).toEqual([]);
    },
    PDF_READER_FIRST_USE_MS,
  );

  it('names the markers in the language of the request', async () => {
    const { data } = await json(await post(`/user/upload/bloodtest/${id}/read`, {}, owner, { lang: 'ar' }));
    expect(data.findings[0].biomarker).toEqual({ slug: 'vitamin-d-25-oh', name: 'فيتامين د (25-هيدروكسي)' });
  });

  it('answers a reason, never a 500, for a result without a PDF, a PDF without text and a damaged PDF', async () => {
    const pngOnly = await result(owner, [PNG, 'photo.png']);
    const noPdf = await json(await post(`/user/upload/bloodtest/${pngOnly}/read`, {}, owner));
    expect(noPdf.data).toEqual({ findings: [], reason: 'upload_no_pdf', pages: 0 });

    const blank = await result(owner, [reportPdf([]), 'scan.pdf']);
    const res = await post(`/user/upload/bloodtest/${blank}/read`, {}, owner);
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ findings: [], reason: 'upload_no_text', pages: 1 });

    // Starts like a PDF (so the upload takes it), but is no PDF at all.
    const damaged = await result(owner, [enc.encode('%PDF-1.4\n1 0 obj << /Type /Catalog >>\ngarbage'), 'bad.pdf']);
    const bad = await post(`/user/upload/bloodtest/${damaged}/read`, {}, owner);
    expect(bad.status).toBe(200);
    expect((await json(bad)).data).toMatchObject({ findings: [], reason: 'upload_read_failed' });

    const words = await result(owner, [reportPdf(['Thank you for choosing our lab.']), 'letter.pdf']);
    expect((await json(await post(`/user/upload/bloodtest/${words}/read`, {}, owner))).data).toMatchObject({
      findings: [],
      reason: 'upload_no_values',
    });
  });

  it('reads at most 10 pages', async () => {
    const rows = Array.from({ length: 30 * 11 }, (_, i) => `Line ${i}`);
    rows[30 * 10 + 1] = 'Ferritin 40 ng/mL'; // on page 11
    const long = await result(owner, [reportPdf(rows), 'long.pdf']);
    const { data } = await json(await post(`/user/upload/bloodtest/${long}/read`, {}, owner));
    expect(data).toEqual({ findings: [], reason: 'upload_no_values', pages: 10 });
  });
});

describe('saving confirmed values', () => {
  let id = 0;

  beforeAll(async () => {
    id = await result(owner, [reportPdf(SAMPLE_REPORT), 'report.pdf']);
  });

  it('replaces the set, reads Arabic-Indic digits and a decimal comma, and lists them with the result', async () => {
    const started = Date.now();
    const res = await post(
      `/user/upload/bloodtest/${id}/values`,
      {
        values: [
          { biomarker: 'ferritin', value: '22', unit: 'ng/mL', origin: 'pdf' },
          { biomarker: 'vitamin-d-25-oh', value: '١٨٫٢', unit: 'ng/mL', origin: 'pdf' },
          { biomarker: 'vitamin-b12', value: '412,5', unit: 'pmol/L', origin: 'typed' },
        ],
      },
      owner,
      { lang: 'ar' },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).data.values.map((v: { biomarker: { slug: string } }) => v.biomarker.slug)).toEqual([
      'vitamin-d-25-oh',
      'vitamin-b12',
      'ferritin',
    ]);
    const rows = await env.DB.prepare(
      `SELECT b.slug, v.value, v.unit, v.origin, v.confirmed_at FROM blood_test_upload_values v
       JOIN biomarkers b ON b.id = v.biomarker_id WHERE v.upload_id = ? ORDER BY b.id`,
    )
      .bind(id)
      .all<{ slug: string; value: string; unit: string; origin: string; confirmed_at: number }>();
    expect(rows.results.map(({ confirmed_at, ...r }) => r)).toEqual([
      { slug: 'vitamin-d-25-oh', value: '18.2', unit: 'ng/mL', origin: 'pdf' },
      { slug: 'vitamin-b12', value: '412.5', unit: 'pmol/L', origin: 'typed' },
      { slug: 'ferritin', value: '22', unit: 'ng/mL', origin: 'pdf' },
    ]);
    for (const r of rows.results) expect(r.confirmed_at).toBeGreaterThanOrEqual(started);

    const detail = await json(await get(`/user/upload/bloodtest/${id}`, owner, { lang: 'ar' }));
    expect(detail.data.values).toEqual([
      {
        biomarker: { slug: 'vitamin-d-25-oh', name: 'فيتامين د (25-هيدروكسي)' },
        value: '18.2',
        unit: 'ng/mL',
        unit_label: 'ng/mL',
        origin: 'pdf',
      },
      {
        biomarker: { slug: 'vitamin-b12', name: 'فيتامين ب12' },
        value: '412.5',
        unit: 'pmol/L',
        unit_label: 'pmol/L',
        origin: 'typed',
      },
      {
        biomarker: { slug: 'ferritin', name: 'الفيريتين' },
        value: '22',
        unit: 'ng/mL',
        unit_label: 'ng/mL',
        origin: 'pdf',
      },
    ]);

    // The next save is the whole set: a row left out is removed, a changed one replaced.
    const again = await post(
      `/user/upload/bloodtest/${id}/values`,
      { values: [{ biomarker: 'ferritin', value: '23', unit: 'ug/L', origin: 'typed' }] },
      owner,
    );
    expect(again.status).toBe(200);
    const after = await json(await get(`/user/upload/bloodtest/${id}`, owner));
    expect(after.data.values).toEqual([
      {
        biomarker: { slug: 'ferritin', name: 'Ferritin' },
        value: '23',
        unit: 'ug/L',
        unit_label: 'µg/L',
        origin: 'typed',
      },
    ]);
    // An empty set clears them.
    expect((await post(`/user/upload/bloodtest/${id}/values`, { values: [] }, owner)).status).toBe(200);
    expect(await valueCount(id)).toBe(0);
  });

  it('refuses an unknown marker, a unit not the marker’s, a bad value, a duplicate and more than 60', async () => {
    const cases: Array<[unknown, string]> = [
      [[{ biomarker: 'unobtainium', value: '1', unit: 'mg/dL', origin: 'typed' }], 'upload_value_marker_unknown'],
      [[{ biomarker: 'ferritin', value: '22', unit: 'mg/dL', origin: 'typed' }], 'upload_value_unit_invalid'],
      [[{ biomarker: 'ferritin', value: '0', unit: 'ng/mL', origin: 'typed' }], 'upload_value_invalid'],
      [[{ biomarker: 'ferritin', value: '-4', unit: 'ng/mL', origin: 'typed' }], 'upload_value_invalid'],
      [[{ biomarker: 'ferritin', value: '2.12345', unit: 'ng/mL', origin: 'typed' }], 'upload_value_invalid'],
      [[{ biomarker: 'ferritin', value: 'high', unit: 'ng/mL', origin: 'typed' }], 'upload_value_invalid'],
      [
        [
          { biomarker: 'ferritin', value: '22', unit: 'ng/mL', origin: 'typed' },
          { biomarker: 'ferritin', value: '23', unit: 'ng/mL', origin: 'pdf' },
        ],
        'upload_value_duplicate',
      ],
      [
        Array.from({ length: 61 }, () => ({ biomarker: 'ferritin', value: '1', unit: 'ng/mL', origin: 'typed' })),
        'upload_values_too_many',
      ],
    ];
    await post(
      `/user/upload/bloodtest/${id}/values`,
      { values: [{ biomarker: 'hba1c', value: '5.4', unit: '%', origin: 'pdf' }] },
      owner,
    );
    for (const [values, key] of cases) {
      const res = await post(`/user/upload/bloodtest/${id}/values`, { values }, owner);
      expect(res.status, key).toBe(400);
      const body = await json(res);
      expect(body.meta.msg).toBe('validation_failed');
      expect(body.data.fields.map((f: { message: string }) => f.message)).toContain(key);
    }
    // Nothing changed by a refused save.
    expect(await valueCount(id)).toBe(1);
  });

  it('belongs to the owner: another shopper gets 404, a guest and staff 401, and nothing changes', async () => {
    const staff = await staffWith([{ role: 'owner', country: null }]);
    const staffHeader = { authorization: `Staff ${staff.token}` };
    const values = { values: [{ biomarker: 'ferritin', value: '99', unit: 'ng/mL', origin: 'typed' }] };
    for (const path of [`/user/upload/bloodtest/${id}/read`, `/user/upload/bloodtest/${id}/values`]) {
      const body = path.endsWith('values') ? values : {};
      const theirs = await post(path, body, other);
      expect(theirs.status, path).toBe(404);
      expect((await json(theirs)).meta.msg).toBe('not_found');
      expect((await post(path, body, null)).status, path).toBe(401);
      expect((await post(path, body, null, staffHeader)).status, path).toBe(401);
    }
    expect((await get('/user/upload/bloodtest/biomarkers', null)).status).toBe(401);
    const kept = await env.DB.prepare('SELECT value FROM blood_test_upload_values WHERE upload_id = ?')
      .bind(id)
      .all<{ value: string }>();
    expect(kept.results).toEqual([{ value: '5.4' }]);
  });

  it("never empties another shopper's values when her result's row changes hands between the check and the write", async () => {
    // The route checks the result is hers in one batch and replaces its values in the next. A result
    // deleted in between whose id another shopper's upload then takes (ids are reused without
    // AUTOINCREMENT) must keep that shopper's values: the write checks the owner itself.
    const mine = await result(owner, [reportPdf(SAMPLE_REPORT), 'report.pdf']);
    const otherId = (await json(await get('/user/me', other))).data.user.id as number;
    const SQL = Symbol('sql');
    const REAL = Symbol('real');
    const takeOver = async () => {
      await env.DB.batch([
        env.DB.prepare('UPDATE blood_test_uploads SET user_id = ? WHERE id = ?').bind(otherId, mine),
        env.DB.prepare(
          `INSERT INTO blood_test_upload_values (upload_id, biomarker_id, value, unit, origin, confirmed_at)
           SELECT ?, id, '41', 'ng/mL', 'typed', 1 FROM biomarkers WHERE slug = 'ferritin'`,
        ).bind(mine),
      ]);
    };
    const statement = (st: D1PreparedStatement, sql: string): D1PreparedStatement =>
      new Proxy(st, {
        get(target, prop) {
          if (prop === SQL) return sql;
          if (prop === REAL) return target;
          const value = Reflect.get(target, prop) as unknown;
          if (prop === 'bind') return (...args: unknown[]) => statement(target.bind(...args), sql);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    const db = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare') return (sql: string) => statement(target.prepare(sql), sql);
        if (prop === 'batch')
          return async (list: D1PreparedStatement[]) => {
            const tagged = list as unknown as Array<Record<symbol, unknown>>;
            if (tagged.some((st) => String(st[SQL] ?? '').startsWith('DELETE FROM blood_test_upload_values')))
              await takeOver();
            return target.batch(tagged.map((st) => (st[REAL] ?? st) as D1PreparedStatement));
          };
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const ctx = createExecutionContext();
    const request = await signedRequest(`/user/upload/bloodtest/${mine}/values`, {
      body: JSON.stringify({ values: [{ biomarker: 'ferritin', value: '22', unit: 'ng/mL', origin: 'pdf' }] }),
      token,
      headers: { ...bearer(owner), [CLIENT_IP_HEADER]: '10.9.8.7' },
    });
    await worker.fetch(request, { ...env, DB: db } as never, ctx);
    await waitOnExecutionContext(ctx);
    const kept = await env.DB.prepare('SELECT value FROM blood_test_upload_values WHERE upload_id = ?')
      .bind(mine)
      .all<{ value: string }>();
    expect(kept.results).toEqual([{ value: '41' }]);
  });

  it('goes with the result, and with the account', async () => {
    const gone = await result(owner, [reportPdf(SAMPLE_REPORT), 'report.pdf']);
    await post(
      `/user/upload/bloodtest/${gone}/values`,
      { values: [{ biomarker: 'ferritin', value: '22', unit: 'ng/mL', origin: 'pdf' }] },
      owner,
    );
    expect(await valueCount(gone)).toBe(1);
    expect((await post(`/user/upload/bloodtest/${gone}/remove`, {}, owner)).status).toBe(200);
    expect(await valueCount(gone)).toBe(0);

    const leaving = await register('values.leaving@example.com');
    const theirs = await result(leaving, [reportPdf(SAMPLE_REPORT), 'report.pdf']);
    await post(
      `/user/upload/bloodtest/${theirs}/values`,
      { values: [{ biomarker: 'hba1c', value: '5.4', unit: '%', origin: 'pdf' }] },
      leaving,
    );
    expect(await valueCount(theirs)).toBe(1);
    expect((await post('/user/remove', { password: 'secret1' }, leaving)).status).toBe(200);
    expect(await valueCount(theirs)).toBe(0);
    // The owner's values are untouched.
    expect(await valueCount(id)).toBe(1);
  });
});

describe('the marker picker', () => {
  it('lists every marker with its name in the language, body system, units with labels and default unit', async () => {
    const res = await get('/user/upload/bloodtest/biomarkers', owner, { lang: 'ar' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    const { items } = (await json(res)).data;
    expect(items).toHaveLength(57);
    expect(items[0]).toEqual({
      slug: 'vitamin-d-25-oh',
      name: 'فيتامين د (25-هيدروكسي)',
      system: 'vitamins',
      units: [
        { code: 'ng/mL', label: 'ng/mL' },
        { code: 'nmol/L', label: 'nmol/L' },
      ],
      default_unit: 'ng/mL',
    });
    const esr = items.find((i: { slug: string }) => i.slug === 'esr');
    expect(esr.units).toEqual([{ code: 'mm/h', label: 'مم/ساعة' }]);
  });
});
