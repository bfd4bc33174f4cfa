// Erasing an account (decision 49), by the shopper's own "remove account" and by the back office's
// erasure on request: no health row of hers is left in any table, her R2 objects (uploaded files,
// review photos) are gone, her orders stay with their amounts and no personal field, consent keeps
// its text version and time without her, and another shopper's data is untouched.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_TABLES } from '#shared/backup/format';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { healthRowsOf, richShopper, type RichShopper } from './data-rights-fixture';
import { call, deviceToken } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let owner: TestStaff;
let bystander: RichShopper;

const none = (rows: Record<string, number>) => Object.fromEntries(Object.keys(rows).map((k) => [k, 0]));

async function bucketKeys(bucket: R2Bucket): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

const fileKey = async (fileId: string) =>
  (await env.DB.prepare('SELECT r2_key FROM blood_test_upload_files WHERE id = ?')
    .bind(fileId)
    .first<{ r2_key: string }>())!.r2_key;

async function expectErased(who: RichShopper, uploadKey: string, bookingConsentAt: number) {
  // Every health table of the backup's list, and the personal ones beside them.
  const rows = await healthRowsOf(who.id);
  expect(rows).toEqual(none(rows));
  // Bookings stay as commercial rows for the tax record (docs/data-fates.md), their health parts gone.
  for (const table of HEALTH_TABLES)
    if (table !== 'blood_test_orders' && table !== 'consultations') expect(Object.keys(rows), table).toContain(table);
  // Her objects: the uploaded file's ciphertext and every rendition of her review photo.
  expect(await bucketKeys(env.UPLOADS)).not.toContain(uploadKey);
  const media = await bucketKeys(env.MEDIA);
  for (const key of who.reviewPhotoKeys) expect(media).not.toContain(key);
  // Orders stay for the tax record: amounts and VAT as they were, nothing that names or reaches her.
  const orders = await env.DB.prepare(
    'SELECT id, total, vat, vat_basis_points, address, guest_email, guest_phone, whatsapp_to FROM orders WHERE user_id = ? ORDER BY id',
  )
    .bind(who.id)
    .all<{ id: number; address: string }>();
  expect(orders.results.map((o) => ({ ...o, address: JSON.parse(o.address) }))).toEqual([
    {
      id: who.orderId,
      total: 5000,
      vat: 0,
      vat_basis_points: 0,
      address: { country: 'KW' },
      guest_email: null,
      guest_phone: null,
      whatsapp_to: null,
    },
    {
      id: who.saOrderId,
      total: 11500,
      vat: 1500,
      vat_basis_points: 1500,
      address: { country: 'SA' },
      guest_email: null,
      guest_phone: null,
      whatsapp_to: null,
    },
  ]);
  expect(
    await env.DB.prepare('SELECT recipient, phone, message FROM order_gifts WHERE order_id = ?')
      .bind(who.orderId)
      .first(),
  ).toEqual({ recipient: '', phone: '', message: null });
  // The blood-test order keeps its commercial facts only: no tests, address or results.
  const booking = await env.DB.prepare('SELECT total, vat, status, address, zone FROM blood_test_orders WHERE id = ?')
    .bind(who.bloodTestOrderId)
    .first();
  expect(booking).toEqual({ total: 12000, vat: 0, status: 'results_ready', address: '{"country":"KW"}', zone: '' });
  // Its address row stays as a husk for the key: nothing that finds her door, the Makani number included.
  const husks = await env.DB.prepare(
    'SELECT recipient, phone, block, street, building, makani FROM addresses WHERE user_id = ?',
  )
    .bind(who.id)
    .all();
  expect(husks.results).toEqual([
    { recipient: '', phone: '', block: null, street: null, building: null, makani: null },
  ]);
  // The family member she never booked for is gone; her own record is a husk.
  const patients = await env.DB.prepare(
    'SELECT name, national_id, date_of_birth, relation FROM blood_test_patients WHERE user_id = ?',
  )
    .bind(who.id)
    .all();
  expect(patients.results).toEqual([{ name: '', national_id: '', date_of_birth: '', relation: 'other' }]);
  // Consent: its version and time, for the upload and the booking, with no link to her.
  const consents = await env.DB.prepare(
    'SELECT purpose, consent_version, consent_at FROM consent_records WHERE erased_at >= ? ORDER BY purpose',
  )
    .bind(bookingConsentAt)
    .all();
  expect(consents.results).toEqual(
    expect.arrayContaining([
      { purpose: 'blood_test_booking', consent_version: 'booking-v1', consent_at: bookingConsentAt },
      expect.objectContaining({ purpose: 'blood_test_upload' }),
    ]),
  );
  // Her account row: anonymised, signed out everywhere, the erasure recorded.
  const user = await env.DB.prepare('SELECT name, email, phone FROM users WHERE id = ?').bind(who.id).first();
  expect(user).toEqual({ name: '', email: `deleted-${who.id}@deleted.invalid`, phone: null });
  expect(
    await env.DB.prepare("SELECT kind, status FROM data_requests WHERE user_id = ? AND kind = 'erasure'")
      .bind(who.id)
      .first(),
  ).toEqual({ kind: 'erasure', status: 'done' });
  // No mail to her address is kept.
  expect(
    (await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?').bind(who.email).first())!.n,
  ).toBe(0);
}

async function expectUntouched(who: RichShopper) {
  const rows = await healthRowsOf(who.id);
  expect(rows).toMatchObject({
    blood_test_uploads: 1,
    blood_test_upload_files: 1,
    blood_test_upload_values: 1,
    blood_test_results: 1,
    blood_test_order_items: 1,
    blood_test_slot_bookings: 1,
    blood_test_profiles: 1,
    quiz_results: 1,
    blood_test_patients: 2,
    reviews: 1,
  });
  expect(await bucketKeys(env.UPLOADS)).toContain(await fileKey(who.fileId));
  const media = await bucketKeys(env.MEDIA);
  for (const key of who.reviewPhotoKeys) expect(media).toContain(key);
  const order = await env.DB.prepare('SELECT address FROM orders WHERE id = ?')
    .bind(who.orderId)
    .first<{ address: string }>();
  expect(JSON.parse(order!.address).recipient).toMatch(/^Huda /);
}

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  owner = await staffWith([{ role: 'owner', country: null }]);
  bystander = await richShopper(device, 'bystander', owner.id);
});

describe('erasing an account', () => {
  it("the shopper's own removal erases her health data and objects at once and keeps anonymised orders", async () => {
    const leaving = await richShopper(device, 'leaving', owner.id);
    const uploadKey = await fileKey(leaving.fileId);
    expect(await bucketKeys(env.UPLOADS)).toContain(uploadKey);
    const { consent_at } = (await env.DB.prepare('SELECT consent_at FROM blood_test_orders WHERE id = ?')
      .bind(leaving.bloodTestOrderId)
      .first<{ consent_at: number }>())!;

    const res = await call('/user/remove', {
      body: JSON.stringify({ password: 'secret1' }),
      token: device,
      headers: { authorization: `Bearer ${leaving.token}`, 'x-country': 'KW', lang: 'en' },
    });
    expect(res.status, await res.clone().text()).toBe(200);

    await expectErased(leaving, uploadKey, consent_at);
    await expectUntouched(bystander);
  });

  it("the back office's erasure does the same, and writes its audit row", async () => {
    const asked = await richShopper(device, 'asked', owner.id);
    const uploadKey = await fileKey(asked.fileId);
    const { consent_at } = (await env.DB.prepare('SELECT consent_at FROM blood_test_orders WHERE id = ?')
      .bind(asked.bloodTestOrderId)
      .first<{ consent_at: number }>())!;

    const res = await staffCall(owner.token, `/staff/customers/${asked.id}/erase`, {
      json: { confirm_email: asked.email, reason: 'Asked by mail' },
    });
    expect(res.status, await res.clone().text()).toBe(200);

    await expectErased(asked, uploadKey, consent_at);
    await expectUntouched(bystander);
    expect(
      await env.DB.prepare("SELECT source, staff_id FROM data_requests WHERE user_id = ? AND kind = 'erasure'")
        .bind(asked.id)
        .first(),
    ).toEqual({ source: 'staff', staff_id: owner.id });
    expect(
      await env.DB.prepare("SELECT reason FROM audit_log WHERE action = 'customer.erase' AND resource_id = ?")
        .bind(String(asked.id))
        .first(),
    ).toEqual({ reason: 'Asked by mail' });
  });
});
