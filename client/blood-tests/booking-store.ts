// The blood-test checkout's choices between its three pages (who is tested, where, when, the slot
// hold, consent, payment), kept in sessionStorage so a reload or the sign-in modal keeps them, and
// separate from the product checkout's: the two carts are checked out apart.
import { proxy, snapshot } from 'valtio';

type PatientChoice = 'self' | 'family';
export type BookingPayment = 'card' | 'wallet' | 'pay_at_visit';

/** A family member typed on the shipping page (saved with the order). */
export interface NewPatientDraft {
  name: string;
  sex: '' | 'female' | 'male';
  date_of_birth: string;
  relation: '' | 'self' | 'spouse' | 'child' | 'parent' | 'sibling' | 'other';
  national_id: string;
}

export interface SlotChoice {
  date: string;
  window: string;
}

interface SlotHold extends SlotChoice {
  id: string;
  /** When the hold ends (ms since the epoch, the server's clock as the answer gave it). */
  expiresAt: number;
}

export interface BookingState {
  patientChoice: PatientChoice;
  /** A saved patient (the shopper's own record or a family member's); null: `newPatient` is sent. */
  patientId: number | null;
  /** The shopper's own details (first booking) or a new family member, when no saved patient is chosen. */
  newPatient: NewPatientDraft | null;
  addressId: number | null;
  slot: SlotChoice | null;
  hold: SlotHold | null;
  consent: boolean;
  paymentMethod: BookingPayment;
  cardMethod: string | null;
  /** STC Pay's account number as typed (the address's phone until then). */
  stcPayPhone?: string;
  coupon: string | null;
  /** One key per attempt: a retry of the same attempt reuses it, a new attempt gets a new one. */
  idempotencyKey: string | null;
}

export const BOOKING_KEY = 'bt_checkout';

export function emptyPatient(): NewPatientDraft {
  return { name: '', sex: '', date_of_birth: '', relation: '', national_id: '' };
}

function initial(): BookingState {
  return {
    patientChoice: 'self',
    patientId: null,
    newPatient: null,
    addressId: null,
    slot: null,
    hold: null,
    consent: false,
    paymentMethod: 'card',
    cardMethod: null,
    coupon: null,
    idempotencyKey: null,
  };
}

export const booking = proxy<BookingState>(initial());

export function restoreBooking(): void {
  try {
    const kept = JSON.parse(sessionStorage.getItem(BOOKING_KEY) ?? 'null') as Partial<BookingState> | null;
    if (kept && typeof kept === 'object') Object.assign(booking, kept);
  } catch {
    // Unreadable storage (private mode, a hand-edited value): start afresh.
  }
}

export function saveBooking(): void {
  try {
    sessionStorage.setItem(BOOKING_KEY, JSON.stringify(snapshot(booking)));
  } catch {
    // Storage unavailable: the choices live as long as the page.
  }
}

/** After a placed order: the next booking starts afresh. */
export function clearBooking(): void {
  Object.assign(booking, initial());
  try {
    sessionStorage.removeItem(BOOKING_KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Whether the hold still stands at `now` (the review step needs one to place the order). */
export function holdStands(state: Pick<BookingState, 'hold'>, now = Date.now()): boolean {
  return !!state.hold && state.hold.expiresAt > now;
}

/** What the shipping step still needs before the shopper can continue, in the page's order. */
export function shippingMissing(
  state: Pick<BookingState, 'patientId' | 'newPatient' | 'addressId' | 'slot'>,
  patientValid: boolean,
): Array<'patient' | 'address' | 'slot'> {
  const missing: Array<'patient' | 'address' | 'slot'> = [];
  // The lab needs the tested person's details and id, the shopper's own too: a saved record, or typed.
  const patient = state.patientId !== null || (!!state.newPatient && patientValid);
  if (!patient) missing.push('patient');
  if (state.addressId === null) missing.push('address');
  if (!state.slot) missing.push('slot');
  return missing;
}

/** Morning windows start before noon: fasting samples are drawn then, after the night's fast. */
function isMorningWindow(window: string): boolean {
  return Number.parseInt(window, 10) < 12;
}

/** The windows a cart can book: mornings only when a test in it needs fasting. */
export function bookableWindows<T extends { window: string }>(windows: readonly T[], fasting: boolean): T[] {
  return fasting ? windows.filter((w) => isMorningWindow(w.window)) : [...windows];
}

/** The key of this submit attempt: a retry (lost answer, 5xx) sends the same key, so it cannot book twice. */
export function attemptKey(newKey: () => string): string {
  if (!booking.idempotencyKey) booking.idempotencyKey = newKey();
  return booking.idempotencyKey;
}

/**
 * After a failed submit: a refusal (4xx) ended the attempt, the next one is new; without an answer or
 * with a server error the booking may exist, so the retry keeps the key and the server replays it.
 */
export function afterFailedSubmit(status: number | null): void {
  if (status !== null && status >= 400 && status < 500) booking.idempotencyKey = null;
}
