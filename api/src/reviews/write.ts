// What shoppers write: reviews (buyers who received the product), questions (anyone signed in),
// answers (buyers), helpful votes and reports. Every text goes through the shop's rules
// (shared/reviews/text-rules.ts) and its moderation setting before anything is shown.
import { REVIEW_LIMITS, RATING_PRIOR, type ModerationMode, type TextStatus } from '#shared/reviews/rules';
import { textFlags, type TextFlag } from '#shared/reviews/text-rules';
import type { ReportReason } from '#shared/reviews/rules';
import { reviewPointsInShard, reviewPointsStatements } from '../loyalty/review';
import { type DatabaseEnv, routeFrom, routeStatement, userOwner } from '../db/databases';
import { ApiError } from '../lib/errors';
import { checkedImage, renditionSize, storeRenditions } from '../media/upload';
import { storedKeys } from '../media/renditions';

/** The shop's moderation setting and the review-request delay (shop_settings). */
export function settingsStatement(db: D1Database): D1PreparedStatement {
  return db.prepare("SELECT key, value FROM shop_settings WHERE key IN ('reviews.moderation', 'reviews.request_days')");
}

export interface ReviewSettings {
  moderation: ModerationMode;
  requestDays: number;
}

export function readSettings(rows: unknown[]): ReviewSettings {
  const map = new Map((rows as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
  const days = Number(map.get('reviews.request_days'));
  return {
    moderation: map.get('reviews.moderation') === 'rules' ? 'rules' : 'staff',
    requestDays: Number.isInteger(days) && days > 0 ? days : 7,
  };
}

/** Whether this shopper has a delivered order holding the product (an archived one by its product list, decision 60). */
export function receivedStatement(
  db: D1Database,
  userId: number,
  productSql: string,
  bind: unknown[],
): D1PreparedStatement {
  const n = bind.length;
  return db
    .prepare(
      `SELECT EXISTS (SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.user_id = ?${n + 1} AND o.status = 'delivered' AND i.product_id = ${productSql})
       OR EXISTS (SELECT 1 FROM orders o JOIN json_each(o.archived_products) j
         WHERE o.user_id = ?${n + 1} AND o.status = 'delivered' AND o.archived_at IS NOT NULL AND j.value = ${productSql}) AS received`,
    )
    .bind(...bind, userId);
}

/**
 * Whether she received the product, her orders being in her order shard (decision 61): `route` and
 * `received` are the answers of her routeStatement and receivedStatement in the caller's batch of the
 * core; when her route names another shard the check is asked there (one round trip more).
 */
export async function receivedMine(
  env: DatabaseEnv,
  userId: number,
  productId: number,
  route: D1Result,
  received: D1Result,
): Promise<boolean> {
  const where = routeFrom(env, route.results[0] as Parameters<typeof routeFrom>[1]);
  const row =
    where.binding === 'DB'
      ? (received.results[0] as { received: number } | undefined)
      : await receivedStatement(where.db, userId, '?1', [productId]).first<{ received: number }>();
  return row?.received === 1;
}

/** Shown at once only when the shop lets clean texts through and no rule held this one. */
export function statusFor(mode: ModerationMode, flags: TextFlag[]): TextStatus {
  return mode === 'rules' && flags.length === 0 ? 'approved' : 'pending';
}

const scoreSql = (sum: string, count: string) =>
  `CASE WHEN ${count} = 0 THEN 0 ELSE CAST(round((${RATING_PRIOR.mean * RATING_PRIOR.weight} + ${sum}) * 1000.0 / (${RATING_PRIOR.weight} + ${count})) AS INTEGER) END`;

/**
 * The product's shown ratings counted again from its shown reviews (cards, the rating sort): in the
 * batch of every change that shows or hides a review. The score is ratingScore()'s (an integration test
 * compares them).
 */
export function recountStatement(db: D1Database, productId: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE products SET rating_count = t.n, rating_sum = t.s, rating_score = ${scoreSql('t.s', 't.n')}
       FROM (SELECT count(*) AS n, coalesce(sum(rating), 0) AS s FROM reviews WHERE product_id = ?1 AND status = 'approved') t
       WHERE products.id = ?1`,
    )
    .bind(productId);
}

interface ExistingReview {
  id: number;
  status: TextStatus;
  photos: string | null;
}

export interface SavedReview {
  id: number;
  status: TextStatus;
  held_for: TextFlag[];
  /** A shown review was added, changed or hidden: the guest pages' cache must move on. */
  shownChanged: boolean;
}

/**
 * Writes the shopper's review of a product (a second call edits it): checks she received it, judges the
 * text, re-encodes new photos (EXIF and all other metadata gone), keeps the ones she kept, and counts the
 * product's ratings again, all in one batch after the photos are stored.
 */
export async function saveReview(
  env: Pick<ApiEnv, 'DB' | 'MEDIA' | 'IMAGES'>,
  userId: number,
  productId: number,
  input: { rating: number; title: string; body: string; lang: 'en' | 'ar'; photos: string[]; keep_photos: number[] },
): Promise<SavedReview> {
  const db = env.DB;
  const [route, product, received, settings, existing] = await db.batch([
    routeStatement(env, userOwner(userId)),
    db.prepare('SELECT 1 AS ok FROM products WHERE id = ? AND is_active = 1').bind(productId),
    receivedStatement(db, userId, '?1', [productId]),
    settingsStatement(db),
    db
      .prepare(
        `SELECT r.id, r.status, (SELECT json_group_array(json_array(position, r2_key, width, height)) FROM review_photos WHERE review_id = r.id) AS photos
         FROM reviews r WHERE r.product_id = ? AND r.user_id = ?`,
      )
      .bind(productId, userId),
  ]);
  if (!product!.results.length) throw new ApiError(404, 'not_found');
  if (!(await receivedMine(env, userId, productId, route!, received!))) throw new ApiError(403, 'review_not_received');
  // Her points are in her order shard: a review approved on writing earns them there, after the core's batch.
  const shard = routeFrom(env, route!.results[0] as Parameters<typeof routeFrom>[1]);
  const mode = readSettings(settings!.results).moderation;
  // A review approved on writing credits points: not while her move holds her writes (tried again).
  if (mode === 'rules' && shard.moving) throw new ApiError(503, 'service_busy');
  const before = existing!.results[0] as ExistingReview | undefined;

  const kept = before
    ? (JSON.parse(before.photos ?? '[]') as Array<[number, string, number, number]>).filter(([position]) =>
        input.keep_photos.includes(position),
      )
    : [];
  if (kept.length + input.photos.length > REVIEW_LIMITS.photosMax) throw new ApiError(400, 'review_photos_too_many');
  // Checked whole before any is stored: one bad photo stores none.
  const fresh = input.photos.map((base64) => {
    const image = shopperPhoto(base64);
    return { image, size: renditionSize('review', image) };
  });
  const stems: Array<{ key: string; width: number; height: number }> = [];
  for (const { image, size } of fresh) {
    const key = `reviews/p${productId}/u${Date.now().toString(36)}${crypto.randomUUID().slice(0, 8)}`;
    await storeRenditions(env, 'review', key, image, { og: false });
    stems.push({ key, ...size });
  }

  const flags = textFlags(input.title, input.body);
  const status = statusFor(mode, flags);
  const now = Date.now();
  const photos = [...kept.map(([, key, width, height]) => ({ key, width, height })), ...stems];
  const reviewId = '(SELECT id FROM reviews WHERE product_id = ?1 AND user_id = ?2)';
  const results = await db.batch([
    db
      .prepare(
        `INSERT INTO reviews (product_id, user_id, rating, title, body, lang, verified, status, held_for, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?8, ?9, ?9)
         ON CONFLICT (product_id, user_id) DO UPDATE SET rating = excluded.rating, title = excluded.title,
           body = excluded.body, lang = excluded.lang, verified = 1, status = excluded.status, held_for = excluded.held_for,
           reject_reason = NULL, decided_at = NULL, decided_by = NULL, updated_at = excluded.updated_at
         RETURNING id`,
      )
      .bind(productId, userId, input.rating, input.title, input.body, input.lang, status, JSON.stringify(flags), now),
    db.prepare(`DELETE FROM review_photos WHERE review_id = ${reviewId}`).bind(productId, userId),
    ...photos.map((p, position) =>
      db
        .prepare(
          `INSERT INTO review_photos (review_id, position, r2_key, width, height) VALUES (${reviewId}, ?3, ?4, ?5, ?6)`,
        )
        .bind(productId, userId, position, p.key, p.width, p.height),
    ),
    recountStatement(db, productId),
    // Approved on writing (the shop's rules let it through): her first approved review earns points.
    ...(status === 'approved' && shard.binding === 'DB'
      ? await reviewPointsStatements(
          db,
          userId,
          {
            sql: 'SELECT id FROM reviews WHERE product_id = ? AND user_id = ?',
            binds: [productId, userId],
          },
          now,
        )
      : []),
  ]);
  // Photos she took off the review are not kept anywhere.
  const dropped = before
    ? (JSON.parse(before.photos ?? '[]') as Array<[number, string]>).filter(
        ([position]) => !input.keep_photos.includes(position),
      )
    : [];
  if (dropped.length) await env.MEDIA.delete(dropped.flatMap(([, key]) => storedKeys('review', key, false)));
  const id = (results[0]!.results[0] as { id: number }).id;
  // In another shard her points follow the approved review (the ledger's event key makes them once).
  if (status === 'approved' && shard.binding !== 'DB')
    await shard.db.batch(await reviewPointsInShard(db, shard.db, userId, id, now));
  return { id, status, held_for: flags, shownChanged: status === 'approved' || before?.status === 'approved' };
}

/** The catalogue's image check, in the shopper's words (JPEG, PNG or WebP; 5 MB). */
function shopperPhoto(base64: string) {
  try {
    return checkedImage(base64);
  } catch (error) {
    if (error instanceof ApiError)
      throw new ApiError(error.status, error.status === 413 ? 'review_photo_too_large' : 'review_photo_unsupported');
    throw error;
  }
}

/** Takes the shopper's own review away, its photos with it. */
export async function removeReview(
  env: Pick<ApiEnv, 'DB' | 'MEDIA'>,
  userId: number,
  productId: number,
): Promise<boolean> {
  const db = env.DB;
  const row = await db
    .prepare(
      `SELECT r.id, r.status, (SELECT json_group_array(r2_key) FROM review_photos WHERE review_id = r.id) AS photos
       FROM reviews r WHERE r.product_id = ? AND r.user_id = ?`,
    )
    .bind(productId, userId)
    .first<{ id: number; status: TextStatus; photos: string }>();
  if (!row) throw new ApiError(404, 'not_found');
  await db.batch([
    db.prepare('DELETE FROM review_photos WHERE review_id = ?').bind(row.id),
    db.prepare('DELETE FROM review_votes WHERE review_id = ?').bind(row.id),
    db.prepare('DELETE FROM review_reports WHERE review_id = ?').bind(row.id),
    db.prepare('DELETE FROM reviews WHERE id = ?').bind(row.id),
    recountStatement(db, productId),
  ]);
  const keys = JSON.parse(row.photos) as string[];
  if (keys.length) await env.MEDIA.delete(keys.flatMap((key) => storedKeys('review', key, false)));
  return row.status === 'approved';
}

/** A question about a product, from anyone signed in. */
export async function saveQuestion(
  db: D1Database,
  userId: number,
  productId: number,
  input: { body: string; lang: 'en' | 'ar' },
): Promise<{ id: number; status: TextStatus }> {
  const [product, settings] = await db.batch([
    db.prepare('SELECT 1 AS ok FROM products WHERE id = ? AND is_active = 1').bind(productId),
    settingsStatement(db),
  ]);
  if (!product!.results.length) throw new ApiError(404, 'not_found');
  const flags = textFlags(input.body);
  const status = statusFor(readSettings(settings!.results).moderation, flags);
  const row = await db
    .prepare(
      `INSERT INTO questions (product_id, user_id, body, lang, status, held_for, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(productId, userId, input.body, input.lang, status, JSON.stringify(flags), Date.now())
    .first<{ id: number }>();
  return { id: row!.id, status };
}

/** An answer from a shopper: only one who received the product may answer for it. */
export async function saveAnswer(
  env: DatabaseEnv,
  userId: number,
  questionId: number,
  input: { body: string; lang: 'en' | 'ar' },
): Promise<{ id: number; status: TextStatus }> {
  const db = env.DB;
  const productSql = '(SELECT product_id FROM questions WHERE id = ?1)';
  const [route, question, received, settings] = await db.batch([
    routeStatement(env, userOwner(userId)),
    db.prepare("SELECT product_id FROM questions WHERE id = ? AND status = 'approved'").bind(questionId),
    receivedStatement(db, userId, productSql, [questionId]),
    settingsStatement(db),
  ]);
  const asked = question!.results[0] as { product_id: number } | undefined;
  if (!asked) throw new ApiError(404, 'not_found');
  if (!(await receivedMine(env, userId, asked.product_id, route!, received!)))
    throw new ApiError(403, 'answer_not_buyer');
  const flags = textFlags(input.body);
  const status = statusFor(readSettings(settings!.results).moderation, flags);
  const row = await db
    .prepare(
      `INSERT INTO answers (question_id, user_id, body, lang, status, held_for, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(questionId, userId, input.body, input.lang, status, JSON.stringify(flags), Date.now())
    .first<{ id: number }>();
  return { id: row!.id, status };
}

type Votable = 'review' | 'answer';
const VOTES: Record<Votable, { table: string; votes: string; key: string; owner: string }> = {
  review: { table: 'reviews', votes: 'review_votes', key: 'review_id', owner: 'user_id' },
  answer: { table: 'answers', votes: 'answer_votes', key: 'answer_id', owner: 'user_id' },
};

/** "Was this helpful": one vote a shopper, taken back with `value: false`; never on her own text. */
export async function vote(
  db: D1Database,
  kind: Votable,
  id: number,
  userId: number,
  value: boolean,
): Promise<{ helpful_count: number; voted: boolean }> {
  const v = VOTES[kind];
  const row = await db
    .prepare(`SELECT ${v.owner} AS owner FROM ${v.table} WHERE id = ? AND status = 'approved'`)
    .bind(id)
    .first<{ owner: number | null }>();
  if (!row) throw new ApiError(404, 'not_found');
  if (row.owner === userId) throw new ApiError(403, 'vote_own_text');
  const [, , count] = await db.batch([
    value
      ? db
          .prepare(`INSERT INTO ${v.votes} (${v.key}, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`)
          .bind(id, userId, Date.now())
      : db.prepare(`DELETE FROM ${v.votes} WHERE ${v.key} = ? AND user_id = ?`).bind(id, userId),
    db
      .prepare(
        `UPDATE ${v.table} SET helpful_count = (SELECT count(*) FROM ${v.votes} WHERE ${v.key} = ?1) WHERE id = ?1`,
      )
      .bind(id),
    db.prepare(`SELECT helpful_count FROM ${v.table} WHERE id = ?`).bind(id),
  ]);
  return { helpful_count: (count!.results[0] as { helpful_count: number }).helpful_count, voted: value };
}

/**
 * A shopper's report of a shown review: one each; at the shop's threshold of distinct reporters the
 * review goes back to the queue (hidden, held for 'reported') until a person decides.
 */
export async function report(
  db: D1Database,
  reviewId: number,
  userId: number,
  reason: ReportReason,
): Promise<{ hidden: boolean; productId: number }> {
  const row = await db
    .prepare("SELECT product_id, user_id FROM reviews WHERE id = ? AND status = 'approved'")
    .bind(reviewId)
    .first<{ product_id: number; user_id: number }>();
  if (!row) throw new ApiError(404, 'not_found');
  if (row.user_id === userId) throw new ApiError(403, 'vote_own_text');
  const [, , hide] = await db.batch([
    db
      .prepare(
        'INSERT INTO review_reports (review_id, user_id, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      )
      .bind(reviewId, userId, reason, Date.now()),
    db
      .prepare(
        'UPDATE reviews SET report_count = (SELECT count(*) FROM review_reports WHERE review_id = ?1) WHERE id = ?1',
      )
      .bind(reviewId),
    db
      .prepare(
        `UPDATE reviews SET status = 'pending', held_for = json_insert(held_for, '$[#]', 'reported'), updated_at = ?2
         WHERE id = ?1 AND status = 'approved' AND report_count >= ?3 RETURNING id`,
      )
      .bind(reviewId, Date.now(), REVIEW_LIMITS.reportsToHide),
    recountStatement(db, row.product_id),
  ]);
  return { hidden: hide!.results.length > 0, productId: row.product_id };
}
