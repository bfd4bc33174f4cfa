// The quiz's API shapes (spec §7 /quiz/active, /quiz/answer; §3 Product.reason). Texts come
// in the request's language. Card prices are base minor units as on every card; `payable` is the price
// in the shopper's currency (VAT included), minor units of `currency`.
import type { CurrencyCode } from '../locale';
import type { ProductCard } from '../catalogue/types';
import type { QuizAnswers } from './schema';

interface QuizOptionView {
  id: string;
  text: string;
  none?: true;
}

export interface QuizQuestionView {
  id: string;
  kind: 'single' | 'multi';
  text: string;
  help: string | null;
  options: QuizOptionView[];
  show_if: { question: string; any_of: string[] } | null;
}

export interface QuizActiveView {
  version_id: number;
  title: string;
  questions: QuizQuestionView[];
}

export interface QuizSuggestionView extends ProductCard {
  /** Spec §3 Product.reason: why the quiz picked it. */
  reason: string;
  /** The same reason in both languages, for the cart line (it shows it whatever the page's language). */
  reason_texts: { en: string; ar: string };
  /** Every reason of the rules that brought it in. */
  reasons: string[];
  /** "Because you said …": the question and the answer, per answer that brought it in. */
  because: Array<{ question: string; answer: string }>;
  /** Safety cautions (medicine timing, interactions, a dose above the upper limit) to read before buying. */
  cautions: string[];
  payable: { price: number; old_price: number | null };
  /** Other products for the same need, shown when the shopper asks for more (none of their own). */
  alternatives: QuizSuggestionView[];
}

export interface QuizProductRef {
  slug: string;
  name: string;
}

export interface QuizResultView {
  version_id: number;
  answers: QuizAnswers;
  currency: CurrencyCode;
  suggestions: QuizSuggestionView[];
  /** Products the answers would have brought in that a safety gate removed, with why. */
  removed: Array<QuizProductRef & { why: string[] }>;
  /** Against the shopper's previous result (signed in, after a retake); null when there is none. */
  changes: { added: QuizProductRef[]; removed: QuizProductRef[] } | null;
  /** When it was stored (signed-in shoppers), else null. */
  created_at: number | null;
}
