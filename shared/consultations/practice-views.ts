// What the back office's consultation pages read from the API (issue 46): the nutritionist's day, one
// booking (its schedule part for everyone allowed, the health part for the consultation's own
// nutritionist), the weekly hours and the owner's earnings. The API answers these shapes
// (api/src/consultations/practice/) and the staff worker's pages render them (staff/pages/practice/).
import type { MarkerResult } from '#shared/api/blood-test-results-schemas';
import type { ConsultationOutcome } from './facts';
import type { Intake } from './intake';
import type { GateWarning } from '../safety/recommendation-gates';

export interface PracticeService {
  id: number;
  kind: string;
  minutes: number;
  name_en: string;
  name_ar: string;
}

export interface PracticeNutritionist {
  id: number;
  name_en: string;
  name_ar: string;
}

export interface ScheduleView {
  nutritionist: PracticeNutritionist;
  /** Others a manager may switch to (empty for a nutritionist). */
  nutritionists: PracticeNutritionist[];
  services: PracticeService[];
  hours: { id: number; weekday: number; start_minute: number; end_minute: number; service_id: number | null }[];
  days_off: string[];
  today: string;
}

export interface DayBooking {
  id: number;
  starts_at: number;
  ends_at: number;
  /** The shopper's first name only. */
  first_name: string;
  service: { id: number; name_en: string; name_ar: string; minutes: number };
  mode: 'video' | 'chat';
  status: string;
  outcome: string | null;
  country: string;
  lang: string;
}

export interface DayView {
  date: string;
  nutritionist: PracticeNutritionist;
  nutritionists: PracticeNutritionist[];
  own: boolean;
  bookings: DayBooking[];
}

interface OutcomeChoice {
  outcome: ConsultationOutcome;
  /** What it gives back: minor units of the consultation's currency, and a package's session. */
  refund: { amount: number; session_back: boolean };
}

export interface BookingBase {
  id: number;
  starts_at: number;
  ends_at: number;
  first_name: string;
  service: { id: number; name_en: string; name_ar: string; minutes: number };
  nutritionist: { id: number; name_en: string; name_ar: string };
  mode: 'video' | 'chat';
  status: string;
  outcome: string | null;
  country: string;
  currency: string;
  lang: string;
  payment_method: string;
  total: number;
  refunded: number;
  /** Whether a mark may be set now (from the start until a week after the end). */
  can_mark: boolean;
  outcomes: OutcomeChoice[];
  /** Whether the reader may see the health part (the consultation's own nutritionist). */
  health: boolean;
}

export interface PastOrder {
  id: number;
  created_at: number;
  status: string;
  items: { product_id: number; name: string; sku_name: string; count: number }[];
}

interface PreviousConsultation {
  id: number;
  starts_at: number;
  service_en: string;
  service_ar: string;
  notes: string | null;
  summary: string | null;
}

export interface SavedRecommendation {
  product_id: number;
  sku_id: number;
  product_name: string;
  sku_name: string;
  quantity: number;
  servings_per_day: number;
  dose: string;
  reason: string;
  /** The warnings this item raises for her (recomputed on every read). */
  warnings: GateWarning[];
  /** The rules the nutritionist acknowledged when saving. */
  acknowledged_rules: string[];
  acknowledged_reason: string | null;
}

/** A result she uploaded and shared in the intake: what the lab and day were, and its files to open. */
export interface SharedUpload {
  id: number;
  lab_name: string;
  sample_date: string;
  files: { id: string; name: string; type: string; size: number }[];
}

/** @public The API's route types name it (TS4023). */
export interface BookingHealth {
  intake: Intake | null;
  pregnancy: string;
  age: number | null;
  past_orders: PastOrder[];
  /** The values of the results she shared, against their ranges. */
  shared_results: MarkerResult[];
  /** The uploaded results she shared (a PDF often has no values typed in: its file is the result). */
  shared_uploads: SharedUpload[];
  previous: PreviousConsultation[];
  notes: string;
  summary: string;
  shared_at: number | null;
  recommendations: SavedRecommendation[];
}

export type BookingView = BookingBase & { health_data: BookingHealth | null };

export interface EarningsRow {
  nutritionist_id: number;
  name_en: string;
  name_ar: string;
  currency: string;
  sessions: number;
  no_shows: number;
  awaiting_mark: number;
  gross: number;
  refunds: number;
  net: number;
  shop_share_bp: number;
  shop_share: number;
  nutritionist_part: number;
}

export interface EarningsView {
  month: string;
  rows: EarningsRow[];
}
