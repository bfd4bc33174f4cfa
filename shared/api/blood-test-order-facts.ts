// A blood-test booking's fixed choices without their schemas: lines, patient sexes and relations, the
// day's windows, the consent version, the payment methods, and an order's statuses and payment states. No zod: the booking pages read these as
// they render; the schemas (blood-test-order-schemas.ts) load when a form is checked.

export const MAX_BLOOD_TEST_LINES = 20;

export const PATIENT_SEXES = ['female', 'male'] as const;

export const PATIENT_RELATIONS = ['self', 'spouse', 'child', 'parent', 'sibling', 'other'] as const;

/** The collection windows of a day, Gulf local time (Asia/Kuwait and Asia/Riyadh are both UTC+3). */
export const SLOT_WINDOWS = ['07-09', '09-11', '16-18', '18-20'] as const;
export type SlotWindow = (typeof SLOT_WINDOWS)[number];

/** The version of the consent text the checkout shows; the order stores it with the time it was given. */
export const BLOOD_TEST_CONSENT_VERSION = '2026-11-v1';

export const BLOOD_TEST_PAYMENT_METHODS = ['card', 'wallet', 'pay_at_visit'] as const;

/** An order's states (the lab's steps, and the card payment's failures). */
export const BLOOD_TEST_ORDER_STATUSES = [
  'pending_payment',
  'booked',
  'sample_collected',
  'at_lab',
  'results_ready',
  'cancelled',
  'payment_failed',
] as const;

export const BLOOD_TEST_PAYMENT_STATES = ['paid', 'pending', 'failed', 'pay_at_visit', 'refunded'] as const;
