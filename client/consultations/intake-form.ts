// The booking page's intake form as the shopper fills it, and what is sent: the medicines she lists
// (a class from MEDICINE_CLASSES and a name), blank rows dropped, texts trimmed. The API checks the
// same shape with the shared schema (shared/consultations).
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
export type Pregnancy = 'none' | 'pregnant' | 'breastfeeding';

export interface IntakeDraft {
  goal: string;
  conditions: string;
  medicines: Array<{ class: MedicineClass | ''; name: string }>;
  pregnancy: Pregnancy;
  allergies: string;
  share: { uploads: number[]; orders: number[] };
}

export interface Intake {
  goal: string;
  conditions: string;
  medicines: Array<{ class: MedicineClass; name: string }>;
  pregnancy: Pregnancy;
  allergies: string;
  share: { uploads: number[]; orders: number[] };
}

export const GOAL_MAX = 1000;
export const TEXT_MAX = 1000;
export const MEDICINES_MAX = 20;

export function emptyIntake(): IntakeDraft {
  return {
    goal: '',
    conditions: '',
    medicines: [],
    pregnancy: 'none',
    allergies: '',
    share: { uploads: [], orders: [] },
  };
}

export type IntakeProblem = 'consult_goal_required' | 'consult_medicine_class_required' | 'consult_text_too_long';

/** What is wrong with the draft, field by field (the form shows each beside its field). */
export function intakeProblems(
  d: IntakeDraft,
): Partial<Record<'goal' | 'conditions' | 'allergies' | 'medicines', IntakeProblem>> {
  const problems: Partial<Record<'goal' | 'conditions' | 'allergies' | 'medicines', IntakeProblem>> = {};
  if (!d.goal.trim()) problems.goal = 'consult_goal_required';
  else if (d.goal.length > GOAL_MAX) problems.goal = 'consult_text_too_long';
  if (d.conditions.length > TEXT_MAX) problems.conditions = 'consult_text_too_long';
  if (d.allergies.length > TEXT_MAX) problems.allergies = 'consult_text_too_long';
  if (d.medicines.some((m) => m.name.trim() && !m.class)) problems.medicines = 'consult_medicine_class_required';
  return problems;
}

/** The intake as sent: trimmed texts, medicines without a name or class left out. */
export function intakeToSend(d: IntakeDraft): Intake {
  return {
    goal: d.goal.trim(),
    conditions: d.conditions.trim(),
    medicines: d.medicines
      .filter(
        (m): m is { class: MedicineClass; name: string } =>
          m.class !== '' && (m.name.trim() !== '' || m.class !== 'other'),
      )
      .map((m) => ({ class: m.class, name: m.name.trim() }))
      .slice(0, MEDICINES_MAX),
    pregnancy: d.pregnancy,
    allergies: d.allergies.trim(),
    share: { uploads: [...d.share.uploads], orders: [...d.share.orders] },
  };
}
