// Reading shown reviews, questions and answers: the product page's summary and first ones (statements
// for the product's own batch, so the page keeps its one round trip), and the pages of each list.
import { REVIEW_LIMITS, averageRating, type ReviewSort } from '#shared/reviews/rules';
import type { AnswerView, QuestionView, RatingSummary, ReviewPhoto, ReviewView } from '#shared/reviews/types';
import type { Lang } from '#shared/locale';
import { imageRef } from '../media/renditions';

/** "Fatima Al-Sabah" → "Fatima A.": enough to be a person, not enough to find her. */
export function authorName(name: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return last ? `${first} ${Array.from(last)[0]}.` : first;
}

export interface ReviewRow {
  id: number;
  rating: number;
  title: string;
  body: string;
  lang: Lang;
  verified: number;
  created_at: number;
  updated_at: number;
  helpful_count: number;
  author_name: string | null;
  /** JSON: [[key, width, height], …] in position order. */
  photos: string | null;
  voted?: number;
}

/** The columns of a shown review, over `r` joined to its author `u`. */
const REVIEW_COLUMNS = `r.id, r.rating, r.title, r.body, r.lang, r.verified, r.created_at, r.updated_at, r.helpful_count,
  CASE WHEN u.deleted_at IS NULL THEN u.name END AS author_name,
  (SELECT json_group_array(json_array(ph.r2_key, ph.width, ph.height)) FROM (SELECT * FROM review_photos WHERE review_id = r.id ORDER BY position) ph) AS photos`;

export function photoRefs(json: string | null): ReviewPhoto[] {
  if (!json) return [];
  return (JSON.parse(json) as Array<[string, number, number]>).map(([key, width, height]) => {
    const ref = imageRef('review', key, '', { width, height }, false);
    return { url: ref.url, srcset: ref.srcset ?? '', width, height };
  });
}

function toReviewView(row: ReviewRow): ReviewView {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    lang: row.lang,
    author: authorName(row.author_name),
    verified: row.verified === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    helpful_count: row.helpful_count,
    photos: photoRefs(row.photos),
    voted: row.voted === 1,
  };
}

const ORDER: Record<ReviewSort, string> = {
  helpful: 'r.helpful_count DESC, r.id DESC',
  newest: 'r.id DESC',
  highest: 'r.rating DESC, r.id DESC',
  lowest: 'r.rating ASC, r.id DESC',
};

export interface ReviewFilter {
  sort: ReviewSort;
  lang?: Lang;
  stars?: number;
}

/** One page of a product's shown reviews, and how many there are; with the viewer's votes when signed in. */
export function reviewPageStatements(
  db: D1Database,
  productId: number,
  filter: ReviewFilter,
  page: number,
  perPage: number,
  viewerId: number | null,
): [D1PreparedStatement, D1PreparedStatement] {
  // Unset filters are NULL, so both statements always name the same parameters.
  const where =
    "r.product_id = ?1 AND r.status = 'approved' AND (?2 IS NULL OR r.lang = ?2) AND (?3 IS NULL OR r.rating = ?3)";
  const filters = [productId, filter.lang ?? null, filter.stars ?? null];
  return [
    db
      .prepare(
        `SELECT ${REVIEW_COLUMNS}, EXISTS (SELECT 1 FROM review_votes v WHERE v.review_id = r.id AND v.user_id = ?6) AS voted
         FROM reviews r JOIN users u ON u.id = r.user_id
         WHERE ${where} ORDER BY ${ORDER[filter.sort]} LIMIT ?4 OFFSET ?5`,
      )
      .bind(...filters, perPage, (page - 1) * perPage, viewerId ?? 0),
    db.prepare(`SELECT count(*) AS n FROM reviews r WHERE ${where}`).bind(...filters),
  ];
}

/** The shown reviews per star and language: the summary's distribution, from the shown rows themselves. */
export function summaryStatement(db: D1Database, productRef: string, bind: unknown[]): D1PreparedStatement {
  return db
    .prepare(
      `SELECT rating, lang, count(*) AS n FROM reviews WHERE product_id = ${productRef} AND status = 'approved' GROUP BY rating, lang`,
    )
    .bind(...bind);
}

export function toSummary(rows: Array<{ rating: number; lang: Lang; n: number }>): RatingSummary {
  const stars: RatingSummary['stars'] = [0, 0, 0, 0, 0];
  const langs: RatingSummary['langs'] = { en: 0, ar: 0 };
  let sum = 0;
  let count = 0;
  for (const r of rows) {
    stars[r.rating - 1]! += r.n;
    langs[r.lang] += r.n;
    sum += r.rating * r.n;
    count += r.n;
  }
  return { average: averageRating(sum, count), count, stars, langs };
}

interface QuestionRow {
  id: number;
  body: string;
  lang: Lang;
  created_at: number;
  author_name: string | null;
  /** JSON: [[id, body, lang, by, author, created_at, helpful, voted], …]. */
  answers: string | null;
}

/** Questions with their shown answers (most helpful first), newest question first. */
export function questionPageStatements(
  db: D1Database,
  productRef: string,
  bind: unknown[],
  page: number,
  perPage: number,
  viewerId: number | null,
): [D1PreparedStatement, D1PreparedStatement] {
  const n = bind.length;
  const voted = `EXISTS (SELECT 1 FROM answer_votes v WHERE v.answer_id = a.id AND v.user_id = ?${n + 3})`;
  return [
    db
      .prepare(
        `SELECT q.id, q.body, q.lang, q.created_at, CASE WHEN u.deleted_at IS NULL THEN u.name END AS author_name,
           (SELECT json_group_array(json_array(x.id, x.body, x.lang, x.by, x.author, x.created_at, x.helpful_count, x.voted)) FROM (
              SELECT a.id, a.body, a.lang, CASE WHEN a.staff_id IS NULL THEN 'buyer' ELSE 'shop' END AS by,
                CASE WHEN a.staff_id IS NULL THEN (SELECT CASE WHEN au.deleted_at IS NULL THEN au.name END FROM users au WHERE au.id = a.user_id) ELSE '' END AS author,
                a.created_at, a.helpful_count, ${voted} AS voted
              FROM answers a WHERE a.question_id = q.id AND a.status = 'approved'
              ORDER BY a.staff_id IS NULL, a.helpful_count DESC, a.id) x) AS answers
         FROM questions q JOIN users u ON u.id = q.user_id
         WHERE q.product_id = ${productRef} AND q.status = 'approved'
         ORDER BY q.id DESC LIMIT ?${n + 1} OFFSET ?${n + 2}`,
      )
      .bind(...bind, perPage, (page - 1) * perPage, viewerId ?? 0),
    db
      .prepare(`SELECT count(*) AS n FROM questions WHERE product_id = ${productRef} AND status = 'approved'`)
      .bind(...bind),
  ];
}

function toQuestionView(row: QuestionRow): QuestionView {
  const answers = (
    JSON.parse(row.answers ?? '[]') as Array<
      [number, string, Lang, 'shop' | 'buyer', string | null, number, number, number]
    >
  ).map(
    ([id, body, lang, by, author, created_at, helpful_count, voted]): AnswerView => ({
      id,
      body,
      lang,
      by,
      author: by === 'shop' ? '' : authorName(author),
      created_at,
      helpful_count,
      voted: voted === 1,
    }),
  );
  return {
    id: row.id,
    body: row.body,
    lang: row.lang,
    author: authorName(row.author_name),
    created_at: row.created_at,
    answers,
  };
}

export const readQuestions = (rows: unknown[]) => (rows as QuestionRow[]).map(toQuestionView);
export const readReviews = (rows: unknown[]) => (rows as ReviewRow[]).map(toReviewView);

/** The product page's first reviews (most helpful) and questions, for the product's batch. */
export function previewStatements(db: D1Database, productRef: string, bind: unknown[]): D1PreparedStatement[] {
  const n = bind.length;
  return [
    db
      .prepare(
        `SELECT ${REVIEW_COLUMNS} FROM reviews r JOIN users u ON u.id = r.user_id
         WHERE r.product_id = ${productRef} AND r.status = 'approved' ORDER BY ${ORDER.helpful} LIMIT ?${n + 1}`,
      )
      .bind(...bind, REVIEW_LIMITS.previewCount),
    ...questionPageStatements(db, productRef, bind, 1, REVIEW_LIMITS.previewQuestions, null),
  ];
}
