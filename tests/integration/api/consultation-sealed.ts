// A consultation with sealed health text for the data-rights tests (the api project only: it seals
// with api/src/consultations/seal.ts under the test HEALTH_KEK).
import type { Keyring } from '#api/src/lib/keyring';
import { keyInsert, newConsultationKey, sealWith } from '#api/src/consultations/seal';

/**
 * A consultation of a shopper with sealed health text (seal.ts, the test HEALTH_KEK): intake, one chat
 * message, the nutritionist's notes and a shared summary, a recommendation of product 1. Needs
 * nutritionist 1 (the catalogue fixture); adds a service of its own when the consultation fixture is
 * not loaded.
 */
export async function sealedConsultation(
  db: D1Database,
  ring: Keyring,
  c: {
    id: number;
    userId: number;
    startsAt: number;
    status: 'booked' | 'completed';
    texts: { intake: string; chat: string; notes: string; summary: string; reason: string };
    total?: number;
    walletUsed?: number;
  },
): Promise<void> {
  const k = await newConsultationKey(ring, c.id);
  const s = (text: string) => sealWith(k, text);
  const intake = await s(
    JSON.stringify({
      goal: c.texts.intake,
      conditions: '',
      medicines: [],
      pregnancy: 'pregnant',
      allergies: '',
      share: { uploads: [], orders: [] },
    }),
  );
  const chat = await s(c.texts.chat);
  const notes = await s(c.texts.notes);
  const summary = await s(c.texts.summary);
  const dose = await s('1 capsule a day');
  const reason = await s(c.texts.reason);
  const now = Date.now();
  const total = c.total ?? 8000;
  const sku = await db.prepare('SELECT id FROM skus WHERE product_id = 1 LIMIT 1').first<{ id: number }>();
  await db.batch([
    db.prepare(
      "INSERT OR IGNORE INTO consultation_services (id, nutritionist_id, kind, minutes, name_en, name_ar) VALUES (91, 1, 'first_call', 20, 'First call', 'مكالمة أولى')",
    ),
    db
      .prepare(
        `INSERT INTO consultations (id, user_id, nutritionist_id, service_id, idempotency_key, body_hash, country, currency, lang, status,
           starts_at, ends_at, slot_held, payment_method, payment_state, price, vat, vat_basis_points, total, wallet_used, booked_at, created_at, updated_at)
         VALUES (?1, ?2, 1, 91, 'k' || ?1, 'h', 'KW', 'KWD', 'en', ?3, ?4, ?5, 1,
           -- As a booking writes it: the wallet's method only when the wallet paid it all, else the card's.
           CASE WHEN ?7 >= ?6 THEN 'wallet' ELSE 'card' END, 'paid', ?6, 0, 0, ?6, ?7, ?8, ?8, ?8)`,
      )
      .bind(c.id, c.userId, c.status, c.startsAt, c.startsAt + 20 * 60_000, total, c.walletUsed ?? total, now),
    keyInsert(db, k),
    db
      .prepare(
        `INSERT INTO consultation_intakes (consultation_id, sealed, iv, pregnancy, consent_version, consent_at, created_at, updated_at)
         VALUES (?, ?, ?, 'pregnant', '2026-11-v1', ?, ?, ?)`,
      )
      .bind(c.id, intake.sealed, intake.iv, now, now, now),
    db
      .prepare(
        "INSERT INTO consultation_messages (consultation_id, seq, sender, client_id, sealed, iv, created_at) VALUES (?, 1, 'shopper', 'm1', ?, ?, ?)",
      )
      .bind(c.id, chat.sealed, chat.iv, now),
    db
      .prepare(
        'INSERT INTO consultation_notes (consultation_id, notes_sealed, notes_iv, summary_sealed, summary_iv, shared_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(c.id, notes.sealed, notes.iv, summary.sealed, summary.iv, now, now),
    db
      .prepare(
        `INSERT INTO consultation_recommendations (consultation_id, product_id, sku_id, dose_sealed, reason_sealed, iv)
         VALUES (?, 1, ?, ?, ?, ?)`,
      )
      .bind(c.id, sku?.id ?? 101, dose.sealed, reason.sealed, reason.iv),
    ...(c.status === 'booked'
      ? [
          db
            .prepare(
              "INSERT INTO consultation_cells (nutritionist_id, cell, hold_id, user_id, consultation_id) VALUES (1, ?, 'h' || ?, ?, ?)",
            )
            .bind(c.startsAt, c.id, c.userId, c.id),
        ]
      : []),
  ]);
}

/** A booked consultation of hers that started ten minutes ago, ready for its outcome to be marked. */
export async function startedConsultation(
  db: D1Database,
  ring: Keyring,
  c: { id: number; userId: number; total: number; walletUsed: number },
): Promise<number> {
  await sealedConsultation(db, ring, {
    ...c,
    startsAt: Date.now() - 10 * 60_000,
    status: 'booked',
    texts: { intake: 'i', chat: 'c', notes: 'n', summary: 's', reason: 'r' },
  });
  return c.id;
}
