// Reviews, questions and answers of a product (decision 44): the lists anyone reads, what a signed-in
// shopper writes, her votes and reports, and her own texts with the shop's decisions on them.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { ownReviewSchema, questionPageSchema, reviewPageSchema } from '#shared/reviews/answer-schemas';
import { z } from '#shared/zod';
import { REVIEW_LIMITS } from '#shared/reviews/rules';
import type { OwnReview, QuestionPage, ReviewPage } from '#shared/reviews/types';
import type { TextFlag } from '#shared/reviews/text-rules';
import type { AppEnv } from '../app-env';
import { contract } from '../contract/validate';
import { currentUser, requireUser } from '../middleware/user';
import { bumpCatalogueVersion } from '../catalogue/maintain';
import { log } from '../lib/log';
import {
  photoRefs,
  questionPageStatements,
  readQuestions,
  readReviews,
  reviewPageStatements,
  summaryStatement,
  toSummary,
} from '../reviews/read';
import {
  receivedMine,
  receivedStatement,
  removeReview,
  report,
  saveAnswer,
  saveQuestion,
  saveReview,
  vote,
} from '../reviews/write';
import { type DatabaseEnv, routeStatement, userOwner } from '../db/databases';
import { idParams } from '#shared/api/route-schemas';
import {
  reviewListQuery,
  reviewInputSchema,
  questionListQuery,
  questionInputSchema,
  helpfulVoteSchema,
  reportSchema,
  answerInputSchema,
} from '#shared/reviews/schemas';

/** A shown review appeared, changed or went: guest pages kept at the edge must not keep the old one. */
async function shownChanged(c: Context<AppEnv>) {
  try {
    await bumpCatalogueVersion(c.env);
  } catch (error) {
    log.warn('catalogue version not written', { path: c.req.path, error });
  }
}

async function ownReview(env: DatabaseEnv, userId: number, productId: number): Promise<OwnReview> {
  const db = env.DB;
  const [route, received, review, waiting] = await db.batch([
    routeStatement(env, userOwner(userId)),
    receivedStatement(db, userId, '?1', [productId]),
    db
      .prepare(
        `SELECT r.id, r.rating, r.title, r.body, r.lang, r.created_at, r.updated_at, r.status, r.reject_reason, r.held_for,
           (SELECT json_group_array(json_array(ph.r2_key, ph.width, ph.height)) FROM (SELECT * FROM review_photos WHERE review_id = r.id ORDER BY position) ph) AS photos
         FROM reviews r WHERE r.product_id = ? AND r.user_id = ?`,
      )
      .bind(productId, userId),
    db
      .prepare(
        `SELECT 'question' AS kind, id, body, status, reject_reason, created_at FROM questions
           WHERE product_id = ?1 AND user_id = ?2 AND status <> 'approved'
         UNION ALL
         SELECT 'answer', a.id, a.body, a.status, a.reject_reason, a.created_at FROM answers a JOIN questions q ON q.id = a.question_id
           WHERE q.product_id = ?1 AND a.user_id = ?2 AND a.status <> 'approved'
         ORDER BY created_at DESC LIMIT 20`,
      )
      .bind(productId, userId),
  ]);
  // Her orders are in her order shard (decision 61): the route rode in this batch.
  const canReview = await receivedMine(env, userId, productId, route!, received!);
  const row = review!.results[0] as
    | {
        id: number;
        rating: number;
        title: string;
        body: string;
        lang: 'en' | 'ar';
        created_at: number;
        updated_at: number;
        status: 'pending' | 'approved' | 'rejected';
        reject_reason: string | null;
        held_for: string;
        photos: string | null;
      }
    | undefined;
  return {
    can_review: canReview,
    can_answer: canReview,
    review: row
      ? {
          id: row.id,
          rating: row.rating,
          title: row.title,
          body: row.body,
          lang: row.lang,
          created_at: row.created_at,
          updated_at: row.updated_at,
          photos: photoRefs(row.photos),
          status: row.status,
          reject_reason: row.reject_reason,
          held_for: JSON.parse(row.held_for) as TextFlag[],
        }
      : null,
    waiting: (waiting!.results as OwnReview['waiting']).map((w) => ({
      kind: w.kind,
      id: w.id,
      body: w.body,
      status: w.status,
      reject_reason: w.reject_reason,
    })),
  };
}

/** A question or answer saved: its id and whether it is shown or waits for moderation. */
const savedText = z.object({ id: z.int(), status: z.enum(['pending', 'approved', 'rejected']) });
/** A vote's answer: the text's helpful count now and whether she votes for it. */
const helpfulVote = z.object({ helpful_count: z.int(), voted: z.boolean() });

export const reviewRoutes = new Hono<AppEnv>()
  .get(
    '/:id{[0-9]+}/reviews',
    contract({
      tag: 'reviews',
      summary:
        "A product's shown reviews: sorted by helpful, newest, highest or lowest rating; one language or both; one star count or all; ten a page; the signed-in shopper's votes",
      params: idParams,
      badParams: 'not_found',
      query: reviewListQuery,
      response: reviewPageSchema,
      messages: [],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const q = c.req.valid('query');
      const user = await currentUser(c);
      const page = q.page ?? 1;
      const sort = q.sort ?? 'helpful';
      const [rows, count, summary] = await c.env.DB.batch([
        ...reviewPageStatements(
          c.env.DB,
          id,
          { sort, lang: q.lang, stars: q.stars },
          page,
          REVIEW_LIMITS.perPage,
          user?.id ?? null,
        ),
        summaryStatement(c.env.DB, '?1', [id]),
      ]);
      const body: ReviewPage = {
        items: readReviews(rows!.results),
        page,
        per_page: REVIEW_LIMITS.perPage,
        total: (count!.results[0] as { n: number }).n,
        sort,
        summary: toSummary(summary!.results as Parameters<typeof toSummary>[0]),
      };
      return c.json(ok(body));
    },
  )
  .get(
    '/:id{[0-9]+}/reviews/mine',
    contract({
      tag: 'reviews',
      summary:
        "The shopper's own review of the product with the shop's decision (a rejection's reason), whether she may review and answer (she received it), and her questions and answers not shown",
      params: idParams,
      badParams: 'not_found',
      user: true,
      response: ownReviewSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      return c.json(ok(await ownReview(c.env, user.id, c.req.valid('param').id)));
    },
  )
  .post(
    '/:id{[0-9]+}/reviews',
    contract({
      tag: 'reviews',
      summary:
        'Write or edit the own review (only after a delivered order holds the product): 1–5 stars, a text in either language, up to three photos (JPEG, PNG or WebP, 5 MB each, re-encoded, metadata dropped). Shown after the shop’s rules and moderation',
      params: idParams,
      badParams: 'not_found',
      body: reviewInputSchema,
      user: true,
      response: ownReviewSchema,
      messages: [
        'review_shown',
        'review_waiting',
        'review_not_received',
        'review_photos_too_many',
        'review_photo_too_large',
        'review_photo_unsupported',
      ],
    }),
    async (c) => {
      const user = await requireUser(c);
      const productId = c.req.valid('param').id;
      const saved = await saveReview(c.env, user.id, productId, c.req.valid('json'));
      if (saved.shownChanged) await shownChanged(c);
      const own = await ownReview(c.env, user.id, productId);
      return c.json(ok(own, saved.status === 'approved' ? 'review_shown' : 'review_waiting'));
    },
  )
  .post(
    '/:id{[0-9]+}/reviews/remove',
    contract({
      tag: 'reviews',
      summary: 'Remove the own review and its photos',
      params: idParams,
      badParams: 'not_found',
      user: true,
      response: z.object({ removed: z.literal(true) }),
      messages: ['review_removed'],
    }),
    async (c) => {
      const user = await requireUser(c);
      if (await removeReview(c.env, user.id, c.req.valid('param').id)) await shownChanged(c);
      return c.json(ok({ removed: true }, 'review_removed'));
    },
  )
  .get(
    '/:id{[0-9]+}/questions',
    contract({
      tag: 'reviews',
      summary: "A product's shown questions, newest first, each with its shown answers (the shop's first)",
      params: idParams,
      badParams: 'not_found',
      query: questionListQuery,
      response: questionPageSchema,
      messages: [],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const page = c.req.valid('query').page ?? 1;
      const user = await currentUser(c);
      const per = REVIEW_LIMITS.questionsPerPage;
      const [rows, count] = await c.env.DB.batch(
        questionPageStatements(c.env.DB, '?1', [id], page, per, user?.id ?? null),
      );
      const body: QuestionPage = {
        items: readQuestions(rows!.results),
        page,
        per_page: per,
        total: (count!.results[0] as { n: number }).n,
      };
      return c.json(ok(body));
    },
  )
  .post(
    '/:id{[0-9]+}/questions',
    contract({
      tag: 'reviews',
      summary: 'Ask a question about a product (anyone signed in); shown after the shop’s rules and moderation',
      params: idParams,
      badParams: 'not_found',
      body: questionInputSchema,
      user: true,
      response: savedText,
      messages: ['question_shown', 'question_waiting'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const saved = await saveQuestion(c.env.DB, user.id, c.req.valid('param').id, c.req.valid('json'));
      if (saved.status === 'approved') await shownChanged(c);
      return c.json(ok(saved, saved.status === 'approved' ? 'question_shown' : 'question_waiting'));
    },
  );

/** Votes and reports on one review, answers to one question, votes on one answer. */
export const reviewActionRoutes = new Hono<AppEnv>()
  .post(
    '/review/:id{[0-9]+}/helpful',
    contract({
      tag: 'reviews',
      summary: '"Was this helpful": one vote a shopper (value false takes it back); not on the own review',
      params: idParams,
      badParams: 'not_found',
      body: helpfulVoteSchema,
      user: true,
      response: helpfulVote,
      messages: ['vote_own_text'],
    }),
    async (c) => {
      const user = await requireUser(c);
      return c.json(ok(await vote(c.env.DB, 'review', c.req.valid('param').id, user.id, c.req.valid('json').value)));
    },
  )
  .post(
    '/review/:id{[0-9]+}/report',
    contract({
      tag: 'reviews',
      summary: 'Report a shown review (one report a shopper); enough reports take it back to moderation',
      params: idParams,
      badParams: 'not_found',
      body: reportSchema,
      user: true,
      response: z.object({ reported: z.literal(true) }),
      messages: ['review_reported', 'vote_own_text'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const result = await report(c.env.DB, c.req.valid('param').id, user.id, c.req.valid('json').reason);
      if (result.hidden) await shownChanged(c);
      return c.json(ok({ reported: true }, 'review_reported'));
    },
  )
  .post(
    '/question/:id{[0-9]+}/answers',
    contract({
      tag: 'reviews',
      summary:
        'Answer a question (only a shopper who received the product); shown after the shop’s rules and moderation',
      params: idParams,
      badParams: 'not_found',
      body: answerInputSchema,
      user: true,
      response: savedText,
      messages: ['answer_shown', 'answer_waiting', 'answer_not_buyer'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const saved = await saveAnswer(c.env, user.id, c.req.valid('param').id, c.req.valid('json'));
      if (saved.status === 'approved') await shownChanged(c);
      return c.json(ok(saved, saved.status === 'approved' ? 'answer_shown' : 'answer_waiting'));
    },
  )
  .post(
    '/answer/:id{[0-9]+}/helpful',
    contract({
      tag: 'reviews',
      summary: '"Was this helpful" on an answer: one vote a shopper; not on the own answer',
      params: idParams,
      badParams: 'not_found',
      body: helpfulVoteSchema,
      user: true,
      response: helpfulVote,
      messages: ['vote_own_text'],
    }),
    async (c) => {
      const user = await requireUser(c);
      return c.json(ok(await vote(c.env.DB, 'answer', c.req.valid('param').id, user.id, c.req.valid('json').value)));
    },
  );
