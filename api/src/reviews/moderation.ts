// The back office's side of reviews, questions and answers: the queue of what waits for a person
// (held by a rule, reported, or every text when the shop moderates all), the decision with the reason its
// author reads, the shop's own answers and the moderation settings. Every decision is in the audit log
// in the same batch as the change.
import type { Lang } from '#shared/locale';
import type { TextStatus } from '#shared/reviews/rules';
import type { TextFlag } from '#shared/reviews/text-rules';
import { ApiError } from '../lib/errors';
import { reviewPointsAcross, reviewPointsStatements } from '../loyalty/review';
import type { DatabaseEnv } from '../db/databases';
import { auditStatement } from '../staff/audit';
import type { StaffMember } from '../staff/sessions';
import { queueMail } from '../mail/outbox';
import { decisionMail } from '../mail/review-texts';
import type { QueueItem, WrittenKind } from '#shared/reviews/types';

export type { QueueItem };
import { photoRefs, authorName } from './read';
import { readSettings, recountStatement, settingsStatement, type ReviewSettings } from './write';

const QUEUE_LIMIT = 50;

/** What waits (status 'pending') or, with `status`, what was decided lately; oldest waiting first. */
export async function moderationQueue(
  db: D1Database,
  status: TextStatus,
): Promise<{ items: QueueItem[]; waiting: Record<WrittenKind, number>; settings: ReviewSettings }> {
  const order = status === 'pending' ? 'ASC' : 'DESC';
  const productCols = 'p.id AS product_id, p.slug, p.name_en, p.name_ar';
  const author = 'CASE WHEN u.deleted_at IS NULL THEN u.name END AS author_name, u.email AS author_email';
  const [reviews, questions, answers, ratings, counts, settings] = await db.batch([
    db
      .prepare(
        `SELECT 'review' AS kind, r.id, ${productCols}, ${author}, r.verified, r.rating, r.title, r.body, r.lang, r.held_for,
           r.status, r.reject_reason, r.updated_at AS at, NULL AS question,
           (SELECT json_group_array(json_array(ph.r2_key, ph.width, ph.height)) FROM (SELECT * FROM review_photos WHERE review_id = r.id ORDER BY position) ph) AS photos,
           (SELECT json_group_array(json_array(reason, n)) FROM (SELECT reason, count(*) AS n FROM review_reports WHERE review_id = r.id GROUP BY reason)) AS reports
         FROM reviews r JOIN products p ON p.id = r.product_id JOIN users u ON u.id = r.user_id
         WHERE r.status = ?1 ORDER BY r.updated_at ${order} LIMIT ?2`,
      )
      .bind(status, QUEUE_LIMIT),
    db
      .prepare(
        `SELECT 'question' AS kind, q.id, ${productCols}, ${author}, 0 AS verified, NULL AS rating, '' AS title, q.body, q.lang, q.held_for,
           q.status, q.reject_reason, q.created_at AS at, NULL AS question, NULL AS photos, NULL AS reports
         FROM questions q JOIN products p ON p.id = q.product_id JOIN users u ON u.id = q.user_id
         WHERE q.status = ?1 ORDER BY q.created_at ${order} LIMIT ?2`,
      )
      .bind(status, QUEUE_LIMIT),
    db
      .prepare(
        `SELECT 'answer' AS kind, a.id, ${productCols}, ${author}, 1 AS verified, NULL AS rating, '' AS title, a.body, a.lang, a.held_for,
           a.status, a.reject_reason, a.created_at AS at, q.body AS question, NULL AS photos, NULL AS reports
         FROM answers a JOIN questions q ON q.id = a.question_id JOIN products p ON p.id = q.product_id JOIN users u ON u.id = a.user_id
         WHERE a.status = ?1 AND a.user_id IS NOT NULL ORDER BY a.created_at ${order} LIMIT ?2`,
      )
      .bind(status, QUEUE_LIMIT),
    // Consultations' ratings (decision 55): about the nutritionist, in the product's fields.
    db
      .prepare(
        `SELECT 'rating' AS kind, r.consultation_id AS id, n.id AS product_id, n.slug, n.name_en, n.name_ar, ${author}, 1 AS verified,
           r.rating, '' AS title, r.body, r.lang, r.held_for, r.status, r.reject_reason, r.created_at AS at, NULL AS question,
           NULL AS photos, NULL AS reports
         FROM consultation_ratings r JOIN nutritionists n ON n.id = r.nutritionist_id JOIN users u ON u.id = r.user_id
         WHERE r.status = ?1 ORDER BY r.created_at ${order} LIMIT ?2`,
      )
      .bind(status, QUEUE_LIMIT),
    db.prepare(
      `SELECT (SELECT count(*) FROM reviews WHERE status = 'pending') AS review,
         (SELECT count(*) FROM questions WHERE status = 'pending') AS question,
         (SELECT count(*) FROM answers WHERE status = 'pending') AS answer,
         (SELECT count(*) FROM consultation_ratings WHERE status = 'pending') AS rating`,
    ),
    settingsStatement(db),
  ]);
  type Row = {
    kind: WrittenKind;
    id: number;
    product_id: number;
    slug: string;
    name_en: string;
    name_ar: string;
    author_name: string | null;
    author_email: string;
    verified: number;
    rating: number | null;
    title: string;
    body: string;
    lang: Lang;
    held_for: string;
    status: TextStatus;
    reject_reason: string | null;
    at: number;
    question: string | null;
    photos: string | null;
    reports: string | null;
  };
  const items = [...reviews!.results, ...questions!.results, ...answers!.results, ...ratings!.results]
    .map((row) => {
      const r = row as Row;
      return {
        kind: r.kind,
        id: r.id,
        about: r.kind === 'rating' ? ('nutritionist' as const) : ('product' as const),
        product: { id: r.product_id, slug: r.slug, name_en: r.name_en, name_ar: r.name_ar },
        author: authorName(r.author_name),
        author_email: r.author_email,
        verified: r.verified === 1,
        rating: r.rating,
        title: r.title,
        body: r.body,
        lang: r.lang,
        held_for: JSON.parse(r.held_for) as TextFlag[],
        reports: (JSON.parse(r.reports ?? '[]') as Array<[string, number]>).map(([reason, n]) => ({ reason, n })),
        photos: photoRefs(r.photos).map((p) => ({ url: p.url, width: p.width, height: p.height })),
        question: r.question,
        status: r.status,
        reject_reason: r.reject_reason,
        at: r.at,
      };
    })
    .sort((a, b) => (status === 'pending' ? a.at - b.at : b.at - a.at));
  return {
    items,
    waiting: counts!.results[0] as Record<WrittenKind, number>,
    settings: readSettings(settings!.results),
  };
}

const TABLE: Record<WrittenKind, string> = {
  review: 'reviews',
  question: 'questions',
  answer: 'answers',
  rating: 'consultation_ratings',
};
const ID_OF: Record<WrittenKind, string> = { review: 'id', question: 'id', answer: 'id', rating: 'consultation_id' };
// What a text is about, from its own row `t`: the product (a rating: the nutritionist).
const PRODUCT_OF: Record<WrittenKind, string> = {
  review: 't.product_id',
  question: 't.product_id',
  answer: '(SELECT product_id FROM questions WHERE id = t.question_id)',
  rating: 't.nutritionist_id',
};
const ABOUT_TABLE: Record<WrittenKind, string> = {
  review: 'products',
  question: 'products',
  answer: 'products',
  rating: 'nutritionists',
};

/**
 * Approves or rejects one text. A decided text may be decided again (a shown review taken down, a
 * rejection reconsidered); the same decision twice changes nothing. The author hears of it by mail.
 */
export async function decide(
  db: D1Database,
  member: StaffMember,
  kind: WrittenKind,
  id: number,
  input: { decision: 'approve' | 'reject'; reason: string },
  siteOrigin: string,
  /** The Worker's databases: a moved shopper's review points go to her order shard (decision 61). */
  shards?: DatabaseEnv,
): Promise<{ status: TextStatus; productId: number; shownChanged: boolean }> {
  const row = await db
    .prepare(
      `SELECT t.status, t.reject_reason, ${PRODUCT_OF[kind]} AS product_id, p.slug, p.name_en, p.name_ar,
         u.id AS user_id, u.email, u.lang, u.deleted_at
       FROM ${TABLE[kind]} t LEFT JOIN users u ON u.id = t.user_id
       JOIN ${ABOUT_TABLE[kind]} p ON p.id = ${PRODUCT_OF[kind]}
       WHERE t.${ID_OF[kind]} = ?`,
    )
    .bind(id)
    .first<{
      status: TextStatus;
      reject_reason: string | null;
      product_id: number;
      user_id: number | null;
      slug: string;
      name_en: string;
      name_ar: string;
      email: string | null;
      lang: Lang | null;
      deleted_at: number | null;
    }>();
  if (!row) throw new ApiError(404, 'not_found');
  const status: TextStatus = input.decision === 'approve' ? 'approved' : 'rejected';
  const reason = status === 'rejected' ? input.reason : null;
  if (row.status === status && row.reject_reason === reason) throw new ApiError(409, 'moderation_already_decided');
  const now = Date.now();
  const lang: Lang = row.lang === 'ar' ? 'ar' : 'en';
  const mail =
    row.email && !row.deleted_at
      ? queueMail(db, {
          to: row.email,
          lang,
          kind: 'review_decision',
          dedupeKey: `${kind}:${id}:${status}:${now}`,
          ...decisionMail(
            lang,
            {
              kind,
              approved: status === 'approved',
              reason: reason ?? '',
              productName: lang === 'ar' ? row.name_ar : row.name_en,
              productSlug: row.slug,
            },
            siteOrigin,
          ),
        })
      : null;
  // Her first approved review earns points, once ever (loyalty/review.ts).
  const earns = kind === 'review' && status === 'approved' && row.user_id !== null && !row.deleted_at;
  await db.batch([
    db
      .prepare(
        `UPDATE ${TABLE[kind]} SET status = ?, reject_reason = ?, decided_at = ?, decided_by = ? WHERE ${ID_OF[kind]} = ?`,
      )
      .bind(status, reason, now, member.id, id),
    ...(kind === 'review' ? [recountStatement(db, row.product_id)] : []),
    auditStatement(db, member, {
      action: `${kind}.${input.decision}`,
      resource: kind,
      resourceId: id,
      before: { status: row.status, reject_reason: row.reject_reason },
      after: { status, reject_reason: reason },
      reason,
    }),
    ...(mail ? [mail] : []),
    ...(earns ? await reviewPointsStatements(db, row.user_id!, id, now) : []),
  ]);
  // Her points in another order shard: written there once the core holds the approval (none in shard 0).
  if (earns && shards) await reviewPointsAcross(shards, row.user_id!, id, now);
  return { status, productId: row.product_id, shownChanged: row.status === 'approved' || status === 'approved' };
}

/** The shop's answer to a question: shown at once, marked as the shop's; the question is shown too. */
export async function staffAnswer(
  db: D1Database,
  member: StaffMember,
  questionId: number,
  input: { body: string; lang: Lang },
): Promise<{ id: number }> {
  const question = await db
    .prepare('SELECT status FROM questions WHERE id = ?')
    .bind(questionId)
    .first<{ status: TextStatus }>();
  if (!question) throw new ApiError(404, 'not_found');
  const now = Date.now();
  const [answer] = await db.batch([
    db
      .prepare(
        `INSERT INTO answers (question_id, staff_id, body, lang, status, held_for, created_at, decided_at, decided_by)
         VALUES (?1, ?2, ?3, ?4, 'approved', '[]', ?5, ?5, ?2) RETURNING id`,
      )
      .bind(questionId, member.id, input.body, input.lang, now),
    // Answering a waiting question is approving it.
    db
      .prepare(
        "UPDATE questions SET status = 'approved', reject_reason = NULL, decided_at = ?, decided_by = ? WHERE id = ? AND status <> 'approved'",
      )
      .bind(now, member.id, questionId),
    auditStatement(db, member, {
      action: 'question.answer',
      resource: 'question',
      resourceId: questionId,
      after: { body: input.body, lang: input.lang },
    }),
  ]);
  return { id: (answer!.results[0] as { id: number }).id };
}

export async function saveSettings(
  db: D1Database,
  member: StaffMember,
  input: { moderation: 'staff' | 'rules'; request_days: number },
): Promise<ReviewSettings> {
  const before = readSettings((await settingsStatement(db).all()).results);
  await db.batch([
    db
      .prepare(
        `INSERT INTO shop_settings (key, value) VALUES ('reviews.moderation', ?1), ('reviews.request_days', ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      )
      .bind(input.moderation, String(input.request_days)),
    auditStatement(db, member, {
      action: 'reviews.settings',
      resource: 'shop_settings',
      resourceId: 'reviews',
      before,
      after: { moderation: input.moderation, requestDays: input.request_days },
    }),
  ]);
  return { moderation: input.moderation, requestDays: input.request_days };
}
