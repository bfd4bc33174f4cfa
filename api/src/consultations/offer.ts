// What nutritionists offer in the request's country and when they are free: services priced there, the
// weekly hours, the days off and the taken cells, read in ONE D1 batch for one nutritionist or for all
// (the list and its day filter), then the free times computed in memory (shared/consultations/rules.ts).
import type { ConsultationService, ConsultationSlotDay } from '#shared/consultations/types';
import {
  type AvailabilityWindow,
  addDays,
  CONSULTATION_RULES,
  computeSlots,
  minuteText,
  nextFree,
  practiceDate,
  practiceMinuteOf,
  sessionEnd,
} from '#shared/consultations/rules';
import type { ServiceKind } from '#shared/consultations/facts';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { col } from '../lib/lang';

const DAY = 86_400_000;

export interface ServiceRow {
  id: number;
  nutritionist_id: number;
  kind: ServiceKind;
  minutes: number;
  name: string;
  description: string;
  price: number;
}

interface AvailabilityRow extends AvailabilityWindow {
  nutritionist_id: number;
}

/** Everything the free times of some nutritionists need. */
export interface Offer {
  services: ServiceRow[];
  availability: AvailabilityRow[];
  daysOff: Array<{ nutritionist_id: number; date: string }>;
  taken: Array<{ nutritionist_id: number; cell: number }>;
  /** Nutritionists linked to a back-office account (the others take no bookings). */
  staffed: Set<number>;
}

/** Whose offer: one nutritionist by id, one by a page's reference (slug or id), or all (null). */
export type OfferOf = number | { slug: string; id: number } | null;

/**
 * The batch statements of an offer, to run in the caller's own batch so a page stays one D1 round
 * trip (a reference is resolved inside each statement, no lookup first). `exceptUser`: her own live
 * hold is not counted as taken (she may hold again, or move to a time that overlaps it); or
 * `exceptSession`, the hash of her bearer token, resolved to her inside the same statement, for a route
 * that has not looked her up (the booking page's free times: no round trip of its own).
 */
export function offerStatements(
  db: D1Database,
  p: {
    nutritionistId: OfferOf;
    country: CountryCode;
    lang: Lang;
    now: number;
    exceptUser?: number;
    exceptSession?: string | null;
  },
): D1PreparedStatement[] {
  const until = p.now + (CONSULTATION_RULES.horizonDays + 1) * DAY;
  // ?1 and ?2: the nutritionist (a slug and an id; all of them when both are null).
  const ref = p.nutritionistId;
  const binds: [string | null, number | null] =
    ref === null ? [null, null] : typeof ref === 'number' ? [null, ref] : [ref.slug, ref.id];
  const who = (column: string) =>
    `(?1 IS NULL AND ?2 IS NULL OR ${column} = (SELECT id FROM nutritionists WHERE slug = ?1 OR id = ?2 LIMIT 1))`;
  return [
    db
      .prepare(
        `SELECT s.id, s.nutritionist_id, s.kind, s.minutes, s.${col('name', p.lang)} AS name, s.${col('description', p.lang)} AS description, sp.price
         FROM consultation_services s JOIN consultation_service_prices sp ON sp.service_id = s.id AND sp.country = ?3
         WHERE s.active = 1 AND ${who('s.nutritionist_id')} ORDER BY s.nutritionist_id, s.sort_order, s.id`,
      )
      .bind(...binds, p.country),
    db
      .prepare(
        `SELECT nutritionist_id, service_id, weekday, start_minute, end_minute FROM nutritionist_availability WHERE ${who('nutritionist_id')}`,
      )
      .bind(...binds),
    db
      .prepare(`SELECT nutritionist_id, date FROM nutritionist_days_off WHERE ${who('nutritionist_id')} AND date >= ?3`)
      .bind(...binds, practiceDate(p.now)),
    db
      .prepare(
        `SELECT nutritionist_id, cell FROM consultation_cells WHERE ${who('nutritionist_id')} AND cell >= ?3 AND cell < ?4
           AND (consultation_id IS NOT NULL OR (expires_at > ?5 AND user_id <> coalesce(?6,
             (SELECT user_id FROM sessions WHERE token_hash = ?7 AND revoked_at IS NULL AND expires_at > ?5), 0)))`,
      )
      .bind(...binds, p.now - DAY, until, p.now, p.exceptUser ?? null, p.exceptSession ?? null),
    db.prepare(`SELECT id FROM nutritionists WHERE staff_id IS NOT NULL AND ${who('id')}`).bind(...binds),
  ];
}

export function offerOf(results: D1Result[]): Offer {
  const [services, availability, daysOff, taken, staffed] = results;
  return {
    services: services!.results as unknown as ServiceRow[],
    availability: availability!.results as unknown as AvailabilityRow[],
    daysOff: daysOff!.results as unknown as Offer['daysOff'],
    taken: taken!.results as unknown as Offer['taken'],
    staffed: new Set((staffed!.results as Array<{ id: number }>).map((r) => r.id)),
  };
}

export async function loadOffer(db: D1Database, p: Parameters<typeof offerStatements>[1]): Promise<Offer> {
  return offerOf(await db.batch(offerStatements(db, p)));
}

export function toService(s: ServiceRow, country: CountryCode): ConsultationService {
  return {
    id: s.id,
    kind: s.kind,
    minutes: s.minutes,
    name: s.name,
    description: s.description,
    price: s.price,
    currency: COUNTRY_FACTS[country].currency,
  };
}

/** The slot inputs of one nutritionist's service. */
export function slotInput(offer: Offer, service: ServiceRow, now: number) {
  const n = service.nutritionist_id;
  return {
    serviceId: service.id,
    minutes: service.minutes,
    availability: offer.availability.filter((a) => a.nutritionist_id === n),
    daysOff: new Set(offer.daysOff.filter((d) => d.nutritionist_id === n).map((d) => d.date)),
    taken: new Set(offer.taken.filter((t) => t.nutritionist_id === n).map((t) => t.cell)),
    now,
  };
}

/** Free start times of a service for some days; none for a nutritionist who takes no bookings. */
function serviceSlots(offer: Offer, service: ServiceRow, from: string, days: number, now: number) {
  if (!offer.staffed.has(service.nutritionist_id))
    return Array.from({ length: days }, (_, i) => ({ date: addDays(from, i), starts: [] as number[] }));
  return computeSlots({ ...slotInput(offer, service, now), from, days });
}

/** The first free time of any of a nutritionist's services in the horizon (ms), or null. */
export function nextFreeOf(offer: Offer, nutritionistId: number, now: number): number | null {
  let best: number | null = null;
  const today = practiceDate(now);
  for (const s of offer.services.filter((x) => x.nutritionist_id === nutritionistId)) {
    // Two answers' worth of days covers the whole horizon.
    for (let start = 0; start < CONSULTATION_RULES.horizonDays; start += CONSULTATION_RULES.maxDaysPerAnswer) {
      const at = nextFree(serviceSlots(offer, s, addDays(today, start), CONSULTATION_RULES.maxDaysPerAnswer, now));
      if (at !== null) {
        if (best === null || at < best) best = at;
        break;
      }
    }
  }
  return best;
}

/** Whether a nutritionist has a free time of any service on a practice day. */
export function freeOnDay(offer: Offer, nutritionistId: number, date: string, now: number): boolean {
  return offer.services
    .filter((s) => s.nutritionist_id === nutritionistId)
    .some((s) => serviceSlots(offer, s, date, 1, now)[0]!.starts.length > 0);
}

/**
 * The practice days from `from` on which at least one of the nutritionists has a free time of any service:
 * the "free on" filter offers these only (Friday and Saturday, when nobody works, are not among them).
 */
export function freeDays(offer: Offer, nutritionistIds: ReadonlySet<number>, from: string, days: number, now: number) {
  const free = new Set<string>();
  for (const s of offer.services.filter((x) => nutritionistIds.has(x.nutritionist_id)))
    for (const d of serviceSlots(offer, s, from, days, now)) if (d.starts.length) free.add(d.date);
  return [...free].sort();
}

/** The slots answer's days (practice days): each time with its end and its time on the practice's clock. */
export function slotDays(
  offer: Offer,
  service: ServiceRow,
  from: string,
  days: number,
  now: number,
): ConsultationSlotDay[] {
  const off = new Set(offer.daysOff.filter((d) => d.nutritionist_id === service.nutritionist_id).map((d) => d.date));
  return serviceSlots(offer, service, from, days, now).map((d) => ({
    date: d.date,
    day_off: off.has(d.date),
    times: d.starts.map((at) => ({
      starts_at: new Date(at).toISOString(),
      ends_at: new Date(sessionEnd(at, service.minutes)).toISOString(),
      time: minuteText(practiceMinuteOf(at)),
    })),
  }));
}
