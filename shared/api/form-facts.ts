// The forms' facts without their schemas: field length limits, the message keys, the choices of the
// contact and supplier forms, and how a list of problems becomes one message per field. No zod here:
// the browser loads this with every form, and the schemas (forms.ts and the others) only when a form
// validates.
import { COUNTRY_CODES } from '../locale';

export const CONTACT_SUBJECTS = ['order', 'product', 'blood_test', 'returns', 'partnership', 'other'] as const;

/** The shop's countries, or another one. */
export const SUPPLIER_COUNTRIES = [...COUNTRY_CODES, 'other'] as const;
export type SupplierCountry = (typeof SUPPLIER_COUNTRIES)[number];

export const SUPPLIER_CATEGORIES = [
  'vitamins',
  'minerals',
  'sports',
  'herbal',
  'beauty',
  'kids',
  'weight',
  'devices',
] as const;

/** Length limits per field name (both forms use the same names for the same things). */
export const FIELD_LENGTHS = {
  name: { min: 2, max: 80 },
  contact_name: { min: 2, max: 80 },
  company_name: { min: 2, max: 120 },
  email: { min: 1, max: 254 },
  phone: { min: 7, max: 20 },
  website: { min: 1, max: 200 },
  message: { min: 10, max: 2000 },
} as const;

/** The first message per top-level field (later issues for the same field are dropped). */
export function firstProblems(
  problems: Iterable<{ path?: readonly PropertyKey[]; field?: string; message: string }>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of problems) {
    const field = p.field !== undefined ? p.field.split('.')[0]! : String(p.path?.[0] ?? '');
    if (field && !(field in out)) out[field] = p.message;
  }
  return out;
}
