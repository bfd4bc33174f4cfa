// A guest's quiz answers stay on the device: the version they answered and their answers,
// in localStorage, so the result page can ask the server to score them again (the server keeps nothing
// for guests). Signed-in shoppers' results are stored with their account instead, so theirs are removed.
import type { QuizProductRef, QuizResultView } from '#shared/quiz/api';
import { changesBetween } from '#shared/quiz/changes';
import type { QuizAnswers } from '#shared/quiz/schema';

const QUIZ_STORAGE_KEY = 'quiz_answers';

export interface DeviceAnswers {
  version_id: number;
  answers: QuizAnswers;
  /** The suggestions shown for these answers, and those shown before the last retake: what changed. */
  shown?: QuizProductRef[];
  before?: QuizProductRef[];
}

export function readDeviceAnswers(): DeviceAnswers | null {
  try {
    const raw = localStorage.getItem(QUIZ_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as DeviceAnswers;
    if (!Number.isInteger(value?.version_id) || typeof value.answers !== 'object' || !value.answers) return null;
    return value;
  } catch {
    return null;
  }
}

export function saveDeviceAnswers(value: DeviceAnswers | null): void {
  try {
    if (value) localStorage.setItem(QUIZ_STORAGE_KEY, JSON.stringify(value));
    else localStorage.removeItem(QUIZ_STORAGE_KEY);
  } catch {
    // Storage full or blocked: the result page then asks again.
  }
}

/** A guest's new answers: what they were shown for the old ones becomes "before", for the changes. */
export function saveNewDeviceAnswers(version_id: number, answers: QuizAnswers): void {
  const old = readDeviceAnswers();
  const before = old?.shown ?? old?.before;
  saveDeviceAnswers({ version_id, answers, ...(before ? { before } : {}) });
}

/** Remembers what a guest was shown, and says what changed against before the retake. */
export function deviceChanges(kept: DeviceAnswers, result: QuizResultView): QuizResultView['changes'] {
  const shown = result.suggestions.map((s) => ({ slug: s.slug, name: s.name }));
  saveDeviceAnswers({ ...kept, shown });
  if (!kept.before) return null;
  const all = new Map([...kept.before, ...shown].map((p) => [p.slug, p]));
  const diff = changesBetween(
    kept.before.map((p) => p.slug),
    shown.map((p) => p.slug),
  );
  return { added: diff.added.map((s) => all.get(s)!), removed: diff.removed.map((s) => all.get(s)!) };
}
