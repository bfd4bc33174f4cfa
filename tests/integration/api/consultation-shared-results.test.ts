// A blood-test result she uploads (a PDF with no values typed in) and shares in a consultation's intake
// reaches the consultation's own nutritionist: listed on the booking with its file, which opens for her
// alone (audited), not for the owner, another nutritionist or a file the intake does not share; and her
// own consultation page lists what she shared. A gateway payment she cancelled is said as cancelled.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOOD_TEST_UPLOAD_CONSENT_VERSION } from '#shared/api/blood-test-upload-schemas';
import { reportPdf } from '../../support/report-pdf';
import { book, freeTimeAfter, get, post, type Shopper, setUp, shopper, topUp } from './consultation-helpers';
import { call, deviceToken, json } from './helpers';
import { createStaff, signInStaff, staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let noura: TestStaff;
let khalid: TestStaff;
let owner: TestStaff;

/** Uploads one PDF and submits it as a result of hers; answers the result's and the file's ids. */
async function uploaded(s: Shopper, pdf: Uint8Array, lab: string): Promise<{ id: number; file: string }> {
  const res = await call('/user/upload/bloodtest?name=report.pdf', {
    body: pdf,
    token: device,
    headers: { authorization: `Bearer ${s.token}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const file = (await json(res)).data.id as string;
  const submitted = await post(
    '/user/upload/bloodtest/submit',
    {
      lab_name: lab,
      sample_date: '2026-01-15',
      file_ids: [file],
      consent: true,
      consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
    },
    s,
  );
  expect(submitted.status, await submitted.clone().text()).toBe(200);
  return { id: (await json(submitted)).data.id, file };
}

beforeAll(async () => {
  await setUp();
  device = await deviceToken();
  const member = await createStaff([{ role: 'nutritionist', country: null }], { name: 'Noura' });
  await env.DB.prepare('UPDATE nutritionists SET staff_id = ? WHERE id = 1').bind(member.id).run();
  noura = await signInStaff(member);
  khalid = await staffWith([{ role: 'nutritionist', country: null }], { name: 'Khalid' });
  await env.DB.prepare('UPDATE nutritionists SET staff_id = ? WHERE id = 2').bind(khalid.id).run();
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

describe('a blood-test result shared in the intake', () => {
  it('is listed for her nutritionist with its file, which opens for her alone; and on her own page', async () => {
    const her = await shopper('shares-pdf');
    await topUp(her.id, 'KWD', 10_000);
    const pdf = reportPdf(['Vitamin D 18 ng/mL']);
    const shared = await uploaded(her, pdf, 'Al Borg Laboratory');
    const kept = await uploaded(her, reportPdf(['Ferritin 40 ng/mL']), 'Kept to herself');
    const r = await book(
      her,
      await freeTimeAfter(30, { skip: 3 }),
      { method: 'wallet' },
      { over: { intake: { goal: 'More energy', share: { uploads: [shared.id], orders: [] } } } },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.id as number;

    // The booking page's health part names the result and its file (it has no values to show).
    const view = await json(await staffCall(noura.token, `/staff/consultations/${id}`));
    expect(view.data.health_data.shared_results).toEqual([]);
    expect(view.data.health_data.shared_uploads).toEqual([
      {
        id: shared.id,
        lab_name: 'Al Borg Laboratory',
        sample_date: '2026-01-15',
        files: [{ id: shared.file, name: 'report.pdf', type: 'application/pdf', size: pdf.byteLength }],
      },
    ]);

    // Her nutritionist opens the file: the shopper's bytes, as an attachment never cached; audited.
    const path = `/staff/consultations/${id}/uploads/${shared.id}/files/${shared.file}`;
    const file = await staffCall(noura.token, path);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    const audit = await env.DB.prepare(
      "SELECT staff_id FROM audit_log WHERE action = 'consultation.result_file' AND resource_id = ?",
    )
      .bind(String(id))
      .all<{ staff_id: number }>();
    expect(audit.results).toEqual([{ staff_id: noura.id }]);

    // Nobody else: the owner, another nutritionist; nor a result she did not share, nor a file of another.
    expect((await staffCall(owner.token, path)).status).toBe(404);
    expect((await staffCall(khalid.token, path)).status).toBe(404);
    const notShared = `/staff/consultations/${id}/uploads/${kept.id}/files/${kept.file}`;
    expect((await staffCall(noura.token, notShared)).status).toBe(404);
    const mixed = `/staff/consultations/${id}/uploads/${shared.id}/files/${kept.file}`;
    expect((await staffCall(noura.token, mixed)).status).toBe(404);
    // The owner's booking view carries no health part at all.
    expect((await json(await staffCall(owner.token, `/staff/consultations/${id}`))).data.health_data).toBeNull();

    // Her own page lists what she shared, and only that.
    const mine = await json(await get(`/user/consultation/${id}`, her));
    expect(mine.data.shared_results).toEqual({
      uploads: [{ id: shared.id, lab_name: 'Al Borg Laboratory', sample_date: '2026-01-15' }],
      orders: [],
    });
    // Another shopper reads nothing of it.
    expect((await get(`/user/consultation/${id}`, await shopper('shares-stranger'))).status).toBe(404);
  });
});

describe('a card payment she cancelled', () => {
  it('is said as cancelled, a refused one as failed', async () => {
    const outcome = async (tag: string, skip: number, result: 'cancelled' | 'failed') => {
      const s = await shopper(tag);
      const r = await book(s, await freeTimeAfter(30, { skip }), { method: 'card', card_method: 'knet' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const payment = await env.DB.prepare('SELECT id FROM payments WHERE consultation_id = ?')
        .bind(r.body.data.id)
        .first<{ id: string }>();
      expect((await post(`/dev/payments/${payment!.id}`, { outcome: result }, s)).status).toBe(200);
      return (await json(await get(`/user/consultation/${r.body.data.id}`, s))).data;
    };
    const cancelled = await outcome('pay-cancel', 6, 'cancelled');
    expect(cancelled).toMatchObject({ status: 'payment_failed', payment: { state: 'failed', cancelled: true } });
    const failed = await outcome('pay-fail', 9, 'failed');
    expect(failed).toMatchObject({ status: 'payment_failed', payment: { state: 'failed', cancelled: false } });
  });
});
