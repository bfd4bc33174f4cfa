// The quiz's question flow on the page: which questions are asked given the answers so far
// (branching, as the engine decides it: shared/quiz/engine.ts), and choosing options.
import type { QuizQuestionView } from '#shared/quiz/api';
import type { QuizAnswers } from '#shared/quiz/schema';

/** The questions asked for these answers, in order: a question whose condition is unmet is skipped. */
export function askedViews(questions: readonly QuizQuestionView[], answers: QuizAnswers): QuizQuestionView[] {
  const asked: QuizQuestionView[] = [];
  const kept: QuizAnswers = {};
  for (const q of questions) {
    if (q.show_if) {
      const earlier = kept[q.show_if.question] ?? [];
      if (!q.show_if.any_of.some((o) => earlier.includes(o))) continue;
    }
    asked.push(q);
    const a = answers[q.id];
    if (a) kept[q.id] = a;
  }
  return asked;
}

/** Only the answers of asked questions (an answer left behind by a changed branch is dropped). */
export function keptAnswers(questions: readonly QuizQuestionView[], answers: QuizAnswers): QuizAnswers {
  const kept: QuizAnswers = {};
  for (const q of askedViews(questions, answers)) if (answers[q.id]?.length) kept[q.id] = answers[q.id]!;
  return kept;
}

/** The options after ticking or unticking one: single choice replaces; "none" stands alone. */
export function choose(q: QuizQuestionView, current: readonly string[], option: string, on: boolean): string[] {
  if (q.kind === 'single') return [option];
  const none = new Set(q.options.filter((o) => o.none).map((o) => o.id));
  if (!on) return current.filter((o) => o !== option);
  if (none.has(option)) return [option];
  const next = current.filter((o) => !none.has(o) && o !== option);
  return q.options.map((o) => o.id).filter((id) => id === option || next.includes(id));
}
