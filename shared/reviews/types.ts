// The shapes of reviews, questions and answers as the API sends them (prices nowhere: no money here).
import type { Lang } from '../locale';
import type { ReviewSort, TextStatus } from './rules';
import type { TextFlag } from './text-rules';

/** A review photo's renditions, as an <img> takes them. */
export interface ReviewPhoto {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

export interface RatingSummary {
  /** One decimal; null with no rating. */
  average: number | null;
  count: number;
  /** Shown reviews per star, 1 to 5. */
  stars: [number, number, number, number, number];
  /** Shown reviews per language. */
  langs: Record<Lang, number>;
}

export interface ReviewView {
  id: number;
  rating: number;
  title: string;
  body: string;
  lang: Lang;
  /** The author's first name and initial; '' once the account is gone. */
  author: string;
  verified: boolean;
  created_at: number;
  updated_at: number;
  helpful_count: number;
  photos: ReviewPhoto[];
  /** The signed-in shopper's own vote; false for a guest. */
  voted: boolean;
}

export interface ReviewPage {
  items: ReviewView[];
  page: number;
  per_page: number;
  total: number;
  sort: ReviewSort;
  /** The product's summary, unfiltered. */
  summary: RatingSummary;
}

export interface AnswerView {
  id: number;
  body: string;
  lang: Lang;
  author: string;
  /** 'shop': the shop's team; 'buyer': a verified buyer of the product. */
  by: 'shop' | 'buyer';
  created_at: number;
  helpful_count: number;
  voted: boolean;
}

export interface QuestionView {
  id: number;
  body: string;
  lang: Lang;
  author: string;
  created_at: number;
  answers: AnswerView[];
}

export interface QuestionPage {
  items: QuestionView[];
  page: number;
  per_page: number;
  total: number;
}

/** What the product page's first render shows: the summary, the first reviews and questions. */
export interface ReviewsPreview {
  reviews: ReviewView[];
  questions: QuestionView[];
  question_count: number;
}

/** The signed-in shopper's own review of a product and whether she may write one. */
export interface OwnReview {
  /** She received the product (a delivered order holds it). */
  can_review: boolean;
  /** She may answer questions about it (the same: a verified buyer). */
  can_answer: boolean;
  review:
    | (Omit<ReviewView, 'voted' | 'helpful_count' | 'author' | 'verified'> & {
        status: TextStatus;
        reject_reason: string | null;
        held_for: TextFlag[];
      })
    | null;
  /** Her questions and answers on this product that are not shown (yet, or refused, with why). */
  waiting: Array<{
    kind: 'question' | 'answer';
    id: number;
    body: string;
    status: TextStatus;
    reject_reason: string | null;
  }>;
}

/** What a shopper writes: a review, a question, an answer to one, or a consultation's rating (decision 55). */
export type WrittenKind = 'review' | 'question' | 'answer' | 'rating';

/** One text in the back office's moderation queue, as GET /staff/reviews answers it. */
export interface QueueItem {
  kind: WrittenKind;
  id: number;
  /** What it is about: a product, or (a consultation's rating) the nutritionist, in `product`'s fields. */
  about: 'product' | 'nutritionist';
  product: { id: number; slug: string; name_en: string; name_ar: string };
  author: string;
  author_email: string;
  verified: boolean;
  rating: number | null;
  title: string;
  body: string;
  lang: Lang;
  /** The rules that held it (shared/reviews/text-rules.ts), and 'reported' when shoppers' reports did. */
  held_for: string[];
  reports: Array<{ reason: string; n: number }>;
  photos: Array<{ url: string; width: number; height: number }>;
  /** For an answer: the question it answers. */
  question: string | null;
  status: TextStatus;
  reject_reason: string | null;
  at: number;
}
