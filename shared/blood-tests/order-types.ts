// Blood-test booking answers: what the API returns to the checkout and the profile pages.
// Money is integer minor units of `currency` (KWD fils, SAR halalas). Times are ISO strings in UTC;
// `date` and windows are Gulf local (UTC+3). Shapes stay stable: fields are added, never renamed.
import type { BloodTestPaymentMethod, PatientRelation, PatientSex, SlotWindow } from '../api/blood-test-order-schemas';
import type { CardMethod } from '../api/order-schemas';
import type { UnavailableMethod } from '../payments/gateway-methods';
import type { BloodTestResultLine } from './results';

type BloodTestCountry = 'KW' | 'SA';

export interface BloodTestPatient {
  id: number;
  name: string;
  sex: PatientSex;
  date_of_birth: string;
  relation: PatientRelation;
  country: BloodTestCountry;
  /** Masked except the last four digits (•••••••• 1234). */
  national_id_masked: string;
}

interface SlotWindowAvailability {
  window: SlotWindow;
  /** "07:00" and "09:00", Gulf local time. */
  starts: string;
  ends: string;
  /** Places left now (capacity minus bookings and live holds); 0 = full. */
  places_left: number;
  /** False when full or ruled out (lead time, fasting → mornings only). */
  available: boolean;
}

export interface SlotDay {
  /** YYYY-MM-DD, Gulf local. */
  date: string;
  /** A blackout day (Friday, a national holiday): no windows offered. */
  closed: boolean;
  windows: SlotWindowAvailability[];
}

export interface SlotsAnswer {
  zone: { area_id?: number; city_id?: number; country: BloodTestCountry };
  /** True when a chosen test needs fasting or a morning draw: only morning windows are offered. */
  mornings_only: boolean;
  fasting_hours: number;
  days: SlotDay[];
}

export interface SlotHold {
  hold_id: string;
  date: string;
  window: SlotWindow;
  area_id?: number;
  city_id?: number;
  /** ISO time in UTC; after it the place is free again. */
  expires_at: string;
}

export interface BloodTestQuoteLine {
  sku_id: number;
  blood_test_id: number;
  name: string;
  price: number;
  old_price: number | null;
}

export interface BloodTestQuote {
  country: BloodTestCountry;
  currency: 'KWD' | 'SAR';
  items: BloodTestQuoteLine[];
  subtotal: number;
  /** The coupon's discount (0 without one). */
  discount: number;
  coupon: string | null;
  /** An entered coupon that does not apply: its message key. */
  coupon_error: string | null;
  /** VAT included in the total (Saudi Arabia, 15 %); 0 in Kuwait. */
  vat: number;
  vat_rate: number;
  wallet_balance: number;
  wallet_used: number;
  /** The order's total (VAT included), before the wallet part. */
  total: number;
  /** What is left to pay by card or at the visit: total − wallet_used. */
  due: number;
  /** The gateway's ways offered for what is due (cards, STC Pay, pay later), and the others with why. */
  card_methods?: CardMethod[];
  unavailable_methods?: UnavailableMethod[];
}

export const BLOOD_TEST_ORDER_STATUSES = [
  'pending_payment',
  'booked',
  'sample_collected',
  'at_lab',
  'results_ready',
  'cancelled',
  'payment_failed',
] as const;
export type BloodTestOrderStatus = (typeof BLOOD_TEST_ORDER_STATUSES)[number];

/** The visible progress: booked → sample_collected → at_lab → results_ready. */
export const BLOOD_TEST_TIMELINE = ['booked', 'sample_collected', 'at_lab', 'results_ready'] as const;

interface BloodTestTimelineStep {
  status: BloodTestOrderStatus;
  /** ISO time it happened, null while still ahead. */
  at: string | null;
  done: boolean;
}

export type BloodTestPaymentState = 'paid' | 'pending' | 'failed' | 'pay_at_visit' | 'refunded';

export interface BloodTestOrderSummary {
  id: number;
  status: BloodTestOrderStatus;
  created_at: string;
  currency: 'KWD' | 'SAR';
  total: number;
  patient_name: string;
  tests_count: number;
  slot: { date: string; window: SlotWindow; starts: string; ends: string };
}

export interface BloodTestOrderItem {
  id: number;
  sku_id: number;
  blood_test_id: number;
  name: string;
  price: number;
  fasting_hours: number;
  morning_draw: boolean;
  stop_biotin_hours: number;
  /** Other preparation, one instruction per line. */
  preparation: string[];
  sample_type: string;
  /** The lab's usual time to results, in hours (null: the test is no longer in the catalogue). */
  turnaround_hours: number | null;
}

export interface BloodTestOrderDetail extends BloodTestOrderSummary {
  country: BloodTestCountry;
  timeline: BloodTestTimelineStep[];
  patient: BloodTestPatient;
  address: { id: number; text: string; area_id: number | null; city_id: number | null };
  items: BloodTestOrderItem[];
  totals: {
    subtotal: number;
    discount: number;
    vat: number;
    wallet_used: number;
    total: number;
    coupon: string | null;
  };
  payment: {
    method: BloodTestPaymentMethod;
    state: BloodTestPaymentState;
    /** A failed card payment can be tried again (the product orders' pay-again). */
    can_pay_again: boolean;
  };
  /** Until this time (ISO UTC) the shopper may reschedule or cancel. */
  changeable_until: string;
  can_reschedule: boolean;
  can_cancel: boolean;
  /** Set once the lab confirmed a booked visit: who is coming. */
  visit_confirmation: { nurse: string } | null;
  /** The lab's results, once a second staff member approved them (status results_ready); empty before. */
  results: BloodTestResultLine[];
}

export interface BloodTestOrderList {
  items: BloodTestOrderSummary[];
  page: number;
  pages: number;
  total: number;
}

export interface BloodTestSubmitAnswer {
  order_id: number;
  status: BloodTestOrderStatus;
  /** Set for a card payment: the gateway page to open. */
  payment_url: string | null;
}
