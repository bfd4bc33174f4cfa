// The rules of a consultation's time: the cells it takes, when a nutritionist's times are free, when
// it may be cancelled (and what comes back), moved, joined, and what each outcome refunds. Pure (the
// clock is a parameter), so every rule is unit-tested; the API, the booking page and the profile page
// all read them, so what the page shows before she pays is what the API enforces.
// Two clocks (issue 77): a nutritionist keeps her weekly hours and days off on the practice's clock, the
// home country's time zone (the practice is one place; a nutritionist serves every country online), so
// the slots are computed in practice days and minutes; a shopper reads each time on her own country's
// clocks (client/consultations/times.ts), in Dubai an hour later than in Kuwait.
import { HOME_COUNTRY } from '../countries/index';
import { dateIn, instantIn, timeZoneOf, zoneOffsetMs } from '../country-days';
import { addDays } from '../gulf-days';
import type { ConsultationOutcome, ConsultationPaymentMethod } from './facts';

export { addDays };

/** The practice's clock: the home country's time zone (the nutritionists' hours and days off are in it). */
export const PRACTICE_ZONE = timeZoneOf(HOME_COUNTRY);

/** The practice's date (YYYY-MM-DD) of an instant. */
export const practiceDate = (at: number): string => dateIn(PRACTICE_ZONE, at);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A nutritionist's time is kept in cells of this many minutes (consultation_cells.cell). */
const CELL_MINUTES = 5;
export const CELL_MS = CELL_MINUTES * MINUTE;

/** Cancelled at least this long before the start: the whole price comes back. Later: nothing. */
export const CANCEL_FREE_HOURS = 24;

/** The booking settings in one place (decision 0055). */
export const CONSULTATION_RULES = {
  cancelFreeHours: CANCEL_FREE_HOURS,
  /** Moving a booking closes this long before the start… */
  rescheduleUntilHours: 24,
  /** …and a booking may be moved at most this many times. */
  maxReschedules: 2,
  /** The call can be joined from this long before the start… */
  joinOpensMinutes: 10,
  /** …until this long after the booked end. */
  joinClosesMinutes: 30,
  /** A chosen time is held this long while she pays. */
  holdMinutes: 10,
  /** Each session keeps this many minutes free after it (one cell). */
  gapMinutes: 5,
  /** A time must start at least this long from now to be offered. */
  leadMinutes: 60,
  /** Offered start times fall on this grid of the availability window (its start included). */
  stepMinutes: 15,
  /** Days ahead a time can be booked, today included. */
  horizonDays: 28,
  /** At most this many days in one slots answer. */
  maxDaysPerAnswer: 14,
  /** A package's sessions can be used this many days after it is bought. */
  packageValidDays: 365,
} as const;

/** The cells a service's minutes take, rounded up to whole cells (the gap not included). */
export function serviceCells(minutes: number): number {
  return Math.ceil(minutes / CELL_MINUTES);
}

/** The session's end: its minutes rounded up to cells (a 20-minute call ends 20 minutes later; a 22-minute one 25). */
export function sessionEnd(startsAt: number, minutes: number): number {
  return startsAt + serviceCells(minutes) * CELL_MS;
}

/**
 * The cells a booking or a hold takes: the session's, then the gap after it. Both the hold and the
 * booking insert exactly these, so the primary key (nutritionist_id, cell) refuses any overlap.
 */
export function cellsFor(startsAt: number, minutes: number): number[] {
  const n = serviceCells(minutes) + CONSULTATION_RULES.gapMinutes / CELL_MINUTES;
  return Array.from({ length: n }, (_, i) => startsAt + i * CELL_MS);
}

export function isCellAligned(at: number): boolean {
  return Number.isInteger(at) && at % CELL_MS === 0;
}

/** The instant (ms UTC) a practice date's minute begins. */
export function practiceMinuteInstant(date: string, minute: number): number {
  return instantIn(PRACTICE_ZONE, date) + minute * MINUTE;
}

/** The weekday (0 = Sunday) of a date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** One weekly availability row: practice minutes after midnight, the end exclusive; service null: every service. */
export interface AvailabilityWindow {
  weekday: number;
  start_minute: number;
  end_minute: number;
  service_id: number | null;
}

export interface SlotInput {
  /** The first practice date asked for (YYYY-MM-DD) and how many days. */
  from: string;
  days: number;
  serviceId: number;
  minutes: number;
  availability: readonly AvailabilityWindow[];
  /** Practice dates the nutritionist does not work. */
  daysOff: ReadonlySet<string>;
  /** Cells already taken (bookings and live holds), ms UTC. */
  taken: ReadonlySet<number>;
  now: number;
}

export interface SlotDayTimes {
  /** Practice date. */
  date: string;
  /** Start times, ms UTC, ascending. */
  starts: number[];
}

/**
 * The free start times of a service, day by day, on the practice's clock: inside a weekly window of that weekday
 * (for this service or all), on the window's step grid, the whole session inside the window, not on a
 * day off, at least leadMinutes from now, within the horizon, and none of its cells (the gap after it
 * included) taken.
 */
export function computeSlots(p: SlotInput): SlotDayTimes[] {
  const today = practiceDate(p.now);
  const last = addDays(today, CONSULTATION_RULES.horizonDays - 1);
  const earliest = p.now + CONSULTATION_RULES.leadMinutes * MINUTE;
  const sessionMinutes = serviceCells(p.minutes) * CELL_MINUTES;
  const days: SlotDayTimes[] = [];
  for (let i = 0; i < Math.min(p.days, CONSULTATION_RULES.maxDaysPerAnswer); i++) {
    const date = addDays(p.from, i);
    const starts = new Set<number>();
    if (date >= today && date <= last && !p.daysOff.has(date)) {
      const weekday = weekdayOf(date);
      for (const w of p.availability) {
        if (w.weekday !== weekday || (w.service_id !== null && w.service_id !== p.serviceId)) continue;
        const first = Math.ceil(w.start_minute / CELL_MINUTES) * CELL_MINUTES;
        for (let m = first; m + sessionMinutes <= w.end_minute; m += CONSULTATION_RULES.stepMinutes) {
          const at = practiceMinuteInstant(date, m);
          if (at < earliest) continue;
          if (cellsFor(at, p.minutes).some((cell) => p.taken.has(cell))) continue;
          starts.add(at);
        }
      }
    }
    days.push({ date, starts: [...starts].sort((a, b) => a - b) });
  }
  return days;
}

/** Whether one start time is offered (the hold checks the time it is asked for this way). */
export function isFreeStart(p: Omit<SlotInput, 'from' | 'days'> & { startsAt: number }): boolean {
  const date = practiceDate(p.startsAt);
  return computeSlots({ ...p, from: date, days: 1 })[0]!.starts.includes(p.startsAt);
}

/** The first free start among computed days, or null. */
export function nextFree(days: readonly SlotDayTimes[]): number | null {
  for (const d of days) if (d.starts.length) return d.starts[0]!;
  return null;
}

export function holdExpiresAt(now: number): number {
  return now + CONSULTATION_RULES.holdMinutes * MINUTE;
}

/** Until when a cancel gives the whole price back. */
export function cancelFreeUntil(startsAt: number): number {
  return startsAt - CANCEL_FREE_HOURS * HOUR;
}

/** Until when the booking may be moved. */
export function rescheduleUntil(startsAt: number): number {
  return startsAt - CONSULTATION_RULES.rescheduleUntilHours * HOUR;
}

/** When the call can be joined: from 10 minutes before the start to 30 minutes after the end. */
export function joinWindow(startsAt: number, endsAt: number): { opens: number; closes: number } {
  return {
    opens: startsAt - CONSULTATION_RULES.joinOpensMinutes * MINUTE,
    closes: endsAt + CONSULTATION_RULES.joinClosesMinutes * MINUTE,
  };
}

export function canJoin(c: { starts_at: number; ends_at: number; status: string }, now: number): boolean {
  const w = joinWindow(c.starts_at, c.ends_at);
  return c.status === 'booked' && now >= w.opens && now <= w.closes;
}

/** What a shopper's cancel gives back now: the whole paid amount until CANCEL_FREE_HOURS before, then nothing. */
export function cancelRefund(c: { starts_at: number; total: number; refunded?: number }, now: number) {
  const free = now <= cancelFreeUntil(c.starts_at);
  const paid = c.total - (c.refunded ?? 0);
  return { free, amount: free ? Math.max(0, paid) : 0, session_back: free };
}

export type RescheduleRefusal = 'consultation_reschedule_closed' | 'consultation_reschedule_limit';

export function rescheduleRefusal(
  c: { starts_at: number; rescheduled_count: number },
  now: number,
): RescheduleRefusal | null {
  if (now > rescheduleUntil(c.starts_at)) return 'consultation_reschedule_closed';
  if (c.rescheduled_count >= CONSULTATION_RULES.maxReschedules) return 'consultation_reschedule_limit';
  return null;
}

/**
 * What an outcome gives back: the nutritionist missed it or the call failed: everything (a package's
 * session comes back to the package); she missed it or came late: nothing (a late start still ends at
 * the booked end); held: nothing.
 */
export function outcomeRefund(
  outcome: ConsultationOutcome,
  c: { total: number; refunded?: number; payment_method: ConsultationPaymentMethod },
): { amount: number; session_back: boolean } {
  const full = outcome === 'nutritionist_no_show' || outcome === 'call_failed';
  if (!full) return { amount: 0, session_back: false };
  return {
    amount: Math.max(0, c.total - (c.refunded ?? 0)),
    session_back: c.payment_method === 'package',
  };
}

/** The status an outcome leaves the consultation in. */
export function outcomeStatus(outcome: ConsultationOutcome): 'completed' | 'no_show' | 'cancelled' {
  if (outcome === 'shopper_no_show') return 'no_show';
  if (outcome === 'nutritionist_no_show' || outcome === 'call_failed') return 'cancelled';
  return 'completed';
}

/** Whether an outcome may be marked now: from the start (the nutritionist waited) until 7 days after the end. */
export function canMarkOutcome(c: { starts_at: number; ends_at: number; status: string }, now: number): boolean {
  return (c.status === 'booked' || c.status === 'completed') && now >= c.starts_at && now <= c.ends_at + 7 * 24 * HOUR;
}

/** "09:30" for minutes after midnight. */
export function minuteText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** Practice minutes after midnight of an instant. */
export function practiceMinuteOf(at: number): number {
  const d = new Date(at + zoneOffsetMs(PRACTICE_ZONE, at));
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}
