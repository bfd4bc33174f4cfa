// The quiz's reads (decision 32). A version is immutable once published, so its parsed
// content is kept per isolate by id. The catalogue snapshot the engine scores against is one SELECT
// that reads the version's targets from its stored JSON (json_each), so it runs in the same batch as
// the version or the stored result it belongs to: at most 3 products per target, the popular first.
import type { QuizCatalogueProduct, QuizScore, QuizSuggestion } from '#shared/quiz/engine';
import { type Dose, isNutrient } from '#shared/blood-tests/upper-limits';
import { parseQuizContent, QUIZ_LIMITS, type QuizContent } from '#shared/quiz/schema';
import type { QuizProductRef, QuizSuggestionView } from '#shared/quiz/api';
import type { CountryCode, Lang } from '#shared/locale';
import { payableMinor, type CurrencyInfo } from '#shared/money';
import { cardColumns, cardFrom, toCard, type CardRow } from '../catalogue/cards';
import { ApiError } from '../lib/errors';

const parsed = new Map<number, QuizContent>();

/** A stored version's content; a version that no longer parses is a server fault (publishing checks it). */
export function versionContent(id: number, json: string): QuizContent {
  const known = parsed.get(id);
  if (known) return known;
  const result = parseQuizContent(json);
  if (!result.ok) throw new ApiError(500, 'server_error');
  // Drafts change: only published versions are kept.
  parsed.set(id, result.content);
  return result.content;
}

/**
 * The catalogue snapshot for a version's targets. `versionSql` is an SQL expression for the version id
 * (a parameter, or a sub-select of the shopper's latest result), whose bindings are `binds`.
 */
export function candidatesStatement(
  db: D1Database,
  lang: Lang,
  /** The shopper's country: the cards in its prices, only what it sells. */
  country: CountryCode,
  versionSql: string,
  binds: unknown[],
): D1PreparedStatement {
  return db
    .prepare(
      `WITH tg AS (
         SELECT DISTINCT json_extract(t.value, '$.kind') AS kind, json_extract(t.value, '$.key') AS key
         FROM quiz_versions v, json_each(v.content, '$.rules') r, json_each(r.value, '$.targets') t
         WHERE v.id = ${versionSql}
       ),
       hits AS (
         SELECT tg.kind, tg.key, p.id AS product_id FROM tg JOIN products p ON tg.kind = 'product' AND p.slug = tg.key
         UNION
         SELECT tg.kind, tg.key, p.id FROM tg JOIN categories c ON tg.kind = 'category' AND c.slug = tg.key
           JOIN products p ON p.category_id = c.id OR p.category_id IN (SELECT k.id FROM categories k WHERE k.parent_id = c.id)
         UNION
         SELECT tg.kind, tg.key, k.product_id FROM tg JOIN sku_nutrients n ON tg.kind = 'nutrient' AND n.nutrient = tg.key
           JOIN skus k ON k.id = n.sku_id
       ),
       ranked AS (
         SELECT h.kind, h.key, h.product_id,
           row_number() OVER (PARTITION BY h.kind, h.key ORDER BY p.in_stock DESC, p.popularity DESC, p.id) AS n
         FROM hits h JOIN products p ON p.id = h.product_id WHERE p.is_active = 1
       ),
       picked AS (
         SELECT product_id, group_concat(kind || ':' || key, '|') AS targets FROM ranked WHERE n <= ${QUIZ_LIMITS.productsPerTarget}
         GROUP BY product_id
       )
       SELECT picked.targets, lower(p.name_en || ' ' || coalesce(p.ingredients_en, '')) AS ingredients_text, p.name_en, p.name_ar,
         (SELECT group_concat(DISTINCT sn.nutrient) FROM skus k2 JOIN sku_nutrients sn ON sn.sku_id = k2.id WHERE k2.product_id = p.id) AS nutrients,
         (SELECT group_concat(sn.nutrient || ' ' || sn.amount || ' ' || sn.unit, '|') FROM sku_nutrients sn WHERE sn.sku_id = s.id) AS doses,
         ${cardColumns(lang)}
       FROM picked, ${cardFrom(country)}
       WHERE p.id = picked.product_id
       ORDER BY p.in_stock DESC, p.popularity DESC, p.id`,
    )
    .bind(...binds);
}

export interface CandidateRow extends CardRow {
  targets: string;
  ingredients_text: string | null;
  nutrients: string | null;
  /** The card's size's daily doses: 'nutrient amount unit' joined by '|'. */
  doses: string | null;
  name_en: string;
  name_ar: string;
}

export function snapshotOf(rows: CandidateRow[]): QuizCatalogueProduct[] {
  return rows.map((r, rank) => ({
    slug: r.slug,
    targets: r.targets.split('|'),
    nutrients: r.nutrients ? r.nutrients.split(',') : [],
    ingredients: r.ingredients_text ?? '',
    rank,
    doses: dosesOf(r.doses),
  }));
}

function dosesOf(text: string | null): Dose[] {
  if (!text) return [];
  return text.split('|').flatMap((part) => {
    const [nutrient, amount, unit] = part.split(' ');
    return nutrient && isNutrient(nutrient) && amount && (unit === 'IU' || unit === 'mcg' || unit === 'mg')
      ? [{ nutrient, amount, unit }]
      : [];
  });
}

/** The scored suggestions as product cards in the request's language, with the shopper's price. */
export function suggestionViews(
  result: QuizScore,
  rows: CandidateRow[],
  lang: Lang,
  currency: CurrencyInfo,
): QuizSuggestionView[] {
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const view = (s: QuizSuggestion): Omit<QuizSuggestionView, 'alternatives'> => {
    const card = toCard(bySlug.get(s.slug)!);
    const { price, old_price } = card.default_sku.price;
    return {
      ...card,
      reason: s.reason[lang],
      reason_texts: s.reason,
      reasons: s.reasons.map((r) => r[lang]),
      because: s.because.map((b) => ({ question: b.question[lang], answer: b.answer[lang] })),
      cautions: s.cautions.map((c) => c[lang]),
      payable: {
        price: payableMinor(price, currency),
        old_price: old_price === null ? null : payableMinor(old_price, currency),
      },
    };
  };
  // An alternative has none of its own (the engine gives it none).
  return result.suggestions.map((s) => ({
    ...view(s),
    alternatives: s.alternatives.map((a) => ({ ...view(a), alternatives: [] as [] })),
  }));
}

/** What a stored result keeps of its suggestions: enough to say what changed after a retake. */
export interface StoredSuggestion {
  slug: string;
  name_en: string;
  name_ar: string;
}

export function storedSuggestions(result: QuizScore, rows: CandidateRow[]): StoredSuggestion[] {
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  return result.suggestions.map((s) => {
    const r = bySlug.get(s.slug)!;
    return { slug: s.slug, name_en: r.name_en, name_ar: r.name_ar };
  });
}

export function refOf(s: StoredSuggestion, lang: Lang): QuizProductRef {
  return { slug: s.slug, name: lang === 'ar' ? s.name_ar : s.name_en };
}
