// The new family member's form state, checked as it is typed with the API's own schema
// (shared/api/blood-test-order-schemas.ts): the same rules, the same message keys on both sides. The
// schema loads after the page is interactive (loadPatientSchema); until then no field is wrong yet
// and the patient is not ready to be sent.
import type { patientSchema as PatientSchema } from '#shared/api/blood-test-order-schemas';
import { cleanNationalId, nationalIdLength, validateNationalId } from '#shared/blood-tests/national-id';
import type { CountryCode } from '#shared/locale';
import type { NewPatientDraft } from './booking-store';

type PatientField = keyof NewPatientDraft;
export type PatientErrors = Partial<Record<PatientField, string>>;

let patientSchema: typeof PatientSchema | null = null;

/** Loads the schema once; the page renders again when it is there. */
export function loadPatientSchema(): Promise<void> {
  return import('#shared/api/blood-test-order-schemas').then((m) => {
    patientSchema = m.patientSchema;
  });
}

/** Whether the schema is there: a patient can be judged ready only then. */
export const patientSchemaLoaded = () => patientSchema !== null;

/** Every field's problem (a message key), or an empty object when the patient can be sent (or the schema is not there yet). */
export function patientErrors(draft: NewPatientDraft, country: CountryCode): PatientErrors {
  if (!patientSchema) return {};
  const parsed = patientSchema.safeParse({ ...draft, country });
  const errors: PatientErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PatientField;
    if (field in draft && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The national id's state while it is typed: nothing to say while fewer digits than the country's
 * length are there (a half-typed number is not wrong yet), then right or its problem.
 */
export function nationalIdState(
  text: string,
  country: CountryCode,
  dateOfBirth: string,
): { state: 'typing' } | { state: 'ok' } | { state: 'error'; key: string } {
  const digits = cleanNationalId(text);
  if (/^\d*$/.test(digits) && digits.length < nationalIdLength(country)) return { state: 'typing' };
  const r = validateNationalId(country, text, /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) ? dateOfBirth : undefined);
  return r.ok ? { state: 'ok' } : { state: 'error', key: r.error };
}
