// Moderation of reviews, questions and answers (decision 44).
import { z } from '#shared/zod';
import { idParams } from '#shared/api/route-schemas';
import { answerInputSchema, moderationDecisionSchema, moderationSettingsSchema } from '#shared/reviews/schemas';
import type { RouteContract } from '../route-contract';

const decision = {
  tag: 'staff',
  params: idParams,
  badParams: 'not_found',
  body: moderationDecisionSchema,
  noDevice: true,
  staff: 'reviews:moderate',
} as const;

export const STAFF_REVIEW_CONTRACTS = {
  'GET /staff/reviews': {
    tag: 'staff',
    summary:
      "Reviews, questions, answers and consultations' ratings waiting for a person (oldest first), or lately approved or rejected; what held each; the counts waiting; the moderation settings",
    query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
    noDevice: true,
    staff: 'reviews:read',
  },
  'POST /staff/reviews/settings': {
    tag: 'staff',
    summary:
      'Whether every text waits for a person (staff) or texts the rules pass are shown at once (rules); days after delivery for the review request',
    body: moderationSettingsSchema,
    noDevice: true,
    staff: 'reviews:moderate',
  },
  'POST /staff/reviews/:id/decide': {
    ...decision,
    summary: 'Approve or reject a review (with the reason its author reads)',
  },
  'POST /staff/questions/:id/decide': {
    ...decision,
    summary: 'Approve or reject a question (with the reason its author reads)',
  },
  'POST /staff/answers/:id/decide': {
    ...decision,
    summary: 'Approve or reject an answer (with the reason its author reads)',
  },
  'POST /staff/ratings/:id/decide': {
    ...decision,
    summary: "Approve or reject a consultation's rating, by the consultation's id (with the reason its author reads)",
  },
  'POST /staff/questions/:id/answer': {
    tag: 'staff',
    summary: "The shop's answer to a question, shown at once (and the question with it)",
    params: idParams,
    badParams: 'not_found',
    body: answerInputSchema,
    noDevice: true,
    staff: 'reviews:moderate',
  },
} as const satisfies Record<string, RouteContract>;
