// Moderation in the back office (decision 44): the queue, decisions, the shop's answers, settings.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { ApiError } from '#api/src/lib/errors';
import { countriesFor } from '#shared/staff/permissions';
import { siteOrigin } from '#api/src/lib/site-origin';
import { decide, moderationQueue, saveSettings, staffAnswer } from '#api/src/reviews/moderation';
import type { WrittenKind } from '#api/src/mail/review-texts';
import type { RouteContract } from '#api/src/contract/route-contract';
import { z } from '#shared/zod';
import { answerInputSchema, moderationDecisionSchema, moderationSettingsSchema } from '#shared/reviews/schemas';
import { idParams } from '#shared/api/route-schemas';
import {
  moderationDecidedSchema,
  moderationQueueSchema,
  moderationSettingsViewSchema,
  staffAnswerSavedSchema,
} from '#shared/reviews/staff-responses';

/** What each of the four decision routes checks: the text's id and the decision, by a moderator. */
const decision = {
  tag: 'staff',
  params: idParams,
  badParams: 'not_found',
  body: moderationDecisionSchema,
  noDevice: true,
  staff: 'reviews:moderate',
  response: moderationDecidedSchema,
  messages: ['moderation_decided', 'moderation_already_decided'],
} as const;

/** The four decision routes: one per kind of text, each with its own contract. */
const DECISIONS = [
  [
    'review',
    '/reviews/:id/decide',
    { ...decision, summary: 'Approve or reject a review (with the reason its author reads)' },
  ],
  [
    'question',
    '/questions/:id/decide',
    { ...decision, summary: 'Approve or reject a question (with the reason its author reads)' },
  ],
  [
    'answer',
    '/answers/:id/decide',
    { ...decision, summary: 'Approve or reject an answer (with the reason its author reads)' },
  ],
  [
    'rating',
    '/ratings/:id/decide',
    {
      ...decision,
      summary: "Approve or reject a consultation's rating, by the consultation's id (with the reason its author reads)",
    },
  ],
] as const satisfies ReadonlyArray<readonly [WrittenKind, string, RouteContract]>;

const routes = new Hono<AppEnv>()
  .get(
    '/reviews',
    contract({
      tag: 'staff',
      summary:
        "Reviews, questions, answers and consultations' ratings waiting for a person (oldest first), or lately approved or rejected; what held each; the counts waiting; the moderation settings",
      query: z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
      noDevice: true,
      staff: 'reviews:read',
      response: moderationQueueSchema,
      messages: [],
    }),
    async (c) => {
      return c.json(ok(await moderationQueue(c.env.DB, c.req.valid('query').status ?? 'pending')));
    },
  )
  .post(
    '/reviews/settings',
    contract({
      tag: 'staff',
      summary:
        'Whether every text waits for a person (staff) or texts the rules pass are shown at once (rules); days after delivery for the review request',
      body: moderationSettingsSchema,
      noDevice: true,
      staff: 'reviews:moderate',
      response: moderationSettingsViewSchema,
      messages: ['moderation_settings_saved'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      // The shop's own setting, every country's reviews: not for a member who moderates one country only.
      if (countriesFor(member.grants, 'reviews:moderate') !== null) throw new ApiError(403, 'forbidden');
      return c.json(ok(await saveSettings(c.env.DB, member, c.req.valid('json')), 'moderation_settings_saved'));
    },
  )
  .post(
    '/questions/:id/answer',
    contract({
      tag: 'staff',
      summary: "The shop's answer to a question, shown at once (and the question with it)",
      params: idParams,
      badParams: 'not_found',
      body: answerInputSchema,
      noDevice: true,
      staff: 'reviews:moderate',
      response: staffAnswerSavedSchema,
      messages: ['staff_answer_saved'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(
        ok(await staffAnswer(c.env.DB, member, c.req.valid('param').id, c.req.valid('json')), 'staff_answer_saved'),
      );
    },
  );

for (const [kind, path, entry] of DECISIONS) {
  routes.post(path, contract(entry), async (c) => {
    const member = await requireStaff(c);
    const result = await decide(
      c.env.DB,
      member,
      kind,
      c.req.valid('param').id,
      c.req.valid('json'),
      siteOrigin(c),
      c.env,
    );
    return c.json(ok(result, 'moderation_decided'));
  });
}

export const staffReviewRoutes = routes;
