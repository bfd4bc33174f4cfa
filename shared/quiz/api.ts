// The quiz's API shapes (spec §7 /quiz/active, /quiz/answer; §3 Product.reason), inferred from the
// routes' response schemas (../api/quiz-responses.ts: one declaration, decision 68). Texts come in the
// request's language. Card prices are base minor units as on every card; `payable` is the price in the
// shopper's currency (VAT included), minor units of `currency`.
import type { z } from '../zod';
import type { quizActiveViewSchema, quizResultViewSchema, quizSuggestionViewSchema } from '../api/quiz-responses';

export type QuizActiveView = z.infer<typeof quizActiveViewSchema>;
export type QuizQuestionView = QuizActiveView['questions'][number];
export type QuizSuggestionView = z.infer<typeof quizSuggestionViewSchema>;
export type QuizResultView = z.infer<typeof quizResultViewSchema>;
export type QuizProductRef = NonNullable<QuizResultView['changes']>['added'][number];
