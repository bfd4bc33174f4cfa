// Consultation answers: what the API returns to the nutritionist, booking and profile pages. Money is
// integer minor units of `currency` (KWD fils, SAR halalas), VAT included (SA 15 %). Times are ISO
// strings in UTC; `date` is a Gulf day (UTC+3). Shapes stay stable: fields are added, never renamed.
import type { CountryCode, Lang } from '../locale';
import type { ImageRef, ProductCard } from '../catalogue/types';
import type { GatewayMethod } from '../payments/gateway-methods';
import type {
  ConsultationMode,
  ConsultationOutcome,
  ConsultationPaymentMethod,
  ConsultationPaymentState,
  ConsultationStatus,
  NutritionistGender,
  ServiceKind,
} from './facts';
import type { Intake } from './intake';

export interface ConsultationService {
  id: number;
  kind: ServiceKind;
  minutes: number;
  name: string;
  description: string;
  /** In the request's country; a service without a price there is not listed. */
  price: number;
  currency: string;
}

export interface ConsultationPackage {
  id: number;
  service_id: number;
  sessions: number;
  name: string;
  price: number;
  currency: string;
}

/** The fields the list and the page add to a nutritionist (shared/catalogue/types.ts Nutritionist). */
export interface NutritionistBooking {
  gender: NutritionistGender;
  /** ISO 639-1 codes. */
  languages: string[];
  qualifications: string;
  services: ConsultationService[];
  /** The first free time of any offered service (ISO, UTC), or null: none in the horizon, or takes no bookings. */
  next_free_at: string | null;
  /** Takes bookings: linked to a back-office account and has a service priced in this country. */
  bookable: boolean;
}

export interface NutritionistPackages {
  packages: ConsultationPackage[];
}

interface SlotTime {
  /** ISO, UTC. */
  starts_at: string;
  ends_at: string;
  /** "09:30", Gulf time. */
  time: string;
}

export interface ConsultationSlotDay {
  /** YYYY-MM-DD, Gulf. */
  date: string;
  day_off: boolean;
  times: SlotTime[];
}

export interface ConsultationSlotsAnswer {
  nutritionist_id: number;
  service: ConsultationService;
  days: ConsultationSlotDay[];
}

export interface ConsultationHold {
  hold_id: string;
  nutritionist_id: number;
  service_id: number;
  starts_at: string;
  ends_at: string;
  /** After it the time is free again. */
  expires_at: string;
  /** The rules with their times for this start, to show before she pays. */
  rules: ConsultationRulesAnswer;
  /** The price in the request's country, VAT included, and the VAT in it. */
  price: number;
  vat: number;
  currency: string;
}

/** The rules with their times, shown before she pays and on the booking's page. */
interface ConsultationRulesAnswer {
  /** Until then a cancel returns everything; after it nothing. */
  cancel_free_until: string;
  /** Until then it may be moved… */
  reschedule_until: string;
  /** …this many more times. */
  reschedules_left: number;
  join_opens_at: string;
  join_closes_at: string;
  can_cancel: boolean;
  can_reschedule: boolean;
  can_join: boolean;
}

export interface ConsultationPaymentAnswer {
  method: ConsultationPaymentMethod;
  card_method: GatewayMethod | null;
  state: ConsultationPaymentState;
  price: number;
  vat: number;
  vat_basis_points: number;
  total: number;
  wallet_used: number;
  refunded: number;
  currency: string;
  credit_id: number | null;
  /** The gateway payment was cancelled (at the payment page, or left until the sweep closed it),
   * rather than refused: said as a cancel, not a failure. */
  cancelled: boolean;
}

/** POST /consultation and POST /consultation/package: done, or go to the gateway's page. */
export interface ConsultationBookAnswer {
  id: number;
  status: ConsultationStatus;
  /** The gateway's page to pay on (card, pay_later), or null when nothing is left to pay. */
  payment_url: string | null;
  payment: ConsultationPaymentAnswer;
}

export interface ConsultationPackageAnswer {
  credit_id: number;
  payment_state: 'pending' | 'paid' | 'failed' | 'refunded';
  payment_url: string | null;
  price: number;
  currency: string;
}

export interface ConsultationCredit {
  id: number;
  package: ConsultationPackage;
  nutritionist_id: number;
  sessions_total: number;
  sessions_left: number;
  payment_state: 'pending' | 'paid' | 'failed' | 'refunded';
  expires_at: string;
}

interface ConsultationNutritionistRef {
  id: number;
  slug: string;
  name: string;
  title: string;
  photo: ImageRef;
}

export interface ConsultationListItem {
  id: number;
  status: ConsultationStatus;
  mode: ConsultationMode;
  starts_at: string;
  ends_at: string;
  /** Gulf day of the start. */
  date: string;
  service: { id: number; kind: ServiceKind; name: string; minutes: number };
  nutritionist: ConsultationNutritionistRef;
  total: number;
  currency: string;
  /** Paid with a package's session: the sessions the package has left (shown instead of a 0 total). */
  package_sessions_left: number | null;
  summary_shared: boolean;
}

export interface ConsultationRecommendation {
  product: ProductCard;
  sku_id: number;
  quantity: number;
  servings_per_day: number;
  dose: string;
  reason: string;
}

/** @public The API's route types name it (TS4023). */
export interface ConsultationRatingAnswer {
  rating: number;
  body: string;
  status: 'pending' | 'approved' | 'rejected';
}

/** What she shared in the intake, as her summary of it lists them. */
export interface ConsultationSharedResults {
  uploads: { id: number; lab_name: string; sample_date: string }[];
  orders: { id: number; created_at: string }[];
}

export interface ConsultationDetail extends ConsultationListItem {
  country: CountryCode;
  lang: Lang;
  rules: ConsultationRulesAnswer;
  payment: ConsultationPaymentAnswer;
  outcome: ConsultationOutcome | null;
  follow_up_of: number | null;
  rescheduled_count: number;
  intake: Intake | null;
  /** The results she shared with the nutritionist in the intake (hers still: one she removed is gone). */
  shared_results: ConsultationSharedResults;
  /** Once the nutritionist shares them; null before. */
  summary: string | null;
  shared_at: string | null;
  recommendations: ConsultationRecommendation[];
  rating: ConsultationRatingAnswer | null;
  can_rate: boolean;
}

export interface ConsultationCancelAnswer {
  id: number;
  status: ConsultationStatus;
  refunded: number;
  refund_to: 'wallet' | 'card' | 'package' | null;
  currency: string;
}
