// Issue 44, finding 3: an erasure leaves nothing of her behind. A shopper gets one of everything the
// shop keeps (the data-rights fixture's orders, results, upload, quiz and review, and here her own
// question with health text and an answer, votes and reports, a wishlist, notify-me, push, phone codes
// and the devices that proved her number, texts, a subscription with a saved card, her wallet, a contact message, sign-in traces, a staff
// note, a future home visit paid at the visit and one paid by card, an order not yet shipped), is
// erased (by her own removal, then another by the back office), and every text column of every table
// is searched for her name, e-mail, phone, national id, address line and health text (a consultation's
// intake, chat and notes are sealed: found nowhere even before the erasure): none is left
// outside what docs/data-fates.md keeps (amounts and product lines, no person). What was still to come
// is cancelled with its refund, and the back office is told (audit log).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { richShopper } from './data-rights-fixture';
import { apiConfig } from '#api/src/lib/config';
import { healthKeyring } from '#api/src/consultations/seal';
import { sealedConsultation } from './consultation-sealed';
import { call, deviceToken, saveAddress } from './helpers';
import { pointsMove } from '#api/src/loyalty/ledger';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let owner: TestStaff;
let serial = 0;

interface Everything {
  id: number;
  token: string;
  email: string;
  needles: string[];
  cashVisitId: number;
  cardVisitId: number;
  openOrderId: number;
  questionId: number;
  consultationId: number;
  /** The consultation's health text: sealed, so found nowhere even before the erasure. */
  sealedTexts: string[];
}

/** One of everything, with identifiers no other row shares. */
async function everything(tag: string): Promise<Everything> {
  const rich = await richShopper(device, tag, owner.id);
  const db = env.DB;
  const n = ++serial;
  const phone = `+9655${String(1000000 + n * 7919).slice(-7)}`;
  const nationalId = `28${String(100000000 + n * 104729).slice(-10)}`;
  // Updates for one order went to another number of hers.
  const whatsapp = `+9656${String(1000000 + n * 6037).slice(-7)}`;
  const street = `Qurtuba Lane ${tag}`;
  const health = `I am 12 weeks pregnant with diabetes ${tag}`;
  const now = Date.now();
  const later = now + 10 * 86_400_000;
  await db.prepare('UPDATE users SET phone = ?, phone_verified_at = ? WHERE id = ?').bind(phone, now, rich.id).run();
  const addressId = await saveAddress(device, rich.token, 'KW', { recipient: `Huda ${tag}`, street });
  const visitAddress = JSON.stringify({ country: 'KW', recipient: `Huda ${tag}`, street, phone });
  const ids = { cash: 7_200_000_000 + n * 10, card: 7_200_000_001 + n * 10, order: 7_200_000_002 + n * 10 };
  const other = await db
    .prepare("SELECT id FROM reviews WHERE user_id <> ? AND status = 'approved' LIMIT 1")
    .bind(rich.id)
    .first<{ id: number }>();
  const sku = (await db.prepare('SELECT id, product_id FROM skus WHERE product_id = 1 LIMIT 1').first<{
    id: number;
    product_id: number;
  }>())!;
  await db.batch([
    db
      .prepare(
        `INSERT INTO blood_test_patients (user_id, name, sex, date_of_birth, relation, country, national_id, created_at)
         VALUES (?, ?, 'female', '1991-04-05', 'spouse', 'KW', ?, ?)`,
      )
      .bind(rich.id, `Huda ${tag} Sister`, nationalId, now),
    // Two future visits: one to be paid in cash at the visit, one paid by card, with a nurse assigned.
    db
      .prepare("INSERT INTO nurses (country, name, phone, created_at) VALUES ('KW', 'Nurse Amal', '+96550000001', ?)")
      .bind(now),
    ...[
      [ids.cash, 'pay_at_visit', 'pay_at_visit'],
      [ids.card, 'card', 'paid'],
    ].map(([id, method, state]) =>
      db
        .prepare(
          `INSERT INTO blood_test_orders (id, user_id, idempotency_key, body_hash, country, currency, lang, status, patient_id, address_id,
             address, zone, slot_date, slot_window, visit_at, slot_held, consent_version, consent_at, payment_method, payment_state,
             subtotal, discount, vat, vat_basis_points, total, wallet_used, booked_at, created_at, updated_at, nurse_id)
           SELECT ?1, ?2, 'k' || ?1, 'h', 'KW', 'KWD', 'en', 'booked', p.id, ?3, ?4, 'kw-26', '2031-03-01', '07-09', ?5, 1,
             'booking-v1', ?6, ?7, ?8, 45900, 0, 0, 0, 45900, 0, ?6, ?6, ?6, (SELECT max(id) FROM nurses)
           FROM blood_test_patients p WHERE p.user_id = ?2 AND p.national_id = ?9`,
        )
        .bind(id, rich.id, addressId, visitAddress, later, now, method, state, nationalId),
    ),
    db
      .prepare(
        `INSERT INTO payments (id, provider, purpose, user_id, amount, currency, method, status, return_path, created_at, updated_at, blood_test_order_id, payer_phone)
         VALUES (?, 'sandbox', 'order', ?, 45900, 'KWD', 'card', 'succeeded', '/blood-tests', ?, ?, ?, ?)`,
      )
      .bind(`pay-visit-${tag}`, rich.id, now, now, ids.card, phone),
    db
      .prepare(
        `INSERT INTO blood_test_slot_bookings (id, user_id, zone, slot_date, slot_window, sku_ids, order_id, created_at)
         VALUES (?, ?, 'kw-26', '2031-03-01', '07-09', '1', ?, ?)`,
      )
      .bind(`slot-${ids.cash}`, rich.id, ids.cash, now),
    // An order paid by card, not yet shipped.
    db
      .prepare(
        `INSERT INTO orders (id, user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount,
           discount, delivery, vat, total, created_at, updated_at, whatsapp_to)
         VALUES (?, ?, 'KW', 'KWD', 'en', 'paid', 'card', ?, 4000, 4000, 0, 0, 0, 4000, ?, ?, ?)`,
      )
      .bind(ids.order, rich.id, visitAddress, now, now, whatsapp),
    db
      .prepare(
        `INSERT INTO payments (id, provider, purpose, order_id, user_id, amount, currency, method, status, return_path, created_at, updated_at, payer_phone)
         VALUES (?, 'sandbox', 'order', ?, ?, 4000, 'KWD', 'card', 'succeeded', '/orders', ?, ?, ?)`,
      )
      .bind(`pay-order-${tag}`, ids.order, rich.id, now, now, phone),
    db
      .prepare("INSERT INTO order_events (order_id, kind, staff_id, note, at) VALUES (?, 'note', ?, ?, ?)")
      .bind(ids.order, owner.id, `Called Huda ${tag} on ${phone}`, now),
    // Her parcel's failed attempt answered with a corrected address and phone (issue 62).
    db
      .prepare(
        `INSERT INTO shipments (id, order_id, country, direction, carrier, speed, status, reference, tracking_number, currency, failed_attempts, created_at, updated_at)
         VALUES (?, ?, 'KW', 'outbound', 'local', 'standard', 'failed_attempt', ?, ?, 'KWD', 1, ?, ?)`,
      )
      .bind(ids.order, ids.order, `erase-${tag}`, `LCE${tag}`, now, now),
    db
      .prepare(
        `INSERT INTO redelivery_requests (shipment_id, order_id, attempt, kind, day, address, phone, status, created_at)
         VALUES (?, ?, 1, 'address', '2031-03-02', ?, ?, 'manual', ?)`,
      )
      .bind(ids.order, ids.order, JSON.stringify([street]), phone, now),
    // Questions and answers on a product page, votes and a report on another shopper's review.
    db
      .prepare(
        "INSERT INTO questions (product_id, user_id, body, lang, status, created_at) VALUES (1, ?, ?, 'en', 'approved', ?)",
      )
      .bind(rich.id, health, now),
    db
      .prepare(
        `INSERT INTO answers (question_id, staff_id, body, lang, status, created_at)
         SELECT id, ?, 'Ask your doctor before taking it.', 'en', 'approved', ? FROM questions WHERE body = ?`,
      )
      .bind(owner.id, now, health),
    db
      .prepare(
        `INSERT INTO answers (question_id, user_id, body, lang, status, created_at)
         SELECT id, ?, ?, 'en', 'approved', ? FROM questions WHERE product_id = 1 AND user_id <> ? LIMIT 1`,
      )
      .bind(rich.id, `My thyroid settled, ${tag}`, now, rich.id),
    ...(other
      ? [
          db
            .prepare('INSERT INTO review_votes (review_id, user_id, created_at) VALUES (?, ?, ?)')
            .bind(other.id, rich.id, now),
          db
            .prepare("INSERT INTO review_reports (review_id, user_id, reason, created_at) VALUES (?, ?, 'spam', ?)")
            .bind(other.id, rich.id, now),
        ]
      : []),
    // Lists, alerts, push, search.
    db
      .prepare('INSERT INTO wishlists (user_id, name, share_token, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .bind(rich.id, `Huda ${tag} pregnancy list`, `share-${tag}`, now, now),
    db
      .prepare(
        'INSERT INTO wishlist_items (list_id, sku_id, added_at, price_at_add) SELECT id, ?, ?, 2000 FROM wishlists WHERE user_id = ?',
      )
      .bind(sku.id, now, rich.id),
    db
      .prepare(
        "INSERT INTO notify_requests (user_id, product_id, created_at, lang, country) VALUES (?, 1, ?, 'en', 'KW')",
      )
      .bind(rich.id, now),
    db
      .prepare(
        `INSERT INTO push_subscriptions (endpoint, p256dh, auth, user_id, device_id, lang, country, created_at, updated_at)
         VALUES (?, 'p', 'a', ?, 'dev', 'en', 'KW', ?, ?)`,
      )
      .bind(`https://push.example/${tag}`, rich.id, now, now),
    db
      .prepare("INSERT INTO search_terms (device_id, user_id, term, created_at) VALUES ('dev', ?, ?, ?)")
      .bind(rich.id, `folic acid diabetes ${tag}`, now),
    db
      .prepare(
        `INSERT INTO alert_deliveries (dedupe_key, kind, user_id, sku_id, event_id, wave, lang, country, price, at)
         VALUES (?, 'price_drop', ?, ?, 1, 1, 'en', 'KW', 1000, ?)`,
      )
      .bind(`pd-${tag}`, rich.id, sku.id, now),
    // Codes, texts and mails to her number and address; sign-in traces keyed by them.
    db
      .prepare(
        "INSERT INTO phone_codes (phone, purpose, user_id, channel, code_hash, attempts, created_at, expires_at) VALUES (?, 'sign_in', NULL, 'sms', 'x', 0, ?, ?)",
      )
      .bind(phone, now, later),
    db
      .prepare(
        `INSERT INTO message_outbox (channel, to_phone, lang, kind, body_text, dedupe_key, created_at)
         VALUES ('whatsapp', ?, 'en', 'order_update', ?, ?, ?)`,
      )
      .bind(phone, `Huda ${tag}, your visit is booked`, `msg-${tag}`, now),
    db
      .prepare(
        `INSERT INTO message_outbox (channel, to_phone, lang, kind, body_text, dedupe_key, created_at)
         VALUES ('whatsapp', ?, 'en', 'order_update', 'Your order is on its way', ?, ?)`,
      )
      .bind(whatsapp, `msg-wa-${tag}`, now),
    db.prepare('INSERT INTO whatsapp_optouts (phone, at) VALUES (?, ?)').bind(phone, now),
    db
      .prepare('INSERT INTO phone_known_devices (phone, device_id, proven_at) VALUES (?, ?, ?)')
      .bind(phone, `device-${tag}`, now),
    db
      .prepare("INSERT INTO mail_outbox (to_address, subject, body_text, created_at) VALUES (?, 'Your results', ?, ?)")
      .bind(rich.email, `Dear Huda ${tag}, ${health}`, now),
    db.prepare('INSERT INTO failed_logins (key, at) VALUES (?, ?)').bind(`acct:${rich.email}|203.0.113.9`, now),
    db.prepare('INSERT INTO rate_events (key, at) VALUES (?, ?)').bind(`phone-code:${phone}`, now),
    db
      .prepare(
        'INSERT INTO email_verifications (token_hash, user_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      )
      .bind(`ev-${tag}`, rich.id, rich.email, now, later),
    db
      .prepare(
        `INSERT INTO contact_messages (name, email, phone, subject, message, lang, device_id, created_at)
         VALUES (?, ?, ?, 'blood_test', ?, 'en', 'dev', ?)`,
      )
      .bind(`Huda ${tag}`, rich.email, phone, health, now),
    // Her wallet, with a staff note that names her.
    db.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', 1500)").bind(rich.id),
    db
      .prepare(
        "INSERT INTO wallet_ledger (user_id, currency, amount, kind, staff_id, reason_code, note, created_at) VALUES (?, 'KWD', 1500, 'adjustment', ?, 'goodwill', ?, ?)",
      )
      .bind(rich.id, owner.id, `Sorry Huda ${tag}`, now),
    // A subscription with a saved card, and an export on offer.
    db
      .prepare(
        "INSERT INTO saved_cards (user_id, provider, customer_ref, card_ref, brand, last4, created_at) VALUES (?, 'sandbox', ?, 'card', 'visa', '4242', ?)",
      )
      .bind(rich.id, `cus-${tag}`, now),
    db
      .prepare(
        `INSERT INTO subscriptions (user_id, country, lang, sku_id, product_id, count, every, address_id, pay_by, card_id, status, next_date, created_at, updated_at)
         SELECT ?1, 'KW', 'en', ?2, ?3, 1, '1m', ?4, 'card', id, 'active', '2031-01-01', ?5, ?5 FROM saved_cards WHERE user_id = ?1`,
      )
      .bind(rich.id, sku.id, sku.product_id, addressId, now),
    db
      .prepare(
        "INSERT INTO data_requests (user_id, kind, status, source, lang, created_at) VALUES (?, 'export', 'requested', 'shopper', 'en', ?)",
      )
      .bind(rich.id, now),
    // What staff changed on her account keeps her old values.
    db
      .prepare(
        `INSERT INTO audit_log (staff_id, action, resource, resource_id, before_json, after_json, at)
         VALUES (?, 'customer.update', 'customer', ?, ?, ?, ?)`,
      )
      .bind(owner.id, String(rich.id), JSON.stringify({ email: rich.email }), JSON.stringify({ phone }), now),
  ]);
  // A consultation still to come, paid from her wallet, with its intake, a chat message and a note sealed:
  // none of their text is readable in any column, before the erasure or after it.
  const consultationId = 7_300_000_000 + n * 10;
  const consultationTexts = {
    intake: `Consultation intake: ${health}`,
    chat: `Consultation chat: I stopped my metformin ${tag}`,
    notes: `Consultation note: refer Huda ${tag} to an endocrinologist`,
    summary: `Consultation summary for Huda ${tag}`,
    reason: `Consultation reason: iron for Huda ${tag}`,
  };
  await sealedConsultation(db, healthKeyring(apiConfig(env as never))!, {
    id: consultationId,
    userId: rich.id,
    startsAt: later,
    status: 'booked',
    texts: consultationTexts,
  });
  // Her points (decision 58), beyond the fixture's first review's points, referral code and referral: a
  // staff adjustment whose reason names her, points spent on the order still to come (given back when
  // the erasure cancels it), a device, an expiry notice.
  const review = await db.prepare('SELECT id FROM reviews WHERE user_id = ?').bind(rich.id).first<{ id: number }>();
  const year = Date.now() + 365 * 86_400_000;
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...pointsMove(db, {
      userId: rich.id,
      country: 'KW',
      amount: 50,
      kind: 'earn_review',
      eventKey: `review:${rich.id}`,
      reviewId: review!.id,
      expiresAt: year,
    }),
    ...pointsMove(db, {
      userId: rich.id,
      country: 'KW',
      amount: 300,
      kind: 'adjustment',
      eventKey: `adjust:${tag}`,
      staffId: owner.id,
      reason: `Goodwill for Huda ${tag}`,
      expiresAt: year,
    }),
    ...pointsMove(db, {
      userId: rich.id,
      country: 'KW',
      amount: -100,
      kind: 'spend',
      eventKey: `spend:order:${ids.order}`,
      orderId: ids.order,
    }),
    db
      .prepare('INSERT INTO account_devices (user_id, device_id, last_seen_at) VALUES (?, ?, ?)')
      .bind(rich.id, `device-${tag}`, now),
    db
      .prepare(
        "INSERT INTO points_expiry_notices (user_id, country, expires_on, points, sent_at) VALUES (?, 'KW', '2031-01-01', 50, ?)",
      )
      .bind(rich.id, now),
  ]);
  // A parcel of her order on an own driver's run (issue 62): the stop copies her name, phone and
  // address, and the driver's failed attempt quotes her street.
  await db.batch([
    db
      .prepare(
        `INSERT INTO shipments (order_id, country, carrier, speed, status, reference, tracking_number, currency, created_at, updated_at)
         VALUES (?, 'KW', 'own', 'standard', 'failed_attempt', ?, ?, 'KWD', ?, ?)`,
      )
      .bind(ids.order, `R-own-${tag}`, `GV-${tag}`, now, now),
    db
      .prepare(
        `INSERT INTO driver_stops (reference, tracking_number, day, position, order_number, name, phone, address_lines, area,
           currency, status, fail_reason, fail_note, created_at)
         VALUES (?, ?, '2026-11-27', 1, 'KW-1', ?, ?, ?, 'Salmiya', 'KWD', 'failed', 'other', ?, ?)`,
      )
      .bind(`R-own-${tag}`, `GV-${tag}`, `Huda ${tag}`, phone, JSON.stringify([street]), `Gate on ${street}`, now),
    db
      .prepare(
        "INSERT INTO driver_stop_events (stop_id, status, reason, at) SELECT id, 'failed_attempt', ?, ? FROM driver_stops WHERE reference = ?",
      )
      .bind(`other: Gate on ${street}`, now, `R-own-${tag}`),
    // The same order's parcel at the local carrier (local mode): its request names her, phone and door.
    db
      .prepare(
        `INSERT INTO shipments (order_id, country, carrier, speed, status, reference, tracking_number, currency, created_at, updated_at)
         VALUES (?, 'KW', 'local', 'standard', 'created', ?, ?, 'KWD', ?, ?)`,
      )
      .bind(ids.order, `R-local-${tag}`, `LC-${tag}`, now, now),
    db
      .prepare(
        "INSERT INTO local_parcels (tracking_number, reference, country, payload, status, created_at) VALUES (?, ?, 'KW', ?, 'created', ?)",
      )
      .bind(
        `LC-${tag}`,
        `R-local-${tag}`,
        JSON.stringify({ consignee: { name: `Huda ${tag}`, phone, lines: [street] } }),
        now,
      ),
  ]);
  const question = await db.prepare('SELECT id FROM questions WHERE body = ?').bind(health).first<{ id: number }>();
  return {
    id: rich.id,
    token: rich.token,
    email: rich.email,
    consultationId,
    sealedTexts: Object.values(consultationTexts).map((t) => t.slice(0, 40)),
    // What must not be found anywhere: who she is, where she lives, what her health is.
    needles: [
      `Huda ${tag}`,
      rich.email,
      phone,
      phone.slice(4),
      whatsapp,
      nationalId,
      '290020312345',
      '315050612345',
      'Omar Child',
      'Mona Gift',
      street,
      health,
      `My thyroid settled, ${tag}`,
      `folic acid diabetes ${tag}`,
      `${tag}-report.pdf`,
      '"pregnant":"yes"',
      `I stopped my metformin ${tag}`,
      `refer Huda ${tag} to an endocrinologist`,
      `Goodwill for Huda ${tag}`,
      `device-${tag}`,
    ],
    cashVisitId: ids.cash,
    cardVisitId: ids.card,
    openOrderId: ids.order,
    questionId: question!.id,
  };
}

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Every row of every table whose text holds one of the needles, as "table.column: value". */
async function leftovers(needles: string[]): Promise<string[]> {
  const { results: tables } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
       AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%'
       AND name NOT LIKE 'product\\_search\\_%' ESCAPE '\\'`,
  ).all<{ name: string }>();
  expect(tables.length).toBeGreaterThan(90);
  const columnsOf = await env.DB.batch(
    tables.map(({ name }) => env.DB.prepare(`SELECT name, type FROM pragma_table_info('${name}')`)),
  );
  const textColumns = tables.map(({ name }, i) => ({
    name,
    columns: (columnsOf[i]!.results as { name: string; type: string }[])
      .filter((c) => !/INT|REAL|BLOB/i.test(c.type))
      .map((c) => c.name),
  }));
  const scanned = textColumns.filter((t) => t.columns.length);
  // One statement a table: any text column holding any needle (case-insensitive).
  const hits = await env.DB.batch(
    scanned.map(({ name, columns }) =>
      env.DB.prepare(
        `SELECT * FROM (SELECT ${columns.map((c) => `"${c}"`).join(', ')},
           lower(concat_ws(char(1), ${columns.map((c) => `CAST("${c}" AS TEXT)`).join(', ')})) AS hay FROM "${name}")
         WHERE ${needles.map((n) => `instr(hay, lower(${sqlText(n)})) > 0`).join(' OR ')} LIMIT 5`,
      ),
    ),
  );
  const found: string[] = [];
  scanned.forEach(({ name, columns }, i) => {
    for (const row of hits[i]!.results as Record<string, unknown>[])
      for (const c of columns) {
        const v = String(row[c] ?? '').toLowerCase();
        if (needles.some((n) => v.includes(n.toLowerCase()))) found.push(`${name}.${c}: ${v.slice(0, 160)}`);
      }
  });
  return found;
}

/** Her points are gone, their sums kept without her: what she had left counted as forfeited. */
async function expectPointsFolded(who: Everything) {
  const left = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM points_ledger WHERE user_id = ?1) AS ledger, (SELECT count(*) FROM points_accounts WHERE user_id = ?1) AS accounts,
       (SELECT count(*) FROM referral_codes WHERE user_id = ?1) AS codes, (SELECT count(*) FROM account_devices WHERE user_id = ?1) AS devices,
       (SELECT count(*) FROM points_expiry_notices WHERE user_id = ?1) AS notices`,
  )
    .bind(who.id)
    .first();
  expect(left).toEqual({ ledger: 0, accounts: 0, codes: 0, devices: 0, notices: 0 });
  const sums = await env.DB.prepare("SELECT kind, points FROM points_erased_sums WHERE country = 'KW'").all<{
    kind: string;
    points: number;
  }>();
  const of = (kind: string) => sums.results.find((r) => r.kind === kind)?.points ?? 0;
  // 50 + 300 earned, 100 spent and given back by the cancel: 350 forfeited.
  expect(of('forfeited')).toBeLessThanOrEqual(-350);
  expect(of('spend_return')).toBeGreaterThanOrEqual(100);
}

async function expectCancelledAndToldStaff(who: Everything) {
  await expectPointsFolded(who);
  const visits = await env.DB.prepare(
    'SELECT id, status, nurse_id, payment_state FROM blood_test_orders WHERE id IN (?, ?) ORDER BY id',
  )
    .bind(who.cashVisitId, who.cardVisitId)
    .all();
  expect(visits.results).toEqual([
    { id: who.cashVisitId, status: 'cancelled', nurse_id: null, payment_state: 'pay_at_visit' },
    { id: who.cardVisitId, status: 'cancelled', nurse_id: null, payment_state: 'refunded' },
  ]);
  const order = await env.DB.prepare(
    "SELECT o.status, (SELECT count(*) FROM order_events e WHERE e.order_id = o.id AND e.kind = 'cancelled') AS cancel_events FROM orders o WHERE o.id = ?",
  )
    .bind(who.openOrderId)
    .first();
  expect(order).toEqual({ status: 'cancelled', cancel_events: 1 });
  // The refunds the rules give: the paid visit and the card part of the order back to her wallet; the
  // cash visit owed nothing.
  const refunds = await env.DB.prepare(
    "SELECT amount, order_id, blood_test_order_id FROM wallet_ledger WHERE user_id = ? AND kind = 'refund' ORDER BY amount",
  )
    .bind(who.id)
    .all();
  expect(refunds.results).toEqual([
    { amount: 4000, order_id: who.openOrderId, blood_test_order_id: null },
    { amount: 8000, order_id: null, blood_test_order_id: null },
    { amount: 45900, order_id: null, blood_test_order_id: who.cardVisitId },
  ]);
  // The consultation still to come: cancelled, what she paid back to her wallet, its time freed, and
  // its health text and key gone.
  expect(
    await env.DB.prepare('SELECT status, payment_state, refunded FROM consultations WHERE id = ?')
      .bind(who.consultationId)
      .first(),
  ).toEqual({ status: 'cancelled', payment_state: 'refunded', refunded: 8000 });
  for (const table of [
    'consultation_keys',
    'consultation_intakes',
    'consultation_messages',
    'consultation_notes',
    'consultation_recommendations',
    'consultation_cells',
  ])
    expect(
      (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE consultation_id = ?`)
        .bind(who.consultationId)
        .first<{ n: number }>())!.n,
      table,
    ).toBe(0);
  expect(
    await env.DB.prepare('SELECT amount, method, reason, status FROM refunds WHERE order_id = ?')
      .bind(who.openOrderId)
      .first(),
  ).toEqual({ amount: 4000, method: 'wallet', reason: 'cancelled', status: 'succeeded' });
  // Staff are told: each cancellation and what the shop owes her, in the audit log.
  const audit = await env.DB.prepare(
    `SELECT action, resource, resource_id, after_json FROM audit_log WHERE reason = 'account erased'
       AND resource IN ('blood_test_order', 'order', 'wallet', 'consultation') AND resource_id IN (?, ?, ?, ?, ?) ORDER BY action, resource_id`,
  )
    .bind(
      String(who.cashVisitId),
      String(who.cardVisitId),
      String(who.openOrderId),
      String(who.id),
      String(who.consultationId),
    )
    .all<{ action: string; resource_id: string; after_json: string }>();
  expect(audit.results.map((a) => [a.action, a.resource_id])).toEqual([
    ['blood_test_order.cancel', String(who.cashVisitId)],
    ['blood_test_order.cancel', String(who.cardVisitId)],
    ['consultation.cancel', String(who.consultationId)],
    ['order.cancel', String(who.openOrderId)],
    ['wallet.owed_on_erasure', String(who.id)],
  ]);
  expect(JSON.parse(audit.results[4]!.after_json)).toEqual({ balance: 1500 + 4000 + 8000 + 45900, currency: 'KWD' });
  expect(
    (await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'subscription.cancel' AND reason = 'account erased'",
    ).first<{
      n: number;
    }>())!.n,
  ).toBeGreaterThan(0);
  // Her question is off the product page and out of the database.
  expect(await env.DB.prepare('SELECT 1 FROM questions WHERE id = ?').bind(who.questionId).first()).toBeNull();
  expect(await env.DB.prepare('SELECT 1 FROM answers WHERE question_id = ?').bind(who.questionId).first()).toBeNull();
}

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  owner = await staffWith([{ role: 'owner', country: null }]);
});

describe('an erasure leaves nothing of her', () => {
  it('her own removal: no name, e-mail, phone, id, address or health text left in any table; what was to come cancelled', async () => {
    const her = await everything(`own${crypto.randomUUID().slice(0, 6)}`);
    expect((await leftovers(her.needles)).length).toBeGreaterThan(20);
    // Sealed at rest: the consultation's text is in no column even now.
    expect(await leftovers(her.sealedTexts)).toEqual([]);

    const res = await call('/user/remove', {
      body: JSON.stringify({ password: 'secret1' }),
      token: device,
      headers: { authorization: `Bearer ${her.token}`, 'x-country': 'KW', lang: 'en' },
    });
    expect(res.status, await res.clone().text()).toBe(200);

    expect(await leftovers(her.needles)).toEqual([]);
    await expectCancelledAndToldStaff(her);
  }, 30_000);

  it("the back office's erasure does the same", async () => {
    const her = await everything(`staff${crypto.randomUUID().slice(0, 6)}`);
    const res = await staffCall(owner.token, `/staff/customers/${her.id}/erase`, {
      json: { confirm_email: her.email, reason: 'Asked by mail' },
    });
    expect(res.status, await res.clone().text()).toBe(200);

    expect(await leftovers(her.needles)).toEqual([]);
    await expectCancelledAndToldStaff(her);
  }, 30_000);
});
