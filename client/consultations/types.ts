// What the consultation API answers, as the shopper's pages read it (issue 46; book's routes). Kept in
// one module so the pages and the tests agree on one shape.
import type { Nutritionist, NutritionistDetail, ProductCard } from '#shared/catalogue/types';

export type Gender = 'female' | 'male';
export type ServiceKind = 'first_call' | 'full' | 'follow_up';
export type ConsultationMode = 'video' | 'chat';
export type ConsultationStatus =
  | 'pending_payment'
  | 'booked'
  | 'completed'
  | 'cancelled'
  | 'no_show'
  | 'payment_failed';

/** A service as offered in the request's country: a service without a price there is not listed. */
export interface ServiceOffer {
  id: number;
  kind: ServiceKind;
  minutes: number;
  name: string;
  description: string;
  /** Minor units of `currency`, VAT included where the country has VAT. */
  price: number;
  currency: string;
}

export interface PackageOffer {
  id: number;
  service_id: number;
  sessions: number;
  name: string;
  price: number;
  currency: string;
}

/** What a shopper chooses a nutritionist by (the list and the page). */
export interface ConsultationOffer {
  gender: Gender;
  /** ISO 639-1 codes. */
  languages: string[];
  qualifications: string;
  services: ServiceOffer[];
  packages?: PackageOffer[];
  /** The next free start times (ms since the epoch), soonest first, for the first service. */
  next_free: number[];
}

export type NutritionistOfferCard = Nutritionist & ConsultationOffer;
export type NutritionistOfferDetail = NutritionistDetail & ConsultationOffer;

export interface SlotDay {
  /** A Gulf date, YYYY-MM-DD. */
  date: string;
  /** Free start times that day (ms since the epoch). */
  times: number[];
}

export interface SlotsAnswer {
  service_id: number;
  minutes: number;
  days: SlotDay[];
}

export interface HoldAnswer {
  hold_id: string;
  starts_at: number;
  ends_at: number;
  expires_at: number;
}

export interface CreditSummary {
  id: number;
  package_id: number;
  service_id: number;
  name: string;
  sessions_left: number;
  expires_at: number;
}

export interface BookAnswer {
  consultation_id: number;
  status: ConsultationStatus;
  /** A card payment: the gateway page to open. */
  payment_url: string | null;
}

export interface ConsultationSummary {
  id: number;
  status: ConsultationStatus;
  mode: ConsultationMode;
  starts_at: number;
  ends_at: number;
  country: 'KW' | 'SA';
  currency: string;
  total: number;
  service: { id: number; kind: ServiceKind; name: string; minutes: number };
  nutritionist: { id: number; name: string; title?: string };
}

export interface ConsultationRules {
  /** Until then a cancel refunds all of it; after it, nothing. */
  cancel_free_until: number;
  /** Until then the time may be moved, while moves are left. */
  reschedule_until: number;
  reschedules_left: number;
  join_opens_at: number;
  join_closes_at: number;
  can_cancel: boolean;
  can_reschedule: boolean;
  /** What a cancel now gives back, in minor units. */
  cancel_refund: number;
}

export interface Recommendation {
  product: ProductCard;
  quantity: number;
  servings_per_day: number;
  dose: string;
  reason: string;
}

export interface ConsultationDetail extends ConsultationSummary {
  payment: {
    method: 'card' | 'wallet' | 'package' | 'pay_later';
    card_method: string | null;
    state: 'pending' | 'paid' | 'failed' | 'refunded' | 'partly_refunded' | 'package';
    wallet_used: number;
    refunded: number;
  };
  rules: ConsultationRules;
  follow_up_service_id: number | null;
  summary: string | null;
  shared_at: number | null;
  recommendations: Recommendation[];
  rating: { rating: number; body: string; status: 'pending' | 'approved' | 'rejected' } | null;
}

export interface ConsultationList {
  upcoming: ConsultationSummary[];
  past: ConsultationSummary[];
}
