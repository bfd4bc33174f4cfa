// What the back office's moderation routes answer (api/src/routes/staff/reviews.ts): the routes'
// response schemas (decision 68) and the types the reviews page reads, one declaration.
import { z } from '../zod';
import { LANGS } from '../locale';
import { MODERATION_MODES } from './rules';

const TEXT_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** What shoppers write that staff decide on; each is its own audit resource (reviews/moderation.ts). */
export const WRITTEN_KINDS = ['review', 'question', 'answer', 'rating'] as const;

/** One text in the back office's moderation queue. */
export const queueItemSchema = z.object({
  kind: z.enum(WRITTEN_KINDS),
  id: z.int(),
  /** What it is about: a product, or (a consultation's rating) the nutritionist, in `product`'s fields. */
  about: z.enum(['product', 'nutritionist']),
  product: z.object({ id: z.int(), slug: z.string(), name_en: z.string(), name_ar: z.string() }),
  author: z.string(),
  author_email: z.string(),
  verified: z.boolean(),
  rating: z.int().nullable(),
  title: z.string(),
  body: z.string(),
  lang: z.enum(LANGS),
  /** The rules that held it (shared/reviews/text-rules.ts), and 'reported' when shoppers' reports did. */
  held_for: z.array(z.string()),
  reports: z.array(z.object({ reason: z.string(), n: z.int() })),
  photos: z.array(z.object({ url: z.string(), width: z.int(), height: z.int() })),
  /** For an answer: the question it answers. */
  question: z.string().nullable(),
  status: z.enum(TEXT_STATUSES),
  reject_reason: z.string().nullable(),
  at: z.number(),
});

/** The moderation settings as the API answers them (camel-cased `requestDays`, unlike the form's field). */
export const moderationSettingsViewSchema = z.object({ moderation: z.enum(MODERATION_MODES), requestDays: z.int() });

/** GET /staff/reviews: the texts of one status, the counts waiting per kind, the settings. */
export const moderationQueueSchema = z.object({
  items: z.array(queueItemSchema),
  waiting: z.object({ review: z.int(), question: z.int(), answer: z.int(), rating: z.int() }),
  settings: moderationSettingsViewSchema,
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** POST /staff/{reviews,questions,answers,ratings}/:id/decide. */
export const moderationDecidedSchema = z.object({
  status: z.enum(TEXT_STATUSES),
  /** The product (or, for a rating, the nutritionist) whose shown texts it is about. */
  productId: z.int(),
  /** Whether what shoppers see changed (the text was or is now approved). */
  shownChanged: z.boolean(),
});

/** POST /staff/questions/:id/answer: the shop's answer's id. */
export const staffAnswerSavedSchema = z.object({ id: z.int() });
