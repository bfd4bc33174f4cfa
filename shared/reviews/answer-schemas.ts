// The zod schemas of reviews, questions and answers as the API sends them (decision 68: the routes'
// `response`); the types in ./types.ts are inferred from them.
import { z } from '../zod';
import { REVIEW_SORTS } from './rules';

const lang = z.enum(['en', 'ar']);
const textStatus = z.enum(['pending', 'approved', 'rejected']);

/** A review photo's renditions, as an <img> takes them. */
export const reviewPhotoSchema = z.object({ url: z.string(), srcset: z.string(), width: z.int(), height: z.int() });

export const ratingSummarySchema = z.object({
  /** One decimal; null with no rating. */
  average: z.number().nullable(),
  count: z.int(),
  /** Shown reviews per star, 1 to 5. */
  stars: z.tuple([z.int(), z.int(), z.int(), z.int(), z.int()]),
  /** Shown reviews per language. */
  langs: z.object({ en: z.int(), ar: z.int() }),
});

export const reviewViewSchema = z.object({
  id: z.int(),
  rating: z.int(),
  title: z.string(),
  body: z.string(),
  lang,
  /** The author's first name and initial; '' once the account is gone. */
  author: z.string(),
  verified: z.boolean(),
  created_at: z.int(),
  updated_at: z.int(),
  helpful_count: z.int(),
  photos: z.array(reviewPhotoSchema),
  /** The signed-in shopper's own vote; false for a guest. */
  voted: z.boolean(),
});

export const reviewPageSchema = z.object({
  items: z.array(reviewViewSchema),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
  sort: z.enum(REVIEW_SORTS),
  /** The product's summary, unfiltered. */
  summary: ratingSummarySchema,
});

export const answerViewSchema = z.object({
  id: z.int(),
  body: z.string(),
  lang,
  author: z.string(),
  /** 'shop': the shop's team; 'buyer': a verified buyer of the product. */
  by: z.enum(['shop', 'buyer']),
  created_at: z.int(),
  helpful_count: z.int(),
  voted: z.boolean(),
});

export const questionViewSchema = z.object({
  id: z.int(),
  body: z.string(),
  lang,
  author: z.string(),
  created_at: z.int(),
  answers: z.array(answerViewSchema),
});

export const questionPageSchema = z.object({
  items: z.array(questionViewSchema),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
});

/** What the product page's first render shows: the summary, the first reviews and questions. */
export const reviewsPreviewSchema = z.object({
  reviews: z.array(reviewViewSchema),
  questions: z.array(questionViewSchema),
  question_count: z.int(),
});

/** The signed-in shopper's own review of a product and whether she may write one. */
export const ownReviewSchema = z.object({
  /** She received the product (a delivered order holds it). */
  can_review: z.boolean(),
  /** She may answer questions about it (the same: a verified buyer). */
  can_answer: z.boolean(),
  review: reviewViewSchema
    .omit({ voted: true, helpful_count: true, author: true, verified: true })
    .extend({
      status: textStatus,
      reject_reason: z.string().nullable(),
      held_for: z.array(z.enum(['profanity', 'link', 'health_claim'])),
    })
    .nullable(),
  /** Her questions and answers on this product that are not shown (yet, or refused, with why). */
  waiting: z.array(
    z.object({
      kind: z.enum(['question', 'answer']),
      id: z.int(),
      body: z.string(),
      status: textStatus,
      reject_reason: z.string().nullable(),
    }),
  ),
});
