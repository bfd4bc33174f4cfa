// The booking page's intake form as the shopper fills it, checked with the one schema the API checks
// it with (shared/consultations/intake.ts): each problem's message key goes beside its field.
import {
  type Intake,
  INTAKE_LIMITS,
  intakeSchema,
  type MedicineClass,
  type PregnancyState,
} from '#shared/consultations/intake';

export interface IntakeDraft {
  goal: string;
  conditions: string;
  medicines: Array<{ class: MedicineClass | ''; name: string }>;
  pregnancy: PregnancyState;
  allergies: string;
  share: { uploads: number[]; orders: number[] };
}

export type IntakeField = 'goal' | 'conditions' | 'allergies' | 'medicines';

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

/** The draft as sent: medicine rows left blank (no kind, no name) are dropped. */
function intakeInput(d: IntakeDraft) {
  return {
    ...d,
    medicines: d.medicines.filter((m) => m.class !== '' || m.name.trim() !== ''),
  };
}

/** The intake checked by the shared schema: the value to send, or the message key of each field's problem. */
export function checkIntake(
  d: IntakeDraft,
): { ok: true; intake: Intake } | { ok: false; problems: Partial<Record<IntakeField, string>> } {
  const parsed = intakeSchema.safeParse(intakeInput(d));
  if (parsed.success) return { ok: true, intake: parsed.data };
  const problems: Partial<Record<IntakeField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'goal' || field === 'conditions' || field === 'allergies' || field === 'medicines')
      problems[field] ??= issue.message;
  }
  return { ok: false, problems };
}

export { INTAKE_LIMITS };
