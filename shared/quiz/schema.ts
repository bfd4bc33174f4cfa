// The supplement quiz's content as data (decision 32): one version is one JSON document of
// questions (single or multiple choice, English and Arabic, optional branching), scoring rules
// (an answer → products, categories or nutrients, with a weight and a reason), the ingredients the
// safety table speaks of (a nutrient of sku_nutrients, or words of the product's ingredient list), and
// the safety gates: facts an answer states (pregnant, under 18, takes warfarin …) that remove or caution
// a suggestion containing an ingredient. The API, the back office's editor and the seed all check a
// version with this one schema.
import { z } from '../zod';

export const QUIZ_LIMITS = {
  questions: 8,
  options: 12,
  rules: 200,
  cautions: 100,
  suggestions: 6,
  /** Other products offered for one need when the shopper asks for more. */
  alternatives: 2,
  /** Products one target (a category or a nutrient) brings in, most popular first. */
  productsPerTarget: 3,
  contentBytes: 100_000,
} as const;

/** A key inside the content (question, option, fact, ingredient): lower-case words with hyphens. */
const quizKey = z.string().regex(/^[a-z0-9][a-z0-9-]{0,47}$/, { error: 'quiz_key_invalid' });

const text = (max: number) => z.string().trim().min(1).max(max);
const biText = (max = 300) => z.object({ en: text(max), ar: text(max) }).strict();
export type Bi = { en: string; ar: string };

const quizOptionSchema = z
  .object({
    id: quizKey,
    text: biText(120),
    /** What choosing it says about the shopper, for the safety gates: 'pregnant', 'under-18', 'warfarin' … */
    facts: z.array(quizKey).max(8).optional(),
    /** "None of these": cannot be combined with other options of a multiple-choice question. */
    none: z.literal(true).optional(),
  })
  .strict();

const quizQuestionSchema = z
  .object({
    id: quizKey,
    kind: z.enum(['single', 'multi']),
    text: biText(200),
    help: biText(300).optional(),
    options: z.array(quizOptionSchema).min(2).max(QUIZ_LIMITS.options),
    /** Asked only when an earlier question's answer includes one of these options (else skipped). */
    show_if: z
      .object({ question: quizKey, any_of: z.array(quizKey).min(1).max(QUIZ_LIMITS.options) })
      .strict()
      .optional(),
  })
  .strict();

const quizTargetSchema = z
  .object({ kind: z.enum(['product', 'category', 'nutrient']), key: z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/) })
  .strict();
export type QuizTarget = z.infer<typeof quizTargetSchema>;

const quizRuleSchema = z
  .object({
    question: quizKey,
    option: quizKey,
    targets: z.array(quizTargetSchema).min(1).max(6),
    weight: z.number().int().min(1).max(100),
    /** Why the product fits (spec §3 Product.reason), shown on its card and in the "why this product" modal. */
    reason: biText(300),
    /**
     * When the reason speaks of particular ingredients: only products whose name or ingredient list has
     * one of these words are brought in (so the reason describes every product it is shown on).
     */
    only_terms: z.array(z.string().trim().toLowerCase().min(3).max(60)).min(1).max(12).optional(),
  })
  .strict();

const quizIngredientSchema = z
  .object({
    name: biText(80),
    /** Nutrients of sku_nutrients (e.g. 'iron'): a product with a dose of one contains the ingredient. */
    nutrients: z.array(quizKey).max(8).default([]),
    /** Lower-case words found in the product's English ingredient list ('menaquinone', 'retinol'). */
    terms: z.array(z.string().trim().toLowerCase().min(3).max(60)).max(12).default([]),
  })
  .strict();

const quizCautionSchema = z
  .object({
    id: quizKey,
    /** Applies when the answers state any of these facts. */
    facts: z.array(quizKey).min(1).max(8),
    /** The ingredient it is about, or '*' for every suggestion (e.g. the quiz is for adults). */
    ingredient: z.union([quizKey, z.literal('*')]),
    action: z.enum(['remove', 'caution']),
    text: biText(400),
  })
  .strict();

export const quizContentSchema = z
  .object({
    title: biText(120),
    questions: z.array(quizQuestionSchema).min(1).max(QUIZ_LIMITS.questions),
    rules: z.array(quizRuleSchema).min(1).max(QUIZ_LIMITS.rules),
    ingredients: z.record(quizKey, quizIngredientSchema),
    cautions: z.array(quizCautionSchema).max(QUIZ_LIMITS.cautions),
    /** Products never suggested whose name or ingredients contain one of these (children's formulas). */
    exclude_terms: z.array(z.string().trim().toLowerCase().min(3).max(60)).max(12).optional(),
  })
  .strict()
  .superRefine((content, ctx) => {
    const seen = new Map<string, Set<string>>();
    content.questions.forEach((q, i) => {
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: ['questions', i, 'id'], message: 'quiz_duplicate_id' });
      const options = new Set<string>();
      q.options.forEach((o, j) => {
        if (options.has(o.id))
          ctx.addIssue({ code: 'custom', path: ['questions', i, 'options', j, 'id'], message: 'quiz_duplicate_id' });
        options.add(o.id);
        if (o.none && q.kind === 'single')
          ctx.addIssue({
            code: 'custom',
            path: ['questions', i, 'options', j, 'none'],
            message: 'quiz_none_in_single',
          });
      });
      if (q.show_if) {
        const earlier = seen.get(q.show_if.question);
        if (!earlier)
          ctx.addIssue({
            code: 'custom',
            path: ['questions', i, 'show_if', 'question'],
            message: 'quiz_unknown_question',
          });
        else
          q.show_if.any_of.forEach((o, j) => {
            if (!earlier.has(o))
              ctx.addIssue({
                code: 'custom',
                path: ['questions', i, 'show_if', 'any_of', j],
                message: 'quiz_unknown_option',
              });
          });
      }
      seen.set(q.id, options);
    });
    content.rules.forEach((r, i) => {
      const options = seen.get(r.question);
      if (!options) ctx.addIssue({ code: 'custom', path: ['rules', i, 'question'], message: 'quiz_unknown_question' });
      else if (!options.has(r.option))
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'option'], message: 'quiz_unknown_option' });
    });
    const cautionIds = new Set<string>();
    content.cautions.forEach((c, i) => {
      if (cautionIds.has(c.id))
        ctx.addIssue({ code: 'custom', path: ['cautions', i, 'id'], message: 'quiz_duplicate_id' });
      cautionIds.add(c.id);
      if (c.ingredient !== '*' && !(c.ingredient in content.ingredients))
        ctx.addIssue({ code: 'custom', path: ['cautions', i, 'ingredient'], message: 'quiz_unknown_ingredient' });
    });
  });

export type QuizContent = z.infer<typeof quizContentSchema>;
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** The shopper's answers: question id → the chosen option ids (one for a single-choice question). */
const quizAnswersSchema = z.record(quizKey, z.array(quizKey).min(1).max(QUIZ_LIMITS.options));
export type QuizAnswers = Record<string, string[]>;

export const quizAnswerBodySchema = z.object({
  version_id: z.number({ error: 'validation_mandatory' }).int().min(1).max(Number.MAX_SAFE_INTEGER),
  answers: quizAnswersSchema,
});

/** A version's content from its stored JSON text, or the zod issues that make it unusable. */
export function parseQuizContent(json: string): { ok: true; content: QuizContent } | { ok: false; issues: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    return { ok: false, issues: [`JSON: ${(e as Error).message}`] };
  }
  const parsed = quizContentSchema.safeParse(value);
  if (parsed.success) return { ok: true, content: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`) };
}
