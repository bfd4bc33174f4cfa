// The numbers of reviews and questions, one place for the API, the forms and the back office.

export const REVIEW_LIMITS = {
  titleMax: 120,
  bodyMin: 20,
  bodyMax: 4_000,
  questionMin: 10,
  questionMax: 1_000,
  answerMin: 2,
  answerMax: 2_000,
  /** Photos on one review, and each one's size before it is re-encoded. */
  photosMax: 3,
  photoMaxBytes: 5 * 1024 * 1024,
  /** Reviews a page of the list shows; the product page server-renders the first few. */
  perPage: 10,
  previewCount: 3,
  questionsPerPage: 5,
  previewQuestions: 2,
  /** Distinct shoppers' reports that take a shown text back to the queue until a person decides. */
  reportsToHide: 3,
  rejectReasonMax: 300,
} as const;

export const REVIEW_SORTS = ['helpful', 'newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REPORT_REASONS = ['spam', 'offensive', 'off_topic', 'medical', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const MODERATION_MODES = ['staff', 'rules'] as const;
export type ModerationMode = (typeof MODERATION_MODES)[number];

export type TextStatus = 'pending' | 'approved' | 'rejected';

/** Prior of the rating score: a product's average is pulled toward 4 stars by five imagined ratings. */
export const RATING_PRIOR = { mean: 4, weight: 5 } as const;
const PRIOR_MEAN = RATING_PRIOR.mean;
const PRIOR_WEIGHT = RATING_PRIOR.weight;

/**
 * The listing's "top rated" order: a Bayesian average × 1000, so one 5-star rating does not outrank
 * 4.8 stars from two hundred buyers; 0 for a product nobody has rated (last).
 */
export function ratingScore(sum: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round(((PRIOR_MEAN * PRIOR_WEIGHT + sum) / (PRIOR_WEIGHT + count)) * 1000);
}

/** The average shown, to one decimal (4.65 → 4.7); null with no ratings. */
export function averageRating(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}
