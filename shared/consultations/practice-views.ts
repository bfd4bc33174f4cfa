// What the back office's consultation routes answer (issue 46, api/src/routes/staff/consultation-practice.ts):
// the nutritionist's day, one booking (its schedule part for everyone allowed, the health part for the
// consultation's own nutritionist), the weekly hours, the owner's earnings and the list builder's
// search. Each is the route's response schema (decision 68) and the type both the API
// (api/src/consultations/practice/) and the staff pages (staff/pages/practice/) use, one declaration.
import { markerResultSchema } from '#shared/api/blood-test-results-responses';
import { z } from '../zod';
import { COUNTRY_CODES, LANGS } from '../locale';
import {
  CONSULTATION_MODES,
  CONSULTATION_OUTCOMES,
  CONSULTATION_PAYMENT_METHODS,
  CONSULTATION_STATUSES,
} from './facts';
import { type Intake, MEDICINE_CLASSES, PREGNANCY_STATES } from './intake';

const country = z.enum(COUNTRY_CODES);
const lang = z.enum(LANGS);
const mode = z.enum(CONSULTATION_MODES);
const status = z.enum(CONSULTATION_STATUSES);
const outcome = z.enum(CONSULTATION_OUTCOMES);

const serviceSchema = z.object({
  id: z.int(),
  kind: z.enum(['first_call', 'full', 'follow_up']),
  minutes: z.int(),
  name_en: z.string(),
  name_ar: z.string(),
});

const nutritionistSchema = z.object({ id: z.int(), name_en: z.string(), name_ar: z.string() });
export type PracticeNutritionist = z.infer<typeof nutritionistSchema>;

/** GET /staff/consultations/hours */
export const scheduleViewSchema = z.object({
  nutritionist: nutritionistSchema,
  /** Others a manager may switch to (empty for a nutritionist). */
  nutritionists: z.array(nutritionistSchema),
  services: z.array(serviceSchema),
  /** Minutes of the day on the practice's clock (the home country's time); service null: for every service. */
  hours: z.array(
    z.object({
      id: z.int(),
      weekday: z.int(),
      start_minute: z.int(),
      end_minute: z.int(),
      service_id: z.int().nullable(),
    }),
  ),
  days_off: z.array(z.string()),
  today: z.string(),
});
export type ScheduleView = z.infer<typeof scheduleViewSchema>;

/** The service as a booking shows it. */
const bookedServiceSchema = serviceSchema.omit({ kind: true });

const dayBookingSchema = z.object({
  id: z.int(),
  starts_at: z.int(),
  ends_at: z.int(),
  /** The shopper's first name only. */
  first_name: z.string(),
  service: bookedServiceSchema,
  mode,
  status,
  outcome: outcome.nullable(),
  country,
  lang,
});
export type DayBooking = z.infer<typeof dayBookingSchema>;

/** GET /staff/consultations/day */
export const dayViewSchema = z.object({
  date: z.string(),
  nutritionist: nutritionistSchema,
  nutritionists: z.array(nutritionistSchema),
  own: z.boolean(),
  bookings: z.array(dayBookingSchema),
});
export type DayView = z.infer<typeof dayViewSchema>;

/** What an outcome gives back: minor units of the consultation's currency, and a package's session. */
const refundSchema = z.object({ amount: z.int(), session_back: z.boolean() });

const bookingBaseSchema = z.object({
  id: z.int(),
  starts_at: z.int(),
  ends_at: z.int(),
  first_name: z.string(),
  service: bookedServiceSchema,
  nutritionist: nutritionistSchema,
  mode,
  status,
  outcome: outcome.nullable(),
  country,
  currency: z.string(),
  lang,
  payment_method: z.enum(CONSULTATION_PAYMENT_METHODS),
  total: z.int(),
  refunded: z.int(),
  /** Whether a mark may be set now (from the start until a week after the end). */
  can_mark: z.boolean(),
  outcomes: z.array(z.object({ outcome, refund: refundSchema })),
  /** Whether the reader may see the health part (the consultation's own nutritionist). */
  health: z.boolean(),
});
export type BookingBase = z.infer<typeof bookingBaseSchema>;

const pastOrderSchema = z.object({
  id: z.int(),
  created_at: z.int(),
  status: z.string(),
  items: z.array(z.object({ product_id: z.int(), name: z.string(), sku_name: z.string(), count: z.int() })),
});
export type PastOrder = z.infer<typeof pastOrderSchema>;

/** A safety rule an item breaks for her: 'upper_limit:<nutrient>', 'pregnancy' or 'interaction:<rule id>'. */
const warningSchema = z.object({ rule: z.string(), text: z.object({ en: z.string(), ar: z.string() }) });

const savedRecommendationSchema = z.object({
  product_id: z.int(),
  sku_id: z.int(),
  product_name: z.string(),
  sku_name: z.string(),
  quantity: z.int(),
  servings_per_day: z.int(),
  dose: z.string(),
  reason: z.string(),
  /** The warnings this item raises for her (recomputed on every read). */
  warnings: z.array(warningSchema),
  /** The rules the nutritionist acknowledged when saving. */
  acknowledged_rules: z.array(z.string()),
  acknowledged_reason: z.string().nullable(),
});
export type SavedRecommendation = z.infer<typeof savedRecommendationSchema>;

/** A result she uploaded and shared in the intake: what the lab and day were, and its files to open. */
const sharedUploadSchema = z.object({
  id: z.int(),
  lab_name: z.string(),
  sample_date: z.string(),
  files: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.int() })),
});
export type SharedUpload = z.infer<typeof sharedUploadSchema>;

/** Her intake as she sent it (intake.ts's schema checks the form; this, what is answered). */
const intakeAnswerSchema = z.object({
  goal: z.string(),
  conditions: z.string(),
  medicines: z.array(z.object({ class: z.enum(MEDICINE_CLASSES), name: z.string() })),
  pregnancy: z.enum(PREGNANCY_STATES),
  allergies: z.string(),
  share: z.object({ uploads: z.array(z.int()), orders: z.array(z.int()) }),
}) satisfies z.ZodType<Intake>;

const bookingHealthSchema = z.object({
  intake: intakeAnswerSchema.nullable(),
  pregnancy: z.enum(PREGNANCY_STATES),
  age: z.int().nullable(),
  past_orders: z.array(pastOrderSchema),
  /** The values of the results she shared, against their ranges. */
  shared_results: z.array(markerResultSchema),
  /** The uploaded results she shared (a PDF often has no values typed in: its file is the result). */
  shared_uploads: z.array(sharedUploadSchema),
  previous: z.array(
    z.object({
      id: z.int(),
      starts_at: z.int(),
      service_en: z.string(),
      service_ar: z.string(),
      notes: z.string().nullable(),
      summary: z.string().nullable(),
    }),
  ),
  notes: z.string(),
  summary: z.string(),
  shared_at: z.int().nullable(),
  recommendations: z.array(savedRecommendationSchema),
});

/** GET /staff/consultations/:id */
export const bookingViewSchema = bookingBaseSchema.extend({ health_data: bookingHealthSchema.nullable() });
export type BookingView = z.infer<typeof bookingViewSchema>;

const earningsRowSchema = z.object({
  nutritionist_id: z.int(),
  name_en: z.string(),
  name_ar: z.string(),
  currency: z.string(),
  sessions: z.int(),
  no_shows: z.int(),
  awaiting_mark: z.int(),
  /** Minor units of `currency`, never converted. */
  gross: z.int(),
  refunds: z.int(),
  net: z.int(),
  shop_share_bp: z.int(),
  shop_share: z.int(),
  nutritionist_part: z.int(),
});
export type EarningsRow = z.infer<typeof earningsRowSchema>;

/** GET /staff/consultations/earnings */
export const earningsViewSchema = z.object({ month: z.string(), rows: z.array(earningsRowSchema) });
export type EarningsView = z.infer<typeof earningsViewSchema>;

/** GET /staff/consultations/:id/products: catalogue SKUs with what the safety gates read and raise. */
export const productSearchSchema = z.object({
  hits: z.array(
    z.object({
      sku_id: z.int(),
      product_id: z.int(),
      product_name: z.string(),
      sku_name: z.string(),
      doses: z.array(z.object({ nutrient: z.string(), amount: z.string(), unit: z.enum(['IU', 'mcg', 'mg']) })),
      price: z.int(),
      stock: z.int(),
      warnings: z.array(warningSchema),
    }),
  ),
});
export type ProductSearch = z.infer<typeof productSearchSchema>;
export type SearchHitView = ProductSearch['hits'][number];

/** Hours, days off, notes: false when nothing changed. */
export const practiceChangeSchema = z.object({ changed: z.boolean() });
/** POST …/recommendations: the list saved whole, its length. */
export const recommendationsSavedSchema = z.object({ changed: z.literal(true), items: z.int() });
/** POST …/share: false when it was shared before (the first time is kept). */
export const sharedSchema = z.object({ changed: z.boolean(), shared_at: z.int() });
/** POST …/mark: the outcome, the status it leads to, and its refund. */
export const markedSchema = z.object({
  changed: z.literal(true),
  outcome,
  status: z.enum(['completed', 'no_show', 'cancelled']),
  refund: refundSchema,
  refunded_to: z.enum(['wallet', 'card', 'package']).nullable(),
});
