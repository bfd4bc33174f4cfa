// "Download my data" (decision 49): one open request per shopper and one a day, the archive prepared
// by the cron's job (sealed in UPLOADS under exports/, a mail queued), its download only for its owner
// with the link's signature, its contents (her JSON, her invoices, her decrypted files, nobody else's),
// and its deletion after 24 hours. Then the retention of uploaded files, with an injected now.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { readZip, zipText } from '../../support/zip';
import { apiConfig } from '#api/src/lib/config';
import { dataRightsJobs } from '#api/src/data-rights/jobs';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { richShopper, type RichShopper } from './data-rights-fixture';
import { call, deviceToken, json } from './helpers';
import { createStaff, staffWith, type TestStaff } from './staff-helpers';
import { CORE, COUNTRY_CODES } from '#shared/countries';

const DAY = 24 * 60 * 60 * 1000;
let device: string;
let owner: TestStaff;
let huda: RichShopper;
let other: RichShopper;

const as = (who: { token: string }, path: string, init: { body?: unknown; lang?: string } = {}) =>
  call(path, {
    token: device,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    headers: { authorization: `Bearer ${who.token}`, 'x-country': 'KW', lang: init.lang ?? 'en' },
  });
const run = (now = Date.now()) => dataRightsJobs(env, apiConfig(env), 'https://shop.test', now);
const apiPath = (download: string) => download.replace(/^\/api/, '');

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  owner = await staffWith([{ role: 'owner', country: null }]);
  huda = await richShopper(device, 'export', owner.id);
  other = await richShopper(device, 'neighbour', owner.id);
  // Her shop result approved by a second person: the archive holds what she can see.
  const second = await createStaff([{ role: 'owner', country: null }]);
  await env.DB.prepare('UPDATE blood_test_results SET approved_by = ?, approved_at = ? WHERE order_id = ?')
    .bind(second.id, Date.now(), huda.bloodTestOrderId)
    .run();
});

describe('download my data', () => {
  let download: string;
  let requestId: number;

  it('takes one request at a time and shows it as requested', async () => {
    expect(await json(await as(huda, '/user/data/export'))).toMatchObject({ data: { export: null } });
    const res = await as(huda, '/user/data/export', { body: {}, lang: 'ar' });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.export).toMatchObject({ status: 'requested', download: null });
    requestId = body.data.export.id;
    const again = await as(huda, '/user/data/export', { body: {} });
    expect(again.status).toBe(409);
    expect((await json(again)).meta.msg).toBe('data_export_in_progress');
  });

  it('is prepared in the background, sealed under exports/, and mailed in her language', async () => {
    expect((await run()).prepared).toBe(1);
    const row = await env.DB.prepare('SELECT status, r2_key, wrapped_key FROM data_requests WHERE id = ?')
      .bind(requestId)
      .first<{ status: string; r2_key: string; wrapped_key: string }>();
    expect(row).toMatchObject({ status: 'ready' });
    expect(row!.r2_key).toMatch(/^exports\/[0-9a-f]{32}$/);
    // Encrypted at rest: the object is not a ZIP and holds none of her text.
    const stored = new Uint8Array(await (await env.UPLOADS.get(row!.r2_key))!.arrayBuffer());
    expect(new DataView(stored.buffer).getUint32(0, true)).not.toBe(0x04034b50);
    expect(new TextDecoder().decode(stored)).not.toContain(huda.email);
    const mail = await env.DB.prepare(
      "SELECT lang, subject, body_text FROM mail_outbox WHERE kind = 'data_export_ready' AND to_address = ?",
    )
      .bind(huda.email)
      .first<{ lang: string; subject: string; body_text: string }>();
    expect(mail).toMatchObject({ lang: 'ar' });
    expect(mail!.body_text).toContain('https://shop.test/ar/profile/account');
    const state = (await json(await as(huda, '/user/data/export'))).data.export;
    expect(state).toMatchObject({ id: requestId, status: 'ready' });
    expect(state.expires_at - state.ready_at).toBe(DAY);
    expect(state.download).toMatch(new RegExp(`^/api/user/data/export/${requestId}/download\\?t=[0-9a-f]{64}$`));
    download = state.download;
  });

  it('downloads only for her, with the signature, as a ZIP of her data and her original files', async () => {
    // Another shopper with her link, a changed signature, a guest: the same 404 (401 for the guest).
    expect((await as(other, apiPath(download))).status).toBe(404);
    const last = download.at(-1) === '0' ? '1' : '0';
    expect((await as(huda, apiPath(download).slice(0, -1) + last)).status).toBe(404);
    expect((await call(apiPath(download), { token: device })).status).toBe(401);

    const res = await as(huda, apiPath(download));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="gulf-vitamins-data-\d+\.zip"$/);
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));

    expect(zipText(entries, 'README.txt')).toContain('بياناتك لدى خليج الفيتامينات');
    // What "minor" means, for every served currency (from the registry, not two named by hand).
    for (const c of COUNTRY_CODES)
      expect(zipText(entries, 'README.txt')).toContain(`${CORE[c].currencyName.ar} ${CORE[c].decimals}`);
    const account = JSON.parse(zipText(entries, 'account.json'));
    expect(account.account).toMatchObject({ id: huda.id, email: huda.email, has_password: true });
    expect(account.account.password_hash).toBeUndefined();
    expect(JSON.parse(zipText(entries, 'addresses.json'))).toMatchObject([{ recipient: 'Huda export' }]);

    const orders = JSON.parse(zipText(entries, 'orders.json'));
    const sa = orders.find((o: { id: number }) => o.id === huda.saOrderId);
    expect(sa.totals.total).toEqual({ minor: 11500, formatted: expect.stringMatching(/115[.,]00/) });
    expect(sa.tax_invoice).toMatchObject({ number: String(huda.saOrderId), total: 11500, vat: 1500 });
    expect(orders.find((o: { id: number }) => o.id === huda.orderId).gift).toMatchObject({ recipient: 'Mona Gift' });
    expect(zipText(entries, `invoices/invoice-${huda.saOrderId}.txt`)).toContain('الرقم الضريبي');

    const health = JSON.parse(zipText(entries, 'blood-tests.json'));
    expect(health.profile).toMatchObject({ sex: 'female', date_of_birth: '1990-02-03' });
    expect(health.people.map((p: { national_id: string }) => p.national_id).sort()).toEqual([
      '290020312345',
      '315050612345',
    ]);
    expect(health.orders[0]).toMatchObject({
      id: huda.bloodTestOrderId,
      tests: [{ name_en: 'Vitamin D (25-OH)' }],
      results: [{ value: '18', unit: 'ng/mL' }],
    });
    const upload = health.uploaded_results[0];
    expect(upload).toMatchObject({ id: huda.uploadId, lab_name: 'Al Borg', values: [{ value: '12' }] });
    // The original file, decrypted, byte for byte.
    const file = upload.files[0].file as string;
    expect(file).toMatch(new RegExp(`^uploads/${huda.uploadId}/[0-9a-f]{8}-export-report\\.pdf$`));
    expect([...entries.get(file)!]).toEqual([...huda.fileBytes]);

    expect(JSON.parse(zipText(entries, 'quiz-results.json'))).toMatchObject([{ answers: { pregnant: 'yes' } }]);
    // Her consultation with its health text opened (sealed in D1): intake, chat, notes, summary, list.
    const consultations = JSON.parse(zipText(entries, 'consultations.json'));
    expect(consultations.consultations).toMatchObject([
      {
        id: huda.consultationId,
        status: 'completed',
        intake: { goal: 'Tired all the time, export', pregnancy: 'pregnant' },
        chat: [{ seq: 1, from: 'shopper', text: 'Hello, I take levothyroxine export' }],
        notes: 'Check TSH export',
        summary: 'Take iron with vitamin C export',
        recommendations: [{ product_id: 1, dose: '1 capsule a day', reason: 'Low ferritin export' }],
      },
    ]);
    expect(JSON.parse(zipText(entries, 'reviews.json')).reviews).toMatchObject([{ title: 'Great', photos: 1 }]);
    expect(JSON.parse(zipText(entries, 'consents.json'))).toEqual(
      expect.arrayContaining([expect.objectContaining({ purpose: 'blood_test_booking', version: 'booking-v1' })]),
    );
    // Her points: accounts, every line, her referral code, the referral she came with.
    const points = JSON.parse(zipText(entries, 'points.json'));
    expect(points).toMatchObject({
      accounts: [{ country: 'KW', balance: 50, tier: 'bronze' }],
      history: [{ kind: 'earn_review', amount: 50, balance_after: 50 }],
      referral_code: { code: expect.stringMatching(/^CODE\d+$/) },
      referrals: [{ role: 'friend', order_id: huda.saOrderId, status: 'pending' }],
    });
    for (const name of ['wallet.json', 'wishlists.json', 'alerts.json', 'subscriptions.json', 'requests.json'])
      expect(entries.has(name), name).toBe(true);
    // Nothing of the other shopper.
    const all = [...entries.values()].map((d) => new TextDecoder().decode(d)).join('\n');
    expect(all).not.toContain(other.email);
    expect(all).not.toContain('Huda neighbour');
  });

  it('is one a day, and deleted by the cron after 24 hours', async () => {
    const row = await env.DB.prepare('SELECT r2_key, expires_at FROM data_requests WHERE id = ?')
      .bind(requestId)
      .first<{ r2_key: string; expires_at: number }>();
    expect((await run(row!.expires_at - 1)).expired).toBe(0);
    expect((await run(row!.expires_at)).expired).toBe(1);
    expect(await env.UPLOADS.head(row!.r2_key)).toBeNull();
    expect((await as(huda, apiPath(download))).status).toBe(404);
    const state = (await json(await as(huda, '/user/data/export'))).data.export;
    expect(state).toMatchObject({ status: 'expired', download: null });
    // Asked less than a day ago: refused with when to come back.
    const soon = await as(huda, '/user/data/export', { body: {} });
    expect(soon.status).toBe(429);
    expect((await json(soon)).meta.msg).toBe('data_export_too_soon');
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('a preparation that failed', () => {
  it('is marked failed, and she may ask again at once', async () => {
    const unlucky = await richShopper(device, 'unlucky', owner.id);
    expect((await as(unlucky, '/user/data/export', { body: {} })).status).toBe(200);
    // Her file's key no longer opens it: the archive cannot be made whole, so nothing half is offered.
    await env.DB.prepare('UPDATE blood_test_upload_files SET wrapped_key = ? WHERE id = ?')
      .bind('AAAA', unlucky.fileId)
      .run();
    expect((await run()).prepared).toBe(0);
    expect((await json(await as(unlucky, '/user/data/export'))).data.export).toMatchObject({ status: 'failed' });
    expect((await as(unlucky, '/user/data/export', { body: {} })).status).toBe(200);
  });
});

describe('retention of uploaded result files', () => {
  const config = () => apiConfig(env);
  const fileRow = (id: string) =>
    env.DB.prepare('SELECT r2_key, retention_notice_at FROM blood_test_upload_files WHERE id = ?')
      .bind(id)
      .first<{ r2_key: string; retention_notice_at: number | null }>();

  it('mails a notice once before the period ends, deletes unopened files after it, and keeps opened ones', async () => {
    const { UPLOAD_RETENTION_DAYS: keep, UPLOAD_RETENTION_NOTICE_DAYS: notice } = config();
    expect(keep).toBe(365);
    const t0 = Date.now();
    const age = 200;
    const key = (await fileRow(other.fileId))!.r2_key;
    // Both uploaded 200 days ago; Huda opens hers now, the neighbour never opens his.
    await env.DB.prepare('UPDATE blood_test_upload_files SET created_at = ? WHERE id IN (?, ?)')
      .bind(t0 - age * DAY, huda.fileId, other.fileId)
      .run();
    const opened = await as(huda, `/user/upload/bloodtest/${huda.uploadId}/files/${huda.fileId}`);
    expect(opened.status).toBe(200);

    // Before the notice period: nothing.
    expect(await run(t0 + (keep - notice - age - 1) * DAY)).toMatchObject({ noticed: 0, deleted: 0 });
    // In it: one notice for the unopened file, once however often the cron runs.
    const noticeAt = t0 + (keep - notice - age) * DAY + 60_000;
    expect((await run(noticeAt)).noticed).toBe(1);
    expect((await run(noticeAt + 60_000)).noticed).toBe(0);
    const mails = await env.DB.prepare(
      "SELECT body_text FROM mail_outbox WHERE kind = 'upload_retention_notice' AND to_address = ?",
    )
      .bind(other.email)
      .all<{ body_text: string }>();
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]!.body_text).toContain('neighbour-report.pdf');
    expect((await fileRow(huda.fileId))!.retention_notice_at).toBeNull();

    // At the end of the period: the unopened file goes, rows and object; hers stays (opened later).
    const end = t0 + (keep - age) * DAY + 2 * 60_000;
    expect((await run(end - 4 * 60_000)).deleted).toBe(0);
    expect((await run(end)).deleted).toBe(1);
    expect(await fileRow(other.fileId)).toBeNull();
    expect(await env.UPLOADS.head(key)).toBeNull();
    expect(await fileRow(huda.fileId)).not.toBeNull();
    // His result and confirmed values stay: only the file had a retention period.
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM blood_test_upload_values WHERE upload_id = ?')
        .bind(other.uploadId)
        .first(),
    ).toEqual({ n: 1 });
  });
});
