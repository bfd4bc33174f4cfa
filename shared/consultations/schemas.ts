// Consultation booking inputs, shared by the booking and profile pages (which show the messages) and
// the API (which enforces them). Messages are dictionary keys. Shapes stay stable: fields are added,
// never renamed, because the pages are built against them.
import { GATEWAY_METHODS_ALL } from '../payments/gateway-methods';
import { stcPayPhone } from '../api/order-schemas';
import { normalizeDigits } from '../text/digits';
import { z } from '../zod';
import {
  CONSULTATION_LANGUAGES,
  CONSULTATION_MODES,
  CONSULTATION_PAYMENT_METHODS,
  NUTRITIONIST_GENDERS,
  PACKAGE_PAYMENT_METHODS,
  REFUND_DESTINATIONS,
} from './facts';
import { intakeSchema } from './intake';
import { CONSULTATION_RULES, isCellAligned } from './rules';

const positiveId = z.coerce
  .number({ error: 'item_validation_error' })
  .int()
  .positive({ error: 'item_validation_error' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'item_validation_error' });

const practiceDay = z
  .string({ error: 'mandatory-field' })
  .overwrite(normalizeDigits)
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'item_validation_error', abort: true })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { error: 'item_validation_error' },
  );

const holdId = z
  .string({ error: 'consultation_hold_expired' })
  .regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'consultation_hold_expired' });

const idempotencyKey = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, { error: 'idempotency_key_invalid' });

/** A start time: ISO text or ms since the epoch, on a 5-minute cell. */
const startsAt = z
  .union([z.number(), z.string()], { error: 'consultation_time_unavailable' })
  .transform((v) => (typeof v === 'number' ? v : Date.parse(v)))
  .refine((v) => isCellAligned(v), { error: 'consultation_time_unavailable' });

/** The nutritionist list's order and filters (POST /nutritionist/list[/{page}]). */
export const nutritionistFilterSchema = z.object({
  sort: z
    .object({ key: z.enum(['name', 'experience', 'order', 'next_free']), value: z.enum(['asc', 'desc']) })
    .optional(),
  language: z.enum(CONSULTATION_LANGUAGES).optional(),
  gender: z.enum(NUTRITIONIST_GENDERS).optional(),
  /** Has a free time that practice day (any service offered in the request's country). */
  day: practiceDay.optional(),
});
export type NutritionistFilterInput = z.output<typeof nutritionistFilterSchema>;

/** GET /nutritionist/{id}/slots?service_id=&from=YYYY-MM-DD&days=7 */
export const slotsQuerySchema = z.object({
  service_id: positiveId,
  from: practiceDay.optional(),
  days: z.coerce.number().int().min(1).max(CONSULTATION_RULES.maxDaysPerAnswer).default(7),
});

/** POST /consultation/hold: held 10 minutes; a new hold replaces the shopper's older one. */
export const consultationHoldSchema = z.object({
  service_id: positiveId,
  starts_at: startsAt,
});

const gatewayChoice = {
  /** The gateway's way (knet, mada, card, apple_pay, stc_pay; tabby/tamara with pay_later). */
  card_method: z.enum(GATEWAY_METHODS_ALL).optional(),
  /** STC Pay's account number (card_method stc_pay). */
  stc_pay_phone: stcPayPhone.optional(),
  /** Take what the wallet holds first (card and pay_later); the rest through the gateway. */
  use_wallet: z.boolean().optional(),
};

const consultationPaymentSchema = z.object({
  method: z.enum(CONSULTATION_PAYMENT_METHODS, { error: 'payment_method_required' }),
  ...gatewayChoice,
  /** The package (consultation_credits.id) a package payment uses. */
  credit_id: positiveId.optional(),
});

/** POST /consultation: book the held time and pay. */
export const consultationBookSchema = z.object({
  /** A fresh random key per booking attempt: retries with it never book twice. */
  idempotency_key: idempotencyKey,
  hold_id: holdId,
  service_id: positiveId,
  intake: intakeSchema,
  consent: z.literal(true, { error: 'consent_required' }),
  consent_version: z.string({ error: 'consent_required' }).min(1, { error: 'consent_required' }).max(40),
  mode: z.enum(CONSULTATION_MODES).default('video'),
  /** The consultation this one follows up. */
  follow_up_of: positiveId.optional(),
  payment: consultationPaymentSchema,
});
export type ConsultationBookInput = z.output<typeof consultationBookSchema>;

/** POST /consultation/package: buy a package of sessions. */
export const consultationPackageBuySchema = z.object({
  package_id: positiveId,
  payment: z.object({
    method: z.enum(PACKAGE_PAYMENT_METHODS, { error: 'payment_method_required' }),
    ...gatewayChoice,
  }),
});
export type ConsultationPackageBuyInput = z.output<typeof consultationPackageBuySchema>;

/** POST /user/consultation/{id}/cancel */
export const consultationCancelSchema = z.object({
  /** Where the refund goes (a card refund only where the gateway supports it; the wallet otherwise). */
  refund_to: z.enum(REFUND_DESTINATIONS).default('wallet'),
});

/** POST /user/consultation/{id}/reschedule: a new hold of the same service replaces the booked time. */
export const consultationRescheduleSchema = z.object({ hold_id: holdId });

/** POST /user/consultation/{id}/mode */
export const consultationModeSchema = z.object({ mode: z.enum(CONSULTATION_MODES, { error: 'mandatory-field' }) });

/** POST /user/consultation/{id}/rating (moderated like product reviews). */
export const consultationRatingSchema = z.object({
  rating: z.coerce
    .number({ error: 'review_rating_required' })
    .int({ error: 'review_rating_required' })
    .min(1, { error: 'review_rating_required' })
    .max(5, { error: 'review_rating_required' }),
  body: z.string().trim().max(2000, { error: 'review_body_too_long' }).default(''),
});

/** {id} path parameter of the consultation routes. */
export const consultationIdParams = z.object({ id: positiveId });
