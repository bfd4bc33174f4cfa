// Holding a nutritionist's time while the shopper pays (10 minutes). One batch: her older holds go,
// expired holds on the wanted cells go, then each cell is INSERTed; the primary key (nutritionist_id,
// cell) makes a second shopper's batch fail as a whole, so of any number of parallel holds of one time
// exactly one wins. A booking (book.ts) then claims the hold's cells for its consultation.
import { randomHex } from '#shared/bytes';
import { cellsFor, holdExpiresAt, isFreeStart, sessionEnd } from '#shared/consultations/rules';
import type { ConsultationHold } from '#shared/consultations/types';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { saleVat } from '../e-invoice-sales';
import { vatRate } from '../orders/booking-amounts';
import { rulesOf } from './view';
import { ApiError } from '../lib/errors';
import { loadOffer, type ServiceRow, slotInput } from './offer';

export async function serviceFor(
  db: D1Database,
  p: { serviceId: number; country: CountryCode; lang: Lang; now: number; exceptUser?: number },
) {
  const owner = await db
    .prepare('SELECT nutritionist_id FROM consultation_services WHERE id = ? AND active = 1')
    .bind(p.serviceId)
    .first<{ nutritionist_id: number }>();
  if (!owner) throw new ApiError(404, 'not_found');
  const offer = await loadOffer(db, { ...p, nutritionistId: owner.nutritionist_id });
  const service = offer.services.find((s) => s.id === p.serviceId);
  if (!service) throw new ApiError(409, 'consultation_service_unavailable');
  if (!offer.staffed.has(service.nutritionist_id)) throw new ApiError(409, 'consultation_nutritionist_unavailable');
  return { offer, service };
}

/** The cell statements that take a time for a hold (after her older holds and expired ones are gone). */
function takeCellStatements(
  db: D1Database,
  p: { nutritionistId: number; startsAt: number; minutes: number; holdId: string; userId: number; now: number },
): D1PreparedStatement[] {
  const cells = cellsFor(p.startsAt, p.minutes);
  const expiresAt = holdExpiresAt(p.now);
  return [
    db
      .prepare(
        `DELETE FROM consultation_cells WHERE nutritionist_id = ? AND cell IN (${cells.map(() => '?').join(', ')})
           AND consultation_id IS NULL AND expires_at <= ?`,
      )
      .bind(p.nutritionistId, ...cells, p.now),
    ...cells.map((cell) =>
      db
        .prepare(
          'INSERT INTO consultation_cells (nutritionist_id, cell, hold_id, user_id, expires_at) VALUES (?, ?, ?, ?, ?)',
        )
        .bind(p.nutritionistId, cell, p.holdId, p.userId, expiresAt),
    ),
  ];
}

function isCellConflict(error: unknown): boolean {
  return /UNIQUE constraint failed: consultation_cells/.test(String(error instanceof Error ? error.message : error));
}

export async function holdTime(
  db: D1Database,
  p: { userId: number; serviceId: number; startsAt: number; country: CountryCode; lang: Lang },
  now = Date.now(),
): Promise<ConsultationHold> {
  const { offer, service } = await serviceFor(db, { ...p, now, exceptUser: p.userId });
  if (!isFreeStart({ ...slotInput(offer, service, now), startsAt: p.startsAt }))
    throw new ApiError(409, 'consultation_time_unavailable');
  const holdId = `ch-${randomHex(12)}`;
  try {
    await db.batch([
      // One live hold per shopper: the older one goes (a booked time's cells are never a hold).
      db.prepare('DELETE FROM consultation_cells WHERE user_id = ? AND consultation_id IS NULL').bind(p.userId),
      ...takeCellStatements(db, {
        nutritionistId: service.nutritionist_id,
        startsAt: p.startsAt,
        minutes: service.minutes,
        holdId,
        userId: p.userId,
        now,
      }),
    ]);
  } catch (error) {
    if (isCellConflict(error)) throw new ApiError(409, 'consultation_time_unavailable');
    throw error;
  }
  return holdAnswer(holdId, service, p.startsAt, now, p.country, await vatRate(db, p.country));
}

function holdAnswer(
  holdId: string,
  service: ServiceRow,
  startsAt: number,
  now: number,
  country: CountryCode,
  vatBasisPoints: number,
): ConsultationHold {
  const endsAt = sessionEnd(startsAt, service.minutes);
  return {
    rules: rulesOf({ starts_at: startsAt, ends_at: endsAt, status: 'booked', rescheduled_count: 0 }, now),
    price: service.price,
    // The e-invoice's VAT where the country issues them (decision 75).
    vat: saleVat(country, service.price, vatBasisPoints),
    currency: COUNTRY_FACTS[country].currency,
    hold_id: holdId,
    nutritionist_id: service.nutritionist_id,
    service_id: service.id,
    starts_at: new Date(startsAt).toISOString(),
    ends_at: new Date(sessionEnd(startsAt, service.minutes)).toISOString(),
    expires_at: new Date(holdExpiresAt(now)).toISOString(),
  };
}

/** A live hold of the shopper: its nutritionist, first cell and number of cells; null when gone. */
export async function liveHold(db: D1Database, holdId: string, userId: number, now: number) {
  const row = await db
    .prepare(
      `SELECT nutritionist_id, min(cell) AS starts_at, count(*) AS cells FROM consultation_cells
       WHERE hold_id = ? AND user_id = ? AND consultation_id IS NULL AND expires_at > ? GROUP BY nutritionist_id`,
    )
    .bind(holdId, userId, now)
    .first<{ nutritionist_id: number; starts_at: number; cells: number }>();
  return row ?? null;
}

/** The cron: holds expired an hour ago go (they block nothing after their expiry; this keeps the table small). */
export function sweepExpiredHolds(db: D1Database, now = Date.now()): Promise<D1Result> {
  return db
    .prepare('DELETE FROM consultation_cells WHERE consultation_id IS NULL AND expires_at < ?')
    .bind(now - 3_600_000)
    .run();
}
