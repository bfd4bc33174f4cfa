// Reviews, questions and answers: the one schema of each form, read by the storefront's forms and by
// the API (api/src/routes/reviews.ts). The shapes it answers with are in ./types.ts.
import { z } from '../zod';
import { LANGS } from '../locale';
import { MODERATION_MODES, REPORT_REASONS, REVIEW_LIMITS, REVIEW_SORTS } from './rules';

const L = REVIEW_LIMITS;

const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  z
    .string({ error: 'validation_mandatory' })
    .trim()
    .min(1, { error: 'validation_mandatory', abort: true })
    .min(min, { error: tooShort, abort: true })
    .max(max, { error: tooLong });

/** A photo as sent: its bytes in base64 (the API sniffs the type and re-encodes it). */
const photo = z
  .string()
  .max(Math.ceil((L.photoMaxBytes * 4) / 3) + 4, { error: 'review_photo_too_large' })
  .regex(/^[A-Za-z0-9+/]+=*$/, { error: 'review_photo_unsupported' });

export const reviewInputSchema = z.object({
  // A number from the API's callers, the chosen radio's text from the form.
  rating: z.coerce
    .number({ error: 'review_rating_required' })
    .int({ error: 'review_rating_required' })
    .min(1, { error: 'review_rating_required' })
    .max(5, { error: 'review_rating_required' }),
  title: z.string().trim().max(L.titleMax, { error: 'review_title_too_long' }).default(''),
  body: text(L.bodyMin, L.bodyMax, 'review_body_too_short', 'review_body_too_long'),
  lang: z.enum(LANGS),
  /** New photos for the review; with `keep_photos`, those already on it that stay (by position). */
  photos: z.array(photo).max(L.photosMax, { error: 'review_photos_too_many' }).default([]),
  keep_photos: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(L.photosMax - 1),
    )
    .max(L.photosMax)
    .default([]),
});

export const questionInputSchema = z.object({
  body: text(L.questionMin, L.questionMax, 'question_too_short', 'question_too_long'),
  lang: z.enum(LANGS),
});
export const answerInputSchema = z.object({
  body: text(L.answerMin, L.answerMax, 'answer_too_short', 'answer_too_long'),
  lang: z.enum(LANGS),
});

export const helpfulVoteSchema = z.object({ value: z.boolean() });
export const reportSchema = z.object({ reason: z.enum(REPORT_REASONS, { error: 'report_reason_required' }) });

const wholeText = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** The product page's list: its order, one language or both, one star count or all, and the page. */
export const reviewListQuery = z.object({
  sort: z.enum(REVIEW_SORTS).optional(),
  lang: z.enum(LANGS).optional(),
  stars: wholeText(5).optional(),
  page: wholeText(100_000).optional(),
});
export const questionListQuery = z.object({ page: wholeText(100_000).optional() });

/** The back office's decision on a text: approve, or reject with the reason its author reads. */
export const moderationDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(L.rejectReasonMax, { error: 'reject_reason_too_long' }).default(''),
  })
  .refine((d) => d.decision === 'approve' || d.reason.length > 0, {
    error: 'reject_reason_required',
    path: ['reason'],
  });
export const moderationSettingsSchema = z.object({
  moderation: z.enum(MODERATION_MODES),
  request_days: z.coerce.number().int().min(1).max(60),
});
