// The back office's E-invoicing page (issue 75, decision 75): the seller's legal data the Saudi
// e-invoices carry, the onboarding steps' inputs (the EGS unit's name, the Fatoora portal's one-time
// code) and the page's view. Shared by the staff app's forms and the API's contracts.
import { z } from '../zod';
import { normalizeDigits } from '../text/digits';

const digits = (v: unknown) => (typeof v === 'string' ? normalizeDigits(v).replace(/\s+/g, '') : v);
const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'mandatory-field' })
      .min(1, { error: 'mandatory-field' })
      .max(max, { error: 'e_invoicing_text_too_long' }),
  );
const digitsOf = (
  pattern: RegExp,
  error:
    | 'e_invoicing_vat_format'
    | 'e_invoicing_cr_format'
    | 'e_invoicing_building_format'
    | 'e_invoicing_postal_code_format',
) =>
  z.preprocess(
    digits,
    z.string({ error: 'mandatory-field' }).min(1, { error: 'mandatory-field' }).regex(pattern, { error }),
  );

/**
 * The seller as the documents name it. The VAT number is ZATCA's format (BR-KSA-39: 15 digits, first
 * and last 3); the commercial registration 10 digits; the National Address' building number 4 digits
 * (BR-KSA-37) and postal code 5 (BR-KSA-66). Branch and business category go in the CSR only.
 */
export const eInvoiceSellerSchema = z.object({
  name_ar: text(200),
  vat_number: digitsOf(/^3\d{13}3$/, 'e_invoicing_vat_format'),
  cr_number: digitsOf(/^\d{10}$/, 'e_invoicing_cr_format'),
  street: text(200),
  building: digitsOf(/^\d{4}$/, 'e_invoicing_building_format'),
  district: text(200),
  city: text(100),
  postal_code: digitsOf(/^\d{5}$/, 'e_invoicing_postal_code_format'),
  branch: text(100),
  business_category: text(100),
});
export type EInvoiceSeller = z.output<typeof eInvoiceSellerSchema>;
export type EInvoiceSellerField = keyof EInvoiceSeller;

/** The key pair step: the EGS unit's name (the CSR's common name and the chain's name). */
export const eInvoiceKeysSchema = z.object({
  unit: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'mandatory-field' })
      .min(1, { error: 'mandatory-field' })
      .max(64, { error: 'e_invoicing_text_too_long' })
      // The unit's name is the chain's Durable Object name and travels in headers: no control characters.
      .regex(/^[^\p{Cc}|]+$/u, { error: 'e_invoicing_unit_format' }),
  ),
});

/** The one-time code the owner copies from the Fatoora portal: digits (Arabic digits are read as such); ZATCA judges it. */
export const eInvoiceOtpSchema = z.object({
  otp: z.preprocess(
    digits,
    z
      .string({ error: 'mandatory-field' })
      .min(1, { error: 'mandatory-field' })
      .regex(/^\d{1,10}$/, {
        error: 'e_invoicing_otp_format',
      }),
  ),
});

/** One of ZATCA's messages as the page shows it: its code and its words (in the language asked for). */
const zatcaMessageSchema = z.object({ type: z.string(), code: z.string(), message: z.string() });

const E_INVOICING_STEPS = ['keys', 'compliance-csid', 'compliance-checks', 'production-csid', 'renewal'] as const;
export type EInvoicingStep = (typeof E_INVOICING_STEPS)[number];

/** What the last step did: done, ZATCA refused it (its messages), or ZATCA could not be reached (try again). */
const lastStepSchema = z.object({
  step: z.enum(E_INVOICING_STEPS),
  outcome: z.enum(['done', 'refused', 'unavailable']),
  messages: z.array(zatcaMessageSchema),
  at: z.number(),
});
export type EInvoicingLastStep = z.output<typeof lastStepSchema>;

export const SAMPLE_KINDS = ['invoice', 'credit-note', 'debit-note'] as const;

const stampViewSchema = z.object({
  id: z.number(),
  unit: z.string(),
  state: z.enum(['keys', 'compliance', 'checked', 'active']),
  environment: z.string(),
  csr: z.string(),
  checks: z.array(z.object({ kind: z.enum(SAMPLE_KINDS), status: z.string() })),
  not_before: z.number().nullable(),
  not_after: z.number().nullable(),
  last_step: lastStepSchema.nullable(),
});
export type EInvoiceStampView = z.output<typeof stampViewSchema>;

export const eInvoicingViewSchema = z.object({
  /** ZATCA_ENVIRONMENT: local (the shop's stand-in), sandbox, simulation or production. */
  environment: z.enum(['local', 'sandbox', 'simulation', 'production']),
  seller: eInvoiceSellerSchema.nullable(),
  /** The stamp that signs and reports now in this environment. */
  active: stampViewSchema.nullable(),
  /** An onboarding or renewal under way (not yet active). */
  pending: stampViewSchema.nullable(),
  /** Whole days until the active certificate expires when within the warning window, else null. */
  renew_within_days: z.number().nullable(),
});
export type EInvoicingView = z.output<typeof eInvoicingViewSchema>;
