// The shapes of reviews, questions and answers as the API sends them (prices nowhere: no money here).
import type { z } from '../zod';
import type {
  answerViewSchema,
  ownReviewSchema,
  questionPageSchema,
  questionViewSchema,
  ratingSummarySchema,
  reviewPageSchema,
  reviewPhotoSchema,
  reviewViewSchema,
  reviewsPreviewSchema,
} from './answer-schemas';
import type { queueItemSchema } from './staff-responses';

export type ReviewPhoto = z.infer<typeof reviewPhotoSchema>;

export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export type ReviewView = z.infer<typeof reviewViewSchema>;

export type ReviewPage = z.infer<typeof reviewPageSchema>;

export type AnswerView = z.infer<typeof answerViewSchema>;

export type QuestionView = z.infer<typeof questionViewSchema>;

export type QuestionPage = z.infer<typeof questionPageSchema>;

export type ReviewsPreview = z.infer<typeof reviewsPreviewSchema>;

export type OwnReview = z.infer<typeof ownReviewSchema>;

/** What a shopper writes: a review, a question, an answer to one, or a consultation's rating (decision 55). */
export type WrittenKind = 'review' | 'question' | 'answer' | 'rating';

/** One text in the back office's moderation queue, as GET /staff/reviews answers it. */
export type QueueItem = z.infer<typeof queueItemSchema>;
