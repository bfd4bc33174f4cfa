// What the shop's suggestions may show a signed-in shopper (issue 64): the same gates a nutritionist's
// list and the quiz pass (shared/safety/recommendation-gates.ts, shared/quiz/engine.ts quizStops), with
// what the shop knows of her: her latest intake's pregnancy and medicine classes (the medicines are
// sealed: opened here with the consultation's key, never stored elsewhere), her age from her blood-test
// profile, and her latest quiz answers. A suggestion cannot carry an acknowledged warning, so a product
// that raises any gate for her (above an upper limit at its daily dose, not established in pregnancy,
// an interaction with her medicines, a quiz caution) is left out, never shown with a warning. A shopper
// the shop knows nothing of still gets the upper-limit gate. No round trip of its own (issue 76): her
// rows are one JSON column (herJson) and the cards' SKUs ride in the statements a page already runs.
import type { Intake, PregnancyState } from '#shared/consultations/intake';
import { completedYears } from '#shared/api/blood-test-results-schemas';
import { homeDate } from '#shared/country-days';
import type { CountryCode, Lang } from '#shared/locale';
import { quizStops } from '#shared/quiz/engine';
import type { QuizAnswers, QuizContent } from '#shared/quiz/schema';
import { type GateShopper, recommendationWarnings } from '#shared/safety/recommendation-gates';
import type { Keyring, WrappedDataKey } from '../lib/keyring';
import { versionContent } from '../quiz/queries';
import { healthSealer, openText, primeKey } from '../consultations/seal';
import { type GateSku, gateColumns, gateSkuOf, skusFrom } from '../consultations/practice/products';
import { cardFrom } from '../catalogue/cards';

export interface HerSafety {
  shopper: GateShopper;
  quiz: { content: QuizContent; answers: QuizAnswers } | null;
}

/** Who she is in SQL: an expression for her user id and its bindings (?1, ?2: nothing else is bound). */
export interface Me {
  sql: string;
  binds: unknown[];
}

/** Her rows the gates read, as one JSON object (each subquery's answer through json(): a subquery
 * answers plain text, which json_object would keep as a string) for a user given as SQL (`user`): the latest intake
 * (with its key), the latest quiz answers (and what it suggested), her blood-test profile (her age). One
 * expression, so it rides in a statement the page runs anyway (issue 76: her parts cost what they show). */
export function herJson(user: string): string {
  return `json_object(
    'intake', json((SELECT json_object('consultation_id', i.consultation_id, 'pregnancy', i.pregnancy, 'sealed', i.sealed,
        'wrapped_key', k.wrapped_key, 'key_version', k.key_version)
      FROM consultation_intakes i JOIN consultations c ON c.id = i.consultation_id
      LEFT JOIN consultation_keys k ON k.consultation_id = i.consultation_id
      WHERE c.user_id = ${user} ORDER BY c.starts_at DESC, c.id DESC LIMIT 1)),
    'quiz', json((SELECT json_object('version_id', r.version_id, 'answers', r.answers, 'suggestions', r.suggestions, 'content', v.content)
      FROM quiz_results r JOIN quiz_versions v ON v.id = r.version_id WHERE r.user_id = ${user} ORDER BY r.id DESC LIMIT 1)),
    'profile', json((SELECT json_object('sex', sex, 'date_of_birth', date_of_birth) FROM blood_test_profiles WHERE user_id = ${user})))`;
}

/** What herJson answered, as readHer and quizSlugs read it: her intake's, quiz's and profile's rows. */
export function herRows(text: string | null): D1Result[] {
  const her = (text ? JSON.parse(text) : {}) as { intake?: unknown; quiz?: unknown; profile?: unknown };
  const rows = (row: unknown) => ({ results: row ? [row] : [] }) as unknown as D1Result;
  return [rows(her.intake), rows(her.quiz), rows(her.profile)];
}

/** The slugs her latest quiz suggested (stored with the result: quiz/queries.ts storedSuggestions). */
export function quizSlugs([, quizRes]: D1Result[]): string[] {
  const row = quizRes!.results[0] as { suggestions: string } | undefined;
  if (!row) return [];
  return (JSON.parse(row.suggestions) as Array<{ slug: string }>).map((s) => s.slug);
}

export async function readHer(
  db: D1Database,
  ring: Keyring | null,
  [intakeRes, quizRes, profileRes]: D1Result[],
  now: number,
): Promise<HerSafety> {
  const intake = intakeRes!.results[0] as
    | {
        consultation_id: number;
        pregnancy: PregnancyState;
        sealed: string;
        wrapped_key: string | null;
        key_version: number;
      }
    | undefined;
  let medicines: string[] = [];
  if (intake && ring) {
    const sealer = healthSealer(db, ring);
    const key: WrappedDataKey | null = intake.wrapped_key
      ? { wrapped_key: intake.wrapped_key, key_version: intake.key_version }
      : null;
    primeKey(sealer, intake.consultation_id, key);
    const text = await openText(sealer, intake.consultation_id, intake.sealed).catch(() => null);
    medicines = text ? ((JSON.parse(text) as Intake).medicines ?? []).map((m) => m.class) : [];
  }
  const quiz = quizRes!.results[0] as { version_id: number; answers: string; content: string } | undefined;
  const born = (profileRes!.results[0] as { date_of_birth: string | null } | undefined)?.date_of_birth;
  return {
    shopper: {
      pregnancy: intake?.pregnancy === 'pregnant' || intake?.pregnancy === 'breastfeeding' ? intake.pregnancy : 'none',
      // On the home country's date: another zone moves an age by at most an hour on her birthday.
      age: born ? completedYears(born, homeDate(now)) : null,
      medicines,
    },
    quiz: quiz
      ? { content: versionContent(quiz.version_id, quiz.content), answers: JSON.parse(quiz.answers) as QuizAnswers }
      : null,
  };
}

/** What the gates read of the SKU each product's card shows (catalogue/cards.ts cardFrom), for the
 * products `where` (an SQL condition on `p`, its bindings `binds`) picks. */
export function gateStatement(
  db: D1Database,
  lang: Lang,
  country: CountryCode,
  where: string,
  binds: unknown[],
): D1PreparedStatement {
  return db.prepare(`SELECT ${gateColumns(lang)} FROM ${cardFrom(country)} WHERE ${where}`).bind(...binds);
}

/** gateStatement's rows, by product id. */
export function gatesByProduct(result: D1Result): Map<number, GateSku> {
  return new Map([...skusFrom(result).values()].map((sku) => [sku.product_id, sku]));
}

/**
 * A shopper the shop knows nothing of (a guest, or one with no intake, quiz or blood-test profile): the
 * gates still stop what is above an upper limit at its daily dose for an adult (decision 79: everyone's
 * suggestions pass them, a guest's as this shopper's).
 */
export const NOBODY: HerSafety = { shopper: { pregnancy: 'none', age: null, medicines: [] }, quiz: null };

/**
 * The cards the gates let be suggested to her, given what they read of each card's SKU (`gateJson`
 * columns by SKU id): the one filter of a product page's lists, her trip's and the cart's.
 */
export function passGates(gates: ReadonlyMap<number, string>, her: HerSafety) {
  const read = new Map([...gates].map(([sku, gate]) => [sku, gateSkuOf(gate)]));
  return <C extends { default_sku: { id: number } }>(cards: C[]): C[] =>
    cards.filter((card) => mayShow(read.get(card.default_sku.id), her));
}

/** Whether the gates let this SKU be suggested to her (an SKU the catalogue no longer sells never is). */
export function mayShow(sku: GateSku | undefined, her: HerSafety): boolean {
  if (!sku) return false;
  if (recommendationWarnings({ name: sku.name, ingredients: sku.ingredients, doses: sku.doses }, 1, her.shopper).length)
    return false;
  if (!her.quiz) return true;
  const product = {
    nutrients: sku.doses.map((d) => d.nutrient),
    ingredients: `${sku.name} ${sku.ingredients}`.toLowerCase(),
    doses: sku.doses,
  };
  return !quizStops(her.quiz.content, her.quiz.answers, product);
}
