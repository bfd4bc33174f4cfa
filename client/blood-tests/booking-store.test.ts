import { afterEach, describe, expect, it } from 'vitest';
import {
  afterFailedSubmit,
  attemptKey,
  BOOKING_KEY,
  booking,
  bookableWindows,
  clearBooking,
  emptyPatient,
  holdStands,
  restoreBooking,
  saveBooking,
  shippingMissing,
} from './booking-store';

const store = new Map<string, string>();
globalThis.sessionStorage ??= {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
} as Storage;

afterEach(() => clearBooking());

describe('shippingMissing', () => {
  const base = { patientChoice: 'self' as const, patientId: null, newPatient: null, addressId: 4, slot: null };

  it("asks for the shopper's own details until a saved record or a valid typed one is there", () => {
    expect(shippingMissing(base, false)).toEqual(['patient', 'slot']);
    expect(shippingMissing({ ...base, patientId: 3 }, false)).toEqual(['slot']);
    const slot = { date: '2026-11-23', window: '07-09' };
    expect(shippingMissing({ ...base, newPatient: { ...emptyPatient(), relation: 'self' }, slot }, true)).toEqual([]);
  });

  it('needs a saved family member or a valid new one', () => {
    const family = { ...base, patientChoice: 'family' as const, addressId: null };
    expect(shippingMissing(family, true)).toEqual(['patient', 'address', 'slot']);
    expect(shippingMissing({ ...family, patientId: 9 }, false)).toEqual(['address', 'slot']);
    expect(shippingMissing({ ...family, newPatient: emptyPatient() }, false)).toEqual(['patient', 'address', 'slot']);
    expect(shippingMissing({ ...family, newPatient: emptyPatient() }, true)).toEqual(['address', 'slot']);
  });
});

describe('bookableWindows', () => {
  const windows = [{ window: '07-09' }, { window: '09-11' }, { window: '16-18' }, { window: '18-20' }];

  it('offers only morning windows when a test needs fasting', () => {
    expect(bookableWindows(windows, true).map((w) => w.window)).toEqual(['07-09', '09-11']);
  });

  it('offers every window otherwise', () => {
    expect(bookableWindows(windows, false)).toHaveLength(4);
  });
});

describe('holdStands', () => {
  it('is true until the hold expires', () => {
    const hold = { id: 'h-12345678', date: '2026-11-23', window: '07-09', expiresAt: 1_000 };
    expect(holdStands({ hold }, 999)).toBe(true);
    expect(holdStands({ hold }, 1_000)).toBe(false);
    expect(holdStands({ hold: null }, 0)).toBe(false);
  });
});

describe('keeping the choices', () => {
  it('restores what was saved (a reload, the sign-in modal) and forgets it after an order', () => {
    booking.patientChoice = 'family';
    booking.newPatient = { ...emptyPatient(), name: 'Noura' };
    booking.slot = { date: '2026-11-23', window: '09-11' };
    saveBooking();
    clearBooking();
    expect(booking.patientChoice).toBe('self');
    sessionStorage.setItem(
      BOOKING_KEY,
      JSON.stringify({ patientChoice: 'family', slot: { date: 'x', window: '07-09' } }),
    );
    restoreBooking();
    expect(booking.patientChoice).toBe('family');
    expect(booking.slot).toEqual({ date: 'x', window: '07-09' });
    clearBooking();
    expect(sessionStorage.getItem(BOOKING_KEY)).toBeNull();
  });

  it('starts afresh from unreadable storage', () => {
    sessionStorage.setItem(BOOKING_KEY, '{not json');
    restoreBooking();
    expect(booking.slot).toBeNull();
  });
});

describe('one idempotency key per submit attempt', () => {
  it('keeps the key for a retry after a lost answer or a server error, and starts anew after a refusal', () => {
    let n = 0;
    const newKey = () => `key-${++n}`;
    expect(attemptKey(newKey)).toBe('key-1');
    afterFailedSubmit(null); // no answer: the booking may exist
    expect(attemptKey(newKey)).toBe('key-1');
    afterFailedSubmit(503);
    expect(attemptKey(newKey)).toBe('key-1');
    afterFailedSubmit(409); // refused: this attempt is over
    expect(attemptKey(newKey)).toBe('key-2');
  });
});
