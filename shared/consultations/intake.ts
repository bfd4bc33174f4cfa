// The intake form a shopper fills when she books: her goal, conditions, medicines (by class, so the
// nutritionist's safety rules can read them), pregnancy or breastfeeding, allergies, and which of her
// blood-test results she shares. Sealed at rest (api/src/consultations/seal.ts); only `pregnancy` and
// the shared ids are kept beside the sealed text, for the safety rules and the nutritionist's page.
import { z } from '../zod';

/**
 * The medicine classes the safety rules know interactions for (shared/safety); `other` for anything
 * else, named in `name`.
 */
export const MEDICINE_CLASSES = [
  'anticoagulant',
  'antiplatelet',
  'thyroid_hormone',
  'quinolone_or_tetracycline_antibiotic',
  'ssri_or_snri',
  'oral_contraceptive',
  'ace_inhibitor_or_arb',
  'potassium_sparing_diuretic',
  'diabetes_medicine',
  'statin',
  'immunosuppressant',
  'other',
] as const;
export type MedicineClass = (typeof MEDICINE_CLASSES)[number];

export const PREGNANCY_STATES = ['none', 'pregnant', 'breastfeeding'] as const;
export type PregnancyState = (typeof PREGNANCY_STATES)[number];

export const INTAKE_LIMITS = {
  goal: 1000,
  conditions: 1000,
  allergies: 500,
  medicineName: 80,
  medicines: 20,
  shared: 20,
} as const;

const text = (max: number) => z.string().trim().max(max, { error: 'intake_text_too_long' });
const id = z.coerce.number({ error: 'item_validation_error' }).int().positive({ error: 'item_validation_error' });
const ids = z
  .array(id)
  .max(INTAKE_LIMITS.shared, { error: 'item_validation_error' })
  .transform((v) => [...new Set(v)]);

const medicineSchema = z.object({
  class: z.enum(MEDICINE_CLASSES, { error: 'intake_medicine_class_invalid' }),
  name: text(INTAKE_LIMITS.medicineName).default(''),
});

export const intakeSchema = z.object({
  goal: z
    .string({ error: 'intake_goal_required' })
    .trim()
    .min(1, { error: 'intake_goal_required' })
    .max(INTAKE_LIMITS.goal, { error: 'intake_text_too_long' }),
  conditions: text(INTAKE_LIMITS.conditions).default(''),
  medicines: z.array(medicineSchema).max(INTAKE_LIMITS.medicines, { error: 'item_validation_error' }).default([]),
  pregnancy: z.enum(PREGNANCY_STATES, { error: 'mandatory-field' }).default('none'),
  allergies: text(INTAKE_LIMITS.allergies).default(''),
  /** Her uploaded results (blood_test_uploads.id) and blood-test orders (blood_test_orders.id) she shares. */
  share: z.object({ uploads: ids.default([]), orders: ids.default([]) }).default({ uploads: [], orders: [] }),
});
export type Intake = z.output<typeof intakeSchema>;
