// The zod schemas of what the consultation and nutritionist routes answer (decision 68: the routes'
// `response`); the types in ./types.ts are inferred from them. Money is integer minor units of
// `currency`; times are ISO strings in UTC; `date` a day (YYYY-MM-DD) on the practice's clock (the home
// country's time zone) in the slots, on the booking's country's clocks in a list item.
import { imageRefSchema, productCardSchema } from '../catalogue/schemas';
import { COUNTRY_CODES, LANGS } from '../locale';
import { GATEWAY_METHODS_ALL } from '../payments/gateway-methods';
import { z } from '../zod';
import {
  CONSULTATION_MODES,
  CONSULTATION_OUTCOMES,
  CONSULTATION_PAYMENT_METHODS,
  CONSULTATION_PAYMENT_STATES,
  CONSULTATION_STATUSES,
  NUTRITIONIST_GENDERS,
  SERVICE_KINDS,
} from './facts';
import { MEDICINE_CLASSES, PREGNANCY_STATES } from './intake';

const status = z.enum(CONSULTATION_STATUSES);
const kind = z.enum(SERVICE_KINDS);
/** A package's payment: 'package' and 'partly_refunded' are a consultation's states only. */
const creditPaymentState = z.enum(['pending', 'paid', 'failed', 'refunded']);

export const consultationServiceSchema = z.object({
  id: z.int(),
  kind,
  minutes: z.int(),
  name: z.string(),
  description: z.string(),
  /** In the request's country; a service without a price there is not listed. */
  price: z.int(),
  currency: z.string(),
});

export const consultationPackageSchema = z.object({
  id: z.int(),
  service_id: z.int(),
  sessions: z.int(),
  name: z.string(),
  price: z.int(),
  currency: z.string(),
});

/** The fields the list and the page add to a nutritionist (shared/catalogue/types.ts Nutritionist). */
export const nutritionistBookingSchema = z.object({
  gender: z.enum(NUTRITIONIST_GENDERS),
  /** ISO 639-1 codes. */
  languages: z.array(z.string()),
  qualifications: z.string(),
  services: z.array(consultationServiceSchema),
  /** The first free time of any offered service (ISO, UTC), or null: none in the horizon, or takes no bookings. */
  next_free_at: z.string().nullable(),
  /** Takes bookings: linked to a back-office account and has a service priced in this country. */
  bookable: z.boolean(),
});

/** A nutritionist as the list shows one: the catalogue's fields and what they offer for booking. */
export const nutritionistCardSchema = z
  .object({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    title: z.string(),
    bio: z.string(),
    photo: imageRefSchema,
    years_experience: z.int(),
  })
  .extend(nutritionistBookingSchema.shape);

/** GET /nutritionist: every nutritionist, in the shop's order. */
export const nutritionistAllSchema = z.object({ items: z.array(nutritionistCardSchema) });

/** POST /nutritionist/list(/{page}): a page of them, and the days the other filters leave a free time on. */
export const nutritionistListSchema = z.object({
  items: z.array(nutritionistCardSchema),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
  page_count: z.int(),
  free_days: z.array(z.string()),
});

/** The shown (approved) ratings of a nutritionist's consultations: how many, their average, the latest. */
export const consultationRatingsSchema = z.object({
  count: z.int(),
  /** One decimal; null without a shown rating. */
  average: z.number().nullable(),
  latest: z.array(z.object({ rating: z.int(), body: z.string(), lang: z.enum(LANGS), at: z.string() })),
});

/** GET /nutritionist/{ref}: the card with the packages priced here, the ratings and the product lists. */
export const nutritionistDetailSchema = nutritionistCardSchema.extend({
  packages: z.array(consultationPackageSchema),
  ratings: consultationRatingsSchema,
  lists: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      items: z.array(z.object({ note: z.string(), product: productCardSchema })),
    }),
  ),
});

export const consultationSlotDaySchema = z.object({
  /** YYYY-MM-DD, a practice day (the home country's time zone). */
  date: z.string(),
  day_off: z.boolean(),
  times: z.array(
    z.object({
      /** ISO, UTC. */
      starts_at: z.string(),
      ends_at: z.string(),
      /** "09:30" on the practice's clock (the shopper's page prints `starts_at` on her own). */
      time: z.string(),
    }),
  ),
});

/** GET /nutritionist/{id}/slots. */
export const consultationSlotsSchema = z.object({
  nutritionist_id: z.int(),
  service: consultationServiceSchema,
  /** Takes bookings (linked to a back-office account). */
  bookable: z.boolean(),
  /** The last practice day anyone may book (YYYY-MM-DD). */
  horizon_ends: z.string(),
  days: z.array(consultationSlotDaySchema),
});

/** The rules with their times, shown before she pays and on the booking's page. */
const consultationRulesSchema = z.object({
  /** Until then a cancel returns everything; after it nothing. */
  cancel_free_until: z.string(),
  /** Until then it may be moved… */
  reschedule_until: z.string(),
  /** …this many more times. */
  reschedules_left: z.int(),
  join_opens_at: z.string(),
  join_closes_at: z.string(),
  can_cancel: z.boolean(),
  can_reschedule: z.boolean(),
  can_join: z.boolean(),
});

/** POST /consultation/hold. */
export const consultationHoldAnswerSchema = z.object({
  hold_id: z.string(),
  nutritionist_id: z.int(),
  service_id: z.int(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** After it the time is free again. */
  expires_at: z.string(),
  /** The rules with their times for this start, to show before she pays. */
  rules: consultationRulesSchema,
  /** The price in the request's country, VAT included, and the VAT in it. */
  price: z.int(),
  vat: z.int(),
  currency: z.string(),
});

export const consultationPaymentSchema = z.object({
  method: z.enum(CONSULTATION_PAYMENT_METHODS),
  card_method: z.enum(GATEWAY_METHODS_ALL).nullable(),
  state: z.enum(CONSULTATION_PAYMENT_STATES),
  price: z.int(),
  vat: z.int(),
  vat_basis_points: z.int(),
  total: z.int(),
  wallet_used: z.int(),
  refunded: z.int(),
  currency: z.string(),
  credit_id: z.int().nullable(),
  /** The gateway payment was cancelled (at the payment page, or left until the sweep closed it),
   * rather than refused: said as a cancel, not a failure. */
  cancelled: z.boolean(),
});

/** POST /consultation/package. */
export const consultationPackageAnswerSchema = z.object({
  credit_id: z.int(),
  payment_state: creditPaymentState,
  payment_url: z.string().nullable(),
  price: z.int(),
  currency: z.string(),
});

export const consultationCreditSchema = z.object({
  id: z.int(),
  package: consultationPackageSchema,
  nutritionist_id: z.int(),
  sessions_total: z.int(),
  sessions_left: z.int(),
  payment_state: creditPaymentState,
  expires_at: z.string(),
});

/** GET /user/consultation/credits. */
export const consultationCreditListSchema = z.object({ items: z.array(consultationCreditSchema) });

export const consultationListItemSchema = z.object({
  id: z.int(),
  status,
  mode: z.enum(CONSULTATION_MODES),
  starts_at: z.string(),
  ends_at: z.string(),
  /** The day of the start on the clocks of the country it was booked in. */
  date: z.string(),
  service: z.object({ id: z.int(), kind, name: z.string(), minutes: z.int() }),
  nutritionist: z.object({ id: z.int(), slug: z.string(), name: z.string(), title: z.string(), photo: imageRefSchema }),
  total: z.int(),
  currency: z.string(),
  /** Paid with a package's session: the sessions the package has left (shown instead of a 0 total). */
  package_sessions_left: z.int().nullable(),
  summary_shared: z.boolean(),
});

/** GET /user/consultation/list(/{page}): her consultations, newest first; her packages (first page only: [] after). */
export const consultationListPageSchema = z.object({
  items: z.array(consultationListItemSchema),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
  page_count: z.int(),
  credits: z.array(consultationCreditSchema),
});

export const consultationRecommendationSchema = z.object({
  product: productCardSchema,
  sku_id: z.int(),
  quantity: z.int(),
  servings_per_day: z.int(),
  dose: z.string(),
  reason: z.string(),
});

export const consultationRatingAnswerSchema = z.object({
  rating: z.int(),
  body: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
});

/** Her intake as stored (./intake.ts intakeSchema's output), without the form's checks and defaults. */
const intakeAnswerSchema = z.object({
  goal: z.string(),
  conditions: z.string(),
  medicines: z.array(z.object({ class: z.enum(MEDICINE_CLASSES), name: z.string() })),
  pregnancy: z.enum(PREGNANCY_STATES),
  allergies: z.string(),
  share: z.object({ uploads: z.array(z.int()), orders: z.array(z.int()) }),
});

/** What she shared in the intake, as her summary of it lists them. */
export const consultationSharedResultsSchema = z.object({
  uploads: z.array(z.object({ id: z.int(), lab_name: z.string(), sample_date: z.string() })),
  orders: z.array(z.object({ id: z.int(), created_at: z.string() })),
});

/** GET /user/consultation/{id}, and what each change of it answers. */
export const consultationDetailSchema = consultationListItemSchema.extend({
  country: z.enum(COUNTRY_CODES),
  lang: z.enum(LANGS),
  rules: consultationRulesSchema,
  payment: consultationPaymentSchema,
  outcome: z.enum(CONSULTATION_OUTCOMES).nullable(),
  follow_up_of: z.int().nullable(),
  rescheduled_count: z.int(),
  intake: intakeAnswerSchema.nullable(),
  /** The results she shared with the nutritionist in the intake (hers still: one she removed is gone). */
  shared_results: consultationSharedResultsSchema,
  /** Once the nutritionist shares them; null before. */
  summary: z.string().nullable(),
  shared_at: z.string().nullable(),
  recommendations: z.array(consultationRecommendationSchema),
  rating: consultationRatingAnswerSchema.nullable(),
  can_rate: z.boolean(),
});

/** POST /consultation: done, or go to the gateway's page; with the consultation and whether it was a retry. */
export const consultationBookAnswerSchema = z.object({
  id: z.int(),
  status,
  /** The gateway's page to pay on (card, pay_later), or null when nothing is left to pay. */
  payment_url: z.string().nullable(),
  payment: consultationPaymentSchema,
  consultation: consultationDetailSchema,
  replayed: z.boolean(),
});

/** POST /user/consultation/{id}/cancel. */
export const consultationCancelAnswerSchema = z.object({
  id: z.int(),
  status,
  refunded: z.int(),
  refund_to: z.enum(['wallet', 'card', 'package']).nullable(),
  currency: z.string(),
  consultation: consultationDetailSchema,
});
