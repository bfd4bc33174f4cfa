import { describe, expect, it } from 'vitest';
import {
  CANCEL_FREE_HOURS,
  CELL_MS,
  cancelRefund,
  canJoin,
  cellsFor,
  computeSlots,
  practiceMinuteInstant,
  isFreeStart,
  joinWindow,
  nextFree,
  outcomeRefund,
  outcomeStatus,
  rescheduleRefusal,
  serviceCells,
  sessionEnd,
  type AvailabilityWindow,
} from './rules';
import { intakeSchema, MEDICINE_CLASSES } from './intake';
import { consultationBookSchema, consultationHoldSchema, nutritionistFilterSchema } from './schemas';

const MIN = 60_000;
const HOUR = 60 * MIN;
// Sunday 2026-11-29 in the Gulf; "now" is the Saturday before at 12:00 Gulf time (09:00 UTC).
const SUNDAY = '2026-11-29';
const NOW = Date.parse('2026-11-28T09:00:00Z');
const hours: AvailabilityWindow[] = [
  { weekday: 0, start_minute: 9 * 60, end_minute: 13 * 60, service_id: null },
  { weekday: 0, start_minute: 16 * 60, end_minute: 20 * 60, service_id: null },
];
const base = {
  serviceId: 1,
  minutes: 20,
  availability: hours,
  daysOff: new Set<string>(),
  taken: new Set<number>(),
  now: NOW,
};
const gulf = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+03:00`);

describe('cells', () => {
  it('rounds a service up to 5-minute cells and keeps a 5-minute gap after it', () => {
    expect(serviceCells(20)).toBe(4);
    expect(serviceCells(22)).toBe(5);
    expect(serviceCells(45)).toBe(9);
    const at = gulf(SUNDAY, '09:00');
    expect(sessionEnd(at, 22)).toBe(at + 25 * MIN);
    expect(cellsFor(at, 20)).toEqual([0, 1, 2, 3, 4].map((i) => at + i * CELL_MS));
  });
});

describe('computeSlots (Gulf time, UTC+3)', () => {
  it('offers the weekly windows in Gulf time on a 15-minute grid, the whole session inside the window', () => {
    const [day] = computeSlots({ ...base, from: SUNDAY, days: 1 });
    expect(day!.date).toBe(SUNDAY);
    // 09:00 Gulf is 06:00 UTC.
    expect(day!.starts[0]).toBe(Date.parse(`${SUNDAY}T06:00:00Z`));
    expect(day!.starts[0]).toBe(practiceMinuteInstant(SUNDAY, 540));
    // The last 20-minute call of the morning starts 12:30; one at 12:45 would end after 13:00.
    expect(day!.starts).toContain(gulf(SUNDAY, '12:30'));
    expect(day!.starts).not.toContain(gulf(SUNDAY, '12:45'));
    expect(day!.starts).toContain(gulf(SUNDAY, '16:00'));
    expect(day!.starts).not.toContain(gulf(SUNDAY, '14:00'));
    expect(day!.starts).toHaveLength(2 * 15);
  });

  it('has nothing on a weekday without hours, or on a day off', () => {
    const days = computeSlots({ ...base, from: SUNDAY, days: 2 });
    expect(days[1]!.date).toBe('2026-11-30');
    expect(days[1]!.starts).toEqual([]);
    const off = computeSlots({ ...base, daysOff: new Set([SUNDAY]), from: SUNDAY, days: 1 });
    expect(off[0]!.starts).toEqual([]);
  });

  it('leaves out times whose cells, or the gap after them, are taken', () => {
    // A booking 09:30–09:50 (+ gap to 09:55) takes cells 09:30…09:50.
    const taken = new Set(cellsFor(gulf(SUNDAY, '09:30'), 20));
    const starts = computeSlots({ ...base, taken, from: SUNDAY, days: 1 })[0]!.starts;
    expect(starts).toContain(gulf(SUNDAY, '09:00')); // 09:00–09:20 + gap 09:20–09:25: free
    expect(starts).not.toContain(gulf(SUNDAY, '09:15')); // its gap cell 09:35 is taken
    expect(starts).not.toContain(gulf(SUNDAY, '09:30'));
    expect(starts).not.toContain(gulf(SUNDAY, '09:45')); // the booking's gap cell 09:50
    expect(starts).toContain(gulf(SUNDAY, '10:00'));
  });

  it('keeps a lead of an hour from now and nothing before today', () => {
    const now = gulf(SUNDAY, '09:10');
    const starts = computeSlots({ ...base, now, from: SUNDAY, days: 1 })[0]!.starts;
    expect(starts[0]).toBe(gulf(SUNDAY, '10:15'));
    expect(computeSlots({ ...base, now, from: '2026-11-22', days: 1 })[0]!.starts).toEqual([]);
  });

  it('reads a window of one service only for that service', () => {
    const only2 = [{ ...hours[0]!, service_id: 2 }];
    expect(computeSlots({ ...base, availability: only2, from: SUNDAY, days: 1 })[0]!.starts).toEqual([]);
    expect(
      computeSlots({ ...base, serviceId: 2, availability: only2, from: SUNDAY, days: 1 })[0]!.starts.length,
    ).toBeGreaterThan(0);
  });

  it('answers whether one start is free, and the next free time', () => {
    expect(isFreeStart({ ...base, startsAt: gulf(SUNDAY, '09:15') })).toBe(true);
    expect(isFreeStart({ ...base, startsAt: gulf(SUNDAY, '09:05') })).toBe(false); // off the grid
    expect(isFreeStart({ ...base, startsAt: gulf(SUNDAY, '21:00') })).toBe(false);
    expect(nextFree(computeSlots({ ...base, from: '2026-11-28', days: 3 }))).toBe(gulf(SUNDAY, '09:00'));
  });
});

describe('cancel, reschedule, join, outcomes', () => {
  const startsAt = gulf(SUNDAY, '16:00');
  const c = { starts_at: startsAt, ends_at: startsAt + 20 * MIN, total: 8000, rescheduled_count: 0, status: 'booked' };

  it('refunds everything until 24 hours before, nothing after', () => {
    expect(CANCEL_FREE_HOURS).toBe(24);
    expect(cancelRefund(c, startsAt - 24 * HOUR)).toEqual({ free: true, amount: 8000, session_back: true });
    expect(cancelRefund(c, startsAt - 24 * HOUR + 1)).toEqual({ free: false, amount: 0, session_back: false });
    expect(cancelRefund({ ...c, refunded: 3000 }, startsAt - 48 * HOUR).amount).toBe(5000);
  });

  it('moves until 24 hours before, at most twice', () => {
    expect(rescheduleRefusal(c, startsAt - 25 * HOUR)).toBeNull();
    expect(rescheduleRefusal(c, startsAt - 23 * HOUR)).toBe('consultation_reschedule_closed');
    expect(rescheduleRefusal({ ...c, rescheduled_count: 2 }, startsAt - 48 * HOUR)).toBe(
      'consultation_reschedule_limit',
    );
  });

  it('opens the call 10 minutes before and closes it 30 minutes after the end', () => {
    const w = joinWindow(c.starts_at, c.ends_at);
    expect(w).toEqual({ opens: startsAt - 10 * MIN, closes: c.ends_at + 30 * MIN });
    expect(canJoin(c, w.opens - 1)).toBe(false);
    expect(canJoin(c, w.opens)).toBe(true);
    expect(canJoin(c, w.closes)).toBe(true);
    expect(canJoin(c, w.closes + 1)).toBe(false);
    expect(canJoin({ ...c, status: 'cancelled' }, startsAt)).toBe(false);
  });

  it('refunds by outcome: her absence or lateness nothing, the nutritionist\u2019s or a failed call everything', () => {
    const paid = { total: 8000, payment_method: 'card' as const };
    expect(outcomeRefund('nutritionist_no_show', paid)).toEqual({ amount: 8000, session_back: false });
    expect(outcomeRefund('call_failed', { ...paid, refunded: 1000 })).toEqual({ amount: 7000, session_back: false });
    expect(outcomeRefund('shopper_no_show', paid)).toEqual({ amount: 0, session_back: false });
    expect(outcomeRefund('shopper_late', paid)).toEqual({ amount: 0, session_back: false });
    expect(outcomeRefund('held', paid).amount).toBe(0);
    expect(outcomeRefund('call_failed', { total: 0, payment_method: 'package' })).toEqual({
      amount: 0,
      session_back: true,
    });
    expect(outcomeStatus('shopper_late')).toBe('completed');
    expect(outcomeStatus('shopper_no_show')).toBe('no_show');
  });
});

describe('schemas', () => {
  it('takes an intake with known medicine classes and drops duplicates from what she shares', () => {
    expect(MEDICINE_CLASSES).toHaveLength(12);
    const intake = intakeSchema.parse({
      goal: ' More energy ',
      medicines: [{ class: 'anticoagulant', name: 'Warfarin' }],
      pregnancy: 'pregnant',
      share: { uploads: [3, 3], orders: ['7'] },
    });
    expect(intake).toEqual({
      goal: 'More energy',
      conditions: '',
      medicines: [{ class: 'anticoagulant', name: 'Warfarin' }],
      pregnancy: 'pregnant',
      allergies: '',
      share: { uploads: [3], orders: [7] },
    });
    const bad = intakeSchema.safeParse({ goal: '', medicines: [{ class: 'aspirin' }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message).sort()).toEqual([
      'intake_goal_required',
      'intake_medicine_class_invalid',
    ]);
  });

  it('takes a start on a 5-minute cell, as ISO text or ms', () => {
    expect(consultationHoldSchema.parse({ service_id: '2', starts_at: '2026-11-29T06:00:00Z' }).starts_at).toBe(
      Date.parse('2026-11-29T06:00:00Z'),
    );
    expect(
      consultationHoldSchema.safeParse({ service_id: 2, starts_at: Date.parse('2026-11-29T06:01:00Z') }).success,
    ).toBe(false);
  });

  it('needs consent, a hold and a payment method to book', () => {
    const r = consultationBookSchema.safeParse({ idempotency_key: 'x'.repeat(20), intake: { goal: 'a' } });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0])).toEqual(
      expect.arrayContaining(['hold_id', 'service_id', 'consent', 'payment']),
    );
  });

  it('filters the nutritionist list by language, gender and a Gulf day', () => {
    expect(nutritionistFilterSchema.parse({ language: 'ar', gender: 'female', day: '٢٠٢٦-١١-٢٩' })).toEqual({
      language: 'ar',
      gender: 'female',
      day: SUNDAY,
    });
    expect(nutritionistFilterSchema.safeParse({ day: '2026-02-30' }).success).toBe(false);
  });
});
