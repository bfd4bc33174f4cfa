// The quiz's scoring engine (decision 32): pure (no DOM, no Workers globals), deterministic,
// and driven only by a version's content, the answers and a catalogue snapshot, so a stored result can
// be scored again from its version. Steps: check the answers against the version (branching decides
// which questions were asked); add up the weights of the rules the answers match on every product their
// targets bring in; then the safety gates, after scoring: a caution whose facts the answers state
// removes or cautions every suggestion containing its ingredient, with its explanation; then the shop's
// own safety rules (shared/safety), which no version can switch off. One product per need: the others a
// need brought in are its alternatives, shown when the shopper asks for more.
import type { Dose } from '../blood-tests/upper-limits';
import { supplementSafety } from '../safety/supplement-safety';
import { type Bi, QUIZ_LIMITS, type QuizAnswers, type QuizContent, type QuizQuestion, type QuizTarget } from './schema';

/** A product the targets of a version can bring in (the API reads these in one query). */
export interface QuizCatalogueProduct {
  slug: string;
  /** The targets that bring it in, as 'kind:key' ('category:single-vitamins', 'nutrient:iron'). */
  targets: string[];
  /** Nutrients it gives a dose of (sku_nutrients). */
  nutrients: string[];
  /** Its English name and ingredient list, lower-case. */
  ingredients: string;
  /** Order among equals: lower first (the catalogue's popularity order). */
  rank: number;
  /** The daily doses of the size its card shows (sku_nutrients), for the safety rules. */
  doses: Dose[];
}

interface QuizBecause {
  question: Bi;
  answer: Bi;
}

export interface QuizSuggestion {
  slug: string;
  score: number;
  /** Spec §3 Product.reason: the reason of the heaviest rule that brought it in. */
  reason: Bi;
  reasons: Bi[];
  because: QuizBecause[];
  cautions: Bi[];
  /** Other products for the same need (the rule that weighs most for it), best first: shown on request. */
  alternatives: QuizSuggestion[];
}

interface QuizRemoved {
  slug: string;
  why: Bi[];
}

export interface QuizScore {
  suggestions: QuizSuggestion[];
  removed: QuizRemoved[];
  /** The facts the answers state (for the safety gates). */
  facts: string[];
}

export type AnswersCheck = { ok: true; answers: QuizAnswers } | { ok: false; problem: string };

const targetKey = (t: QuizTarget): string => `${t.kind}:${t.key}`;

/** Whether a question is asked, given the answers to the questions before it. */
function isAsked(question: QuizQuestion, answers: QuizAnswers): boolean {
  if (!question.show_if) return true;
  const earlier = answers[question.show_if.question] ?? [];
  return question.show_if.any_of.some((o) => earlier.includes(o));
}

/** The questions asked for these answers, in order (a hidden question's answer does not count). */
export function askedQuestions(content: QuizContent, answers: QuizAnswers): QuizQuestion[] {
  const kept: QuizAnswers = {};
  const asked: QuizQuestion[] = [];
  for (const q of content.questions) {
    if (!isAsked(q, kept)) continue;
    asked.push(q);
    const a = answers[q.id];
    if (a) kept[q.id] = a;
  }
  return asked;
}

/**
 * The answers checked against a version: every asked question answered with its own options (one for a
 * single-choice question, "none" alone), no unknown question; answers to questions the branching skips
 * are dropped. Options come back in the question's order, so equal answers are stored alike.
 */
export function checkAnswers(content: QuizContent, answers: QuizAnswers): AnswersCheck {
  const known = new Set(content.questions.map((q) => q.id));
  for (const id of Object.keys(answers)) if (!known.has(id)) return { ok: false, problem: `unknown question ${id}` };
  const kept: QuizAnswers = {};
  for (const q of content.questions) {
    const given = answers[q.id];
    if (!isAsked(q, kept)) continue;
    if (!given || given.length === 0) return { ok: false, problem: `question ${q.id} not answered` };
    const ids = new Set(given);
    if (ids.size !== given.length) return { ok: false, problem: `question ${q.id}: an option twice` };
    for (const o of ids)
      if (!q.options.some((x) => x.id === o)) return { ok: false, problem: `question ${q.id}: unknown option ${o}` };
    if (q.kind === 'single' && ids.size > 1) return { ok: false, problem: `question ${q.id}: one option only` };
    if (ids.size > 1 && q.options.some((x) => x.none && ids.has(x.id)))
      return { ok: false, problem: `question ${q.id}: "none" with other options` };
    kept[q.id] = q.options.filter((x) => ids.has(x.id)).map((x) => x.id);
  }
  return { ok: true, answers: kept };
}

/** The facts the (checked) answers state. */
function factsOf(content: QuizContent, answers: QuizAnswers): string[] {
  const facts = new Set<string>();
  for (const q of content.questions)
    for (const o of q.options) if ((answers[q.id] ?? []).includes(o.id)) for (const f of o.facts ?? []) facts.add(f);
  return [...facts].sort();
}

/** Every target a version's rules name (what the API asks the catalogue for). */
export function contentTargets(content: QuizContent): QuizTarget[] {
  const seen = new Map<string, QuizTarget>();
  for (const r of content.rules) for (const t of r.targets) seen.set(targetKey(t), t);
  return [...seen.keys()].sort().map((k) => seen.get(k)!);
}

function containsIngredient(content: QuizContent, key: string, p: QuizSafetyProduct): boolean {
  if (key === '*') return true;
  const ing = content.ingredients[key];
  if (!ing) return false;
  return ing.nutrients.some((n) => p.nutrients.includes(n)) || ing.terms.some((t) => p.ingredients.includes(t));
}

interface Tally {
  product: QuizCatalogueProduct;
  score: number;
  best: { weight: number; reason: Bi; need: number } | null;
  reasons: Bi[];
  because: QuizBecause[];
}

/** The version's cautions her facts raise for a product, and why it is removed (empty: it stays). */
function removal(content: QuizContent, facts: readonly string[], product: QuizSafetyProduct) {
  const gates = content.cautions.filter(
    (c) => c.facts.some((f) => facts.includes(f)) && containsIngredient(content, c.ingredient, product),
  );
  // The version's own reason when it removes a product; else the shop's rules may.
  const removing = gates.filter((c) => c.action === 'remove').map((c) => c.text);
  const safety = supplementSafety(product, facts);
  return { gates, safety, why: removing.length ? removing : safety.remove };
}

/** What the quiz's gates read of a product. */
export type QuizSafetyProduct = Pick<QuizCatalogueProduct, 'nutrients' | 'ingredients' | 'doses'>;

/**
 * Whether her stored answers would stop the quiz suggesting this product (issue 64): the shop's other
 * suggestions (bought together, her home page) ask the same gates, so what the quiz would never suggest
 * to her, nothing else suggests either.
 */
export function quizStops(content: QuizContent, answers: QuizAnswers, product: QuizSafetyProduct): boolean {
  return removal(content, factsOf(content, answers), product).why.length > 0;
}

/**
 * Scores checked answers (see checkAnswers) against a catalogue snapshot. Ties go to the lower rank,
 * then the slug, so the same inputs always give the same list.
 */
export function score(content: QuizContent, answers: QuizAnswers, catalogue: QuizCatalogueProduct[]): QuizScore {
  const byTarget = new Map<string, QuizCatalogueProduct[]>();
  const excluded = content.exclude_terms ?? [];
  const eligible = catalogue.filter((p) => !excluded.some((t) => p.ingredients.includes(t)));
  for (const p of eligible.sort((a, b) => a.rank - b.rank || cmp(a.slug, b.slug)))
    for (const t of p.targets) byTarget.set(t, [...(byTarget.get(t) ?? []), p]);
  const questions = new Map(content.questions.map((q) => [q.id, q]));
  const asked = new Set(askedQuestions(content, answers).map((q) => q.id));
  const tallies = new Map<string, Tally>();

  for (const [need, rule] of content.rules.entries()) {
    if (!asked.has(rule.question) || !(answers[rule.question] ?? []).includes(rule.option)) continue;
    const question = questions.get(rule.question)!;
    const option = question.options.find((o) => o.id === rule.option)!;
    const products = new Map<string, QuizCatalogueProduct>();
    // A rule whose reason speaks of particular ingredients brings in only products that have one.
    for (const t of rule.targets)
      for (const p of byTarget.get(targetKey(t)) ?? [])
        if (!rule.only_terms || rule.only_terms.some((term) => p.ingredients.includes(term))) products.set(p.slug, p);
    for (const p of products.values()) {
      let t = tallies.get(p.slug);
      if (!t) {
        t = { product: p, score: 0, best: null, reasons: [], because: [] };
        tallies.set(p.slug, t);
      }
      t.score += rule.weight;
      if (!t.best || rule.weight > t.best.weight) t.best = { weight: rule.weight, reason: rule.reason, need };
      if (!t.reasons.some((r) => r.en === rule.reason.en)) t.reasons.push(rule.reason);
      if (!t.because.some((b) => b.question.en === question.text.en && b.answer.en === option.text.en))
        t.because.push({ question: question.text, answer: option.text });
    }
  }

  const facts = factsOf(content, answers);
  const ranked = [...tallies.values()].sort(
    (a, b) => b.score - a.score || a.product.rank - b.product.rank || cmp(a.product.slug, b.product.slug),
  );
  const suggestions: QuizSuggestion[] = [];
  const byNeed = new Map<number, QuizSuggestion>();
  const removed: QuizRemoved[] = [];
  for (const t of ranked) {
    const { gates, safety, why } = removal(content, facts, t.product);
    if (why.length) {
      if (removed.length < QUIZ_LIMITS.suggestions * 2) removed.push({ slug: t.product.slug, why });
      continue;
    }
    const need = t.best!.need;
    const first = byNeed.get(need);
    if (!first && suggestions.length >= QUIZ_LIMITS.suggestions) continue;
    if (first && first.alternatives.length >= QUIZ_LIMITS.alternatives) continue;
    const suggestion: QuizSuggestion = {
      slug: t.product.slug,
      score: t.score,
      reason: t.best!.reason,
      reasons: t.reasons,
      because: t.because,
      cautions: [...gates.map((c) => c.text), ...safety.cautions],
      alternatives: [],
    };
    if (first) first.alternatives.push(suggestion);
    else {
      byNeed.set(need, suggestion);
      suggestions.push(suggestion);
    }
  }
  return { suggestions, removed, facts };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
