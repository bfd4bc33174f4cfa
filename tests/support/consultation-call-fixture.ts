// A booked consultation written straight into the API's database, for the call's tests (the booking
// itself is tested by the booking's own tests): a nutritionist (optionally practised by a staff
// account), one service, and the consultation at the time asked for.
export interface CallFixture {
  consultationId: number;
  nutritionistId: number;
}

export async function insertBookedConsultation(
  db: D1Database,
  options: {
    userId: number;
    staffId?: number | null;
    startsAt?: number;
    minutes?: number;
    status?: string;
    mode?: 'video' | 'chat';
  },
): Promise<CallFixture> {
  const now = Date.now();
  const startsAt = options.startsAt ?? now - 60_000;
  const minutes = options.minutes ?? 20;
  const tag = crypto.randomUUID().slice(0, 8);
  const nutritionist = await db
    .prepare(
      `INSERT INTO nutritionists (slug, name_en, name_ar, title_en, title_ar, bio_en, bio_ar, photo_key, staff_id)
       VALUES (?, 'Dr Huda Call', 'د. هدى', 'Dietitian', 'أخصائية تغذية', '', '', 'nutritionists/none.jpg', ?) RETURNING id`,
    )
    .bind(`call-${tag}`, options.staffId ?? null)
    .first<{ id: number }>();
  const service = await db
    .prepare(
      `INSERT INTO consultation_services (nutritionist_id, kind, minutes, name_en, name_ar)
       VALUES (?, 'first_call', ?, 'First call', 'المكالمة الأولى') RETURNING id`,
    )
    .bind(nutritionist!.id, minutes)
    .first<{ id: number }>();
  const consultationId = 1_000_000_000 + Math.floor(Math.random() * 8_999_999_999);
  await db
    .prepare(
      `INSERT INTO consultations (id, user_id, nutritionist_id, service_id, idempotency_key, body_hash, country, currency,
         lang, status, mode, starts_at, ends_at, slot_held, payment_method, payment_state, price, vat, vat_basis_points,
         total, booked_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'h', 'KW', 'KWD', 'en', ?, ?, ?, ?, 1, 'wallet', 'paid', 15000, 0, 0, 15000, ?, ?, ?)`,
    )
    .bind(
      consultationId,
      options.userId,
      nutritionist!.id,
      service!.id,
      `call-${tag}`,
      options.status ?? 'booked',
      options.mode ?? 'video',
      startsAt,
      startsAt + minutes * 60_000,
      now,
      now,
      now,
    )
    .run();
  return { consultationId, nutritionistId: nutritionist!.id };
}
