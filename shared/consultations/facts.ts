// A consultation's fixed choices without their schemas: the kinds of service, the modes, the ways to
// pay, the outcomes a nutritionist or the shop marks, the consent version. No zod: the booking pages
// read these as they render; the schemas (schemas.ts, intake.ts) load when a form is checked.

const SERVICE_KINDS = ['first_call', 'full', 'follow_up'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

/** Video with a chat beside it, or chat alone. */
export const CONSULTATION_MODES = ['video', 'chat'] as const;
export type ConsultationMode = (typeof CONSULTATION_MODES)[number];

export const CONSULTATION_STATUSES = [
  'pending_payment',
  'booked',
  'completed',
  'cancelled',
  'no_show',
  'payment_failed',
] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

/** wallet: the whole price from the wallet; card (and pay_later) through the gateway, the wallet first when asked. */
export const CONSULTATION_PAYMENT_METHODS = ['wallet', 'card', 'package', 'pay_later'] as const;
export type ConsultationPaymentMethod = (typeof CONSULTATION_PAYMENT_METHODS)[number];

/** How a package is bought: any way but a package. */
export const PACKAGE_PAYMENT_METHODS = ['wallet', 'card', 'pay_later'] as const;

const CONSULTATION_PAYMENT_STATES = ['pending', 'paid', 'failed', 'refunded', 'partly_refunded', 'package'] as const;
export type ConsultationPaymentState = (typeof CONSULTATION_PAYMENT_STATES)[number];

/** What happened at the time; the refund rules (rules.ts outcomeRefund) follow it. */
export const CONSULTATION_OUTCOMES = [
  'held',
  'shopper_late',
  'shopper_no_show',
  'nutritionist_no_show',
  'call_failed',
] as const;
export type ConsultationOutcome = (typeof CONSULTATION_OUTCOMES)[number];

/** Where a refund goes: the shopper's wallet, or back to the card through the gateway's refund. */
export const REFUND_DESTINATIONS = ['wallet', 'card'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

export const NUTRITIONIST_GENDERS = ['female', 'male'] as const;
export type NutritionistGender = (typeof NUTRITIONIST_GENDERS)[number];

/** The languages a nutritionist may speak (ISO 639-1), as nutritionists.languages lists them. */
export const CONSULTATION_LANGUAGES = ['ar', 'en', 'fr', 'hi', 'ur', 'tl'] as const;

/** The version of the consent text the booking page shows; the intake stores it with the time it was given. */
export const CONSULTATION_CONSENT_VERSION = '2026-11-v1';

/** How many days from today the nutritionist list's "free on" filter looks for free times. */
export const OFFER_FILTER_DAYS = 14;
