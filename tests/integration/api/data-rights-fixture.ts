// A shopper with something in every place the shop keeps a person's data: addresses, a delivered
// gift order, a Saudi paid order, a blood-test order for herself with results, a family member she
// never booked for, an uploaded result (a real encrypted file through the API) with values, her
// reading profile, quiz answers, a review with a photo in MEDIA. Used by the erasure and export tests.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { BLOOD_TEST_UPLOAD_CONSENT_VERSION } from '#shared/api/blood-test-upload-schemas';
import { storedKeys } from '#api/src/media/renditions';
import { call, json, registerShopper, saveAddress } from './helpers';
import { apiConfig } from '#api/src/lib/config';
import { healthKeyring } from '#api/src/consultations/seal';
import { sealedConsultation } from './consultation-sealed';
import { pointsMove } from '#api/src/loyalty/ledger';

export interface RichShopper {
  token: string;
  id: number;
  email: string;
  orderId: number;
  saOrderId: number;
  bloodTestOrderId: number;
  uploadId: number;
  fileId: string;
  fileBytes: Uint8Array;
  reviewPhotoKeys: string[];
  consultationId: number;
}

const enc = new TextEncoder();
let nextId = 7_100_000_001;

export async function richShopper(device: string, tag: string, staffId: number): Promise<RichShopper> {
  const shopper = await registerShopper(device, tag, `Huda ${tag}`);
  const auth = { authorization: `Bearer ${shopper.token}`, 'x-country': 'KW', lang: 'en' };
  const addressId = await saveAddress(device, shopper.token, 'KW', { recipient: `Huda ${tag}` });
  // The Emirates' Makani number (issue 77) is a column of every address: one is filled, so the erasure's
  // husk must blank it too.
  await env.DB.prepare("UPDATE addresses SET makani = '1234567890' WHERE id = ?").bind(addressId).run();
  const now = Date.now();
  const orderId = nextId++;
  const saOrderId = nextId++;
  const bloodTestOrderId = nextId++;
  const address = JSON.stringify({ country: 'KW', recipient: `Huda ${tag}`, phone: '98765432', block: '3' });
  const db = env.DB;
  await db.batch([
    db
      .prepare(
        `INSERT INTO orders (id, user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount,
           discount, delivery, vat, total, created_at, updated_at, whatsapp_to)
         VALUES (?, ?, 'KW', 'KWD', 'en', 'delivered', 'cod', ?, 4000, 4000, 0, 1000, 0, 5000, ?, ?, '+96598765432')`,
      )
      .bind(orderId, shopper.id, address, now, now),
    db
      .prepare(
        `INSERT INTO order_items (order_id, sku_id, product_id, product_slug, name, sku_name, unit_price, count)
         SELECT ?, s.id, s.product_id, p.slug, p.name_en, s.name_en, 2000, 2 FROM skus s JOIN products p ON p.id = s.product_id WHERE p.id = 1 LIMIT 1`,
      )
      .bind(orderId),
    db
      .prepare(
        `INSERT INTO order_gifts (order_id, recipient, phone, message, message_lang, created_at) VALUES (?, 'Mona Gift', '+96590000000', 'Get well soon', 'en', ?)`,
      )
      .bind(orderId, now),
    db
      .prepare(
        `INSERT INTO orders (id, user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount,
           discount, delivery, vat, vat_basis_points, total, created_at, updated_at)
         VALUES (?, ?, 'SA', 'SAR', 'en', 'paid', 'card', ?, 10000, 10000, 0, 0, 1500, 1500, 11500, ?, ?)`,
      )
      .bind(saOrderId, shopper.id, address, now, now),
    db
      .prepare(
        `INSERT INTO blood_test_patients (user_id, name, sex, date_of_birth, relation, country, national_id, created_at)
         VALUES (?, ?, 'female', '1990-02-03', 'self', 'KW', '290020312345', ?), (?, 'Omar Child', 'male', '2015-05-06', 'child', 'KW', '315050612345', ?)`,
      )
      .bind(shopper.id, `Huda ${tag}`, now, shopper.id, now),
    db
      .prepare(
        `INSERT INTO blood_test_orders (id, user_id, idempotency_key, body_hash, country, currency, lang, status, patient_id, address_id,
           address, zone, slot_date, slot_window, visit_at, slot_held, consent_version, consent_at, payment_method, payment_state,
           subtotal, discount, vat, vat_basis_points, total, wallet_used, created_at, updated_at)
         SELECT ?1, ?2, 'k' || ?1, 'h', 'KW', 'KWD', 'en', 'results_ready', p.id, ?3, ?4, 'kw-26', '2026-03-01', '07-09', ?5, 1,
           'booking-v1', ?5, 'pay_at_visit', 'pay_at_visit', 12000, 0, 0, 0, 12000, 0, ?5, ?5
         FROM blood_test_patients p WHERE p.user_id = ?2 AND p.relation = 'self'`,
      )
      .bind(bloodTestOrderId, shopper.id, addressId, address, now),
    db
      .prepare(
        `INSERT INTO blood_test_order_items (order_id, sku_id, blood_test_id, name_en, name_ar, price, fasting_hours, morning_draw,
           stop_biotin_hours, preparation_en, preparation_ar, sample_type)
         VALUES (?, 1, 1, 'Vitamin D (25-OH)', 'فيتامين د', 12000, 0, 0, 0, '', '', 'blood')`,
      )
      .bind(bloodTestOrderId),
    db
      .prepare(
        `INSERT INTO blood_test_results (order_id, biomarker_id, value, unit, entered_by, entered_at) VALUES (?, 1, '18', 'ng/mL', ?, ?)`,
      )
      .bind(bloodTestOrderId, staffId, now),
    db
      .prepare(
        `INSERT INTO blood_test_slot_bookings (id, user_id, zone, slot_date, slot_window, sku_ids, order_id, created_at)
         VALUES (?, ?, 'kw-26', '2026-03-01', '07-09', '1', ?, ?)`,
      )
      .bind(`slot-${bloodTestOrderId}`, shopper.id, bloodTestOrderId, now),
    db
      .prepare(
        "INSERT INTO blood_test_profiles (user_id, sex, date_of_birth, unit_preference, updated_at) VALUES (?, 'female', '1990-02-03', 'si', ?)",
      )
      .bind(shopper.id, now),
    db.prepare(
      "INSERT OR IGNORE INTO quiz_versions (id, status, content, created_at, updated_at) VALUES (9902, 'retired', '{}', 0, 0)",
    ),
    db
      .prepare(
        `INSERT INTO quiz_results (user_id, version_id, answers, suggestions, created_at) VALUES (?, 9902, '{"pregnant":"yes"}', '[]', ?)`,
      )
      .bind(shopper.id, now),
  ]);

  // A real upload: encrypted under the KEK, submitted with consent, one value confirmed.
  const fileBytes = enc.encode(`%PDF-1.7\n% ${tag} ferritin 12 ng/mL\n%%EOF\n`);
  const up = await call(`/user/upload/bloodtest?name=${encodeURIComponent(`${tag}-report.pdf`)}`, {
    body: fileBytes,
    token: device,
    headers: auth,
  });
  expect(up.status, await up.clone().text()).toBe(200);
  const fileId = (await json(up)).data.id as string;
  const sub = await call('/user/upload/bloodtest/submit', {
    body: JSON.stringify({
      lab_name: 'Al Borg',
      sample_date: '2026-01-15',
      notes: 'fasting',
      file_ids: [fileId],
      consent: true,
      consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
    }),
    token: device,
    headers: auth,
  });
  expect(sub.status, await sub.clone().text()).toBe(200);
  const uploadId = (await json(sub)).data.id as number;
  await db
    .prepare(
      "INSERT INTO blood_test_upload_values (upload_id, biomarker_id, value, unit, origin, confirmed_at) VALUES (?, 4, '12', 'ng/mL', 'typed', ?)",
    )
    .bind(uploadId, now)
    .run();

  // A review with a photo whose renditions are in MEDIA.
  const stem = `reviews/${tag}-${crypto.randomUUID()}`;
  const reviewPhotoKeys = storedKeys('review', stem, false);
  for (const key of reviewPhotoKeys) await env.MEDIA.put(key, 'webp');
  const review = await db
    .prepare(
      `INSERT INTO reviews (product_id, user_id, rating, title, body, lang, verified, status, created_at, updated_at)
       VALUES (1, ?, 5, 'Great', 'It helped', 'en', 1, 'approved', ?, ?) RETURNING id`,
    )
    .bind(shopper.id, now, now)
    .first<{ id: number }>();
  await db
    .prepare('INSERT INTO review_photos (review_id, position, r2_key, width, height) VALUES (?, 0, ?, 800, 600)')
    .bind(review!.id, stem)
    .run();

  // A consultation that took place, its intake, chat, notes, summary and list sealed (decision 55).
  const consultationId = nextId++;
  await sealedConsultation(db, healthKeyring(apiConfig(env as never))!, {
    id: consultationId,
    userId: shopper.id,
    startsAt: now - 7 * 86_400_000,
    status: 'completed',
    texts: {
      intake: `Tired all the time, ${tag}`,
      chat: `Hello, I take levothyroxine ${tag}`,
      notes: `Check TSH ${tag}`,
      summary: `Take iron with vitamin C ${tag}`,
      reason: `Low ferritin ${tag}`,
    },
  });

  // Her points: her first review's, her referral code, and the referral her Saudi order came with.
  const referrer = await db
    .prepare(
      "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES ('Referrer', ?, '', 'en', ?) RETURNING id",
    )
    .bind(`referrer-${tag}-${crypto.randomUUID()}@example.com`, now)
    .first<{ id: number }>();
  await db.batch([
    ...pointsMove(db, {
      userId: shopper.id,
      country: 'KW',
      amount: 50,
      kind: 'earn_review',
      eventKey: `review:${shopper.id}`,
      reviewId: review!.id,
      expiresAt: now + 365 * 86_400_000,
    }),
    db
      .prepare('INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)')
      .bind(shopper.id, `CODE${nextId}`, now),
    db
      .prepare(
        "INSERT INTO referrals (referrer_id, friend_id, order_id, country, discount, status, month, created_at) VALUES (?, ?, ?, 'SA', 2000, 'pending', '2026-11', ?)",
      )
      .bind(referrer!.id, shopper.id, saOrderId, now),
  ]);

  return {
    ...shopper,
    orderId,
    saOrderId,
    bloodTestOrderId,
    uploadId,
    fileId,
    fileBytes,
    reviewPhotoKeys,
    consultationId,
  };
}

/** Rows of the user in each table that holds health data or names a person (the erasure's checklist). */
export async function healthRowsOf(userId: number): Promise<Record<string, number>> {
  const q = (sql: string) => env.DB.prepare(sql).bind(userId);
  const orders = 'SELECT id FROM blood_test_orders WHERE user_id = ?1';
  const consultations = 'SELECT id FROM consultations WHERE user_id = ?1';
  const tables: Record<string, string> = {
    blood_test_uploads: 'SELECT count(*) AS n FROM blood_test_uploads WHERE user_id = ?1',
    blood_test_upload_files: 'SELECT count(*) AS n FROM blood_test_upload_files WHERE user_id = ?1',
    blood_test_upload_values: `SELECT count(*) AS n FROM blood_test_upload_values WHERE upload_id IN (SELECT id FROM blood_test_uploads WHERE user_id = ?1)`,
    blood_test_results: `SELECT count(*) AS n FROM blood_test_results WHERE order_id IN (${orders})`,
    blood_test_order_items: `SELECT count(*) AS n FROM blood_test_order_items WHERE order_id IN (${orders})`,
    blood_test_slot_bookings: 'SELECT count(*) AS n FROM blood_test_slot_bookings WHERE user_id = ?1',
    blood_test_profiles: 'SELECT count(*) AS n FROM blood_test_profiles WHERE user_id = ?1',
    quiz_results: 'SELECT count(*) AS n FROM quiz_results WHERE user_id = ?1',
    // A patient row that still names, dates or identifies someone.
    blood_test_patients:
      "SELECT count(*) AS n FROM blood_test_patients WHERE user_id = ?1 AND (name <> '' OR national_id <> '' OR date_of_birth <> '')",
    reviews: 'SELECT count(*) AS n FROM reviews WHERE user_id = ?1',
    // Consultations' health text and the keys that open it (decision 55).
    consultation_keys: `SELECT count(*) AS n FROM consultation_keys WHERE consultation_id IN (${consultations})`,
    consultation_intakes: `SELECT count(*) AS n FROM consultation_intakes WHERE sealed <> '' AND consultation_id IN (${consultations})`,
    consultation_messages: `SELECT count(*) AS n FROM consultation_messages WHERE consultation_id IN (${consultations})`,
    consultation_notes: `SELECT count(*) AS n FROM consultation_notes WHERE consultation_id IN (${consultations})`,
    consultation_recommendations: `SELECT count(*) AS n FROM consultation_recommendations WHERE consultation_id IN (${consultations})`,
    consultation_cells: 'SELECT count(*) AS n FROM consultation_cells WHERE user_id = ?1',
    consultation_ratings: 'SELECT count(*) AS n FROM consultation_ratings WHERE user_id = ?1',
  };
  const results = await env.DB.batch(Object.values(tables).map(q));
  return Object.fromEntries(Object.keys(tables).map((t, i) => [t, (results[i]!.results[0] as { n: number }).n]));
}
