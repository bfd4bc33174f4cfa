// What the quiz's routes answer (decision 68: the routes' `response`, checked against every integration
// test's answer); the types the quiz pages read (../quiz/api.ts) are inferred from these. Texts come in
// the request's language. Card prices are base minor units as on every card; `payable` is the price in
// the shopper's currency (VAT included), minor units of `currency`. A result carries health data (the
// answers): its objects are strict, so a field sent beyond what is described fails the routes' tests.
import { productCardSchema } from '../catalogue/schemas';
import { z } from '../zod';
import { CURRENCY_CODES } from '../countries';

/** GET /quiz/active: the active version's questions, with their branching. */
export const quizActiveViewSchema = z.object({
  version_id: z.int(),
  title: z.string(),
  questions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['single', 'multi']),
      text: z.string(),
      help: z.string().nullable(),
      options: z.array(z.object({ id: z.string(), text: z.string(), none: z.literal(true).optional() })),
      show_if: z.object({ question: z.string(), any_of: z.array(z.string()) }).nullable(),
    }),
  ),
});

const suggestionFields = {
  ...productCardSchema.shape,
  /** Spec §3 Product.reason: why the quiz picked it. */
  reason: z.string(),
  /** The same reason in both languages, for the cart line (it shows it whatever the page's language). */
  reason_texts: z.strictObject({ en: z.string(), ar: z.string() }),
  /** Every reason of the rules that brought it in. */
  reasons: z.array(z.string()),
  /** "Because you said …": the question and the answer, per answer that brought it in. */
  because: z.array(z.strictObject({ question: z.string(), answer: z.string() })),
  /** Safety cautions (medicine timing, interactions, a dose above the upper limit) to read before buying. */
  cautions: z.array(z.string()),
  payable: z.strictObject({ price: z.int(), old_price: z.int().nullable() }),
};

/** Another product for the same need, shown when the shopper asks for more: none of its own. */
const quizAlternativeViewSchema = z.strictObject({ ...suggestionFields, alternatives: z.tuple([]) });

/** A product card the answers brought in, with why. */
export const quizSuggestionViewSchema = z.strictObject({
  ...suggestionFields,
  alternatives: z.array(quizAlternativeViewSchema),
});

const productRefSchema = z.strictObject({ slug: z.string(), name: z.string() });

/** POST /quiz/answer, and GET /quiz/result (null there when the shopper has none). */
export const quizResultViewSchema = z.strictObject({
  version_id: z.int(),
  /** The answers as checked: question id → the options chosen. */
  answers: z.record(z.string(), z.array(z.string())),
  currency: z.enum(CURRENCY_CODES),
  suggestions: z.array(quizSuggestionViewSchema),
  /** Products the answers would have brought in that a safety gate removed, with why. */
  removed: z.array(productRefSchema.extend({ why: z.array(z.string()) })),
  /** Against the shopper's previous result (signed in, after a retake); null when there is none. */
  changes: z.strictObject({ added: z.array(productRefSchema), removed: z.array(productRefSchema) }).nullable(),
  /** When it was stored (signed-in shoppers), else null. */
  created_at: z.int().nullable(),
});
