// zod schemas of the contact and become-a-supplier forms, shared by the API (POST /misc/contact,
// POST /misc/become-supplier) and the client forms. Issue messages are dictionary keys, so the API's
// field list and the client's own validation speak the same language:
//   'mandatory-field'            {{field}} is required
//   'item_validation_error'      Please enter a valid {{field}}
//   'min_chars_validation_error' / 'max_chars_validation_error'  {{length}} from FIELD_LENGTHS
//   'form_categories_required'   choose at least one category
// zod through shared/zod (JIT off: the storefront's CSP forbids eval). These schemas are the only
// zod in the browser, in the two form pages' chunks.
import { normalizeDigits } from '../text/digits';
import { z } from '../zod';

import { CONTACT_SUBJECTS, FIELD_LENGTHS, SUPPLIER_CATEGORIES, SUPPLIER_COUNTRIES } from './form-facts';

export { firstProblems } from './form-facts';

const PHONE = /^\+?\d[\d ]*\d$/;

/** A required text: trimmed, empty → mandatory, then its length limits. */
function text(limits: { min: number; max: number }) {
  return z
    .string({ error: 'mandatory-field' })
    .trim()
    .min(1, { error: 'mandatory-field', abort: true })
    .min(limits.min, { error: 'min_chars_validation_error', abort: true })
    .max(limits.max, { error: 'max_chars_validation_error' });
}

const email = z
  .string({ error: 'mandatory-field' })
  .trim()
  .min(1, { error: 'mandatory-field', abort: true })
  .max(FIELD_LENGTHS.email.max, { error: 'item_validation_error', abort: true })
  .pipe(z.email({ error: 'item_validation_error' }));

/** Digits (Arabic-Indic and Persian ones too, stored as Latin), spaces and a leading +, 7–20 characters. */
const phoneText = z
  .string({ error: 'item_validation_error' })
  .overwrite(normalizeDigits)
  .trim()
  .refine((v) => v.length >= FIELD_LENGTHS.phone.min && v.length <= FIELD_LENGTHS.phone.max && PHONE.test(v), {
    error: 'item_validation_error',
  });

/** Optional: an empty value (or none) is no phone. */
const optionalPhone = z
  .string({ error: 'item_validation_error' })
  .overwrite(normalizeDigits)
  .trim()
  .refine((v) => v === '' || phoneText.safeParse(v).success, { error: 'item_validation_error' })
  .optional()
  .transform((v) => (v ? v : undefined));

/** An http(s) address; a bare "example.com" gets https:// in front. */
const optionalWebsite = z
  .string({ error: 'item_validation_error' })
  .trim()
  .max(FIELD_LENGTHS.website.max, { error: 'max_chars_validation_error', abort: true })
  .refine((v) => v === '' || normalizeWebsite(v) !== null, { error: 'item_validation_error' })
  .optional()
  .transform((v) => (v ? (normalizeWebsite(v) ?? undefined) : undefined));

function normalizeWebsite(value: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!/^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** A choice from a list: nothing chosen → mandatory, anything else unknown → invalid. */
function choice<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined || issue.input === '' ? 'mandatory-field' : 'item_validation_error'),
  });
}

export const contactSchema = z.object({
  name: text(FIELD_LENGTHS.name),
  email,
  phone: optionalPhone,
  subject: choice(CONTACT_SUBJECTS),
  message: text(FIELD_LENGTHS.message),
});

export const supplierSchema = z.object({
  company_name: text(FIELD_LENGTHS.company_name),
  contact_name: text(FIELD_LENGTHS.contact_name),
  email,
  phone: z
    .string({ error: 'mandatory-field' })
    .trim()
    .min(1, { error: 'mandatory-field', abort: true })
    .pipe(phoneText),
  country: choice(SUPPLIER_COUNTRIES),
  website: optionalWebsite,
  categories: z
    .array(z.enum(SUPPLIER_CATEGORIES, { error: 'item_validation_error' }), { error: 'form_categories_required' })
    .min(1, { error: 'form_categories_required' })
    .max(SUPPLIER_CATEGORIES.length, { error: 'item_validation_error' })
    .refine((list) => new Set(list).size === list.length, { error: 'item_validation_error' }),
  message: text(FIELD_LENGTHS.message),
});
