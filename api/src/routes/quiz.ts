// The supplement quiz (decision 32; spec §7 /quiz/active, /quiz/answer). The active
// version's questions in the request's language (cacheable: a version never changes once published);
// answers scored by the shared engine into product cards with their reason, "because you said" and
// cautions; a signed-in shopper's result is stored and compared with their previous one. Answers are
// health data: never logged, only the owner reads them back (GET /quiz/result names no result id), and
// they go with the account (data-rights/remove-account.ts).
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import type { QuizActiveView, QuizResultView } from '#shared/quiz/api';
import { quizActiveViewSchema, quizResultViewSchema } from '#shared/api/quiz-responses';
import { changesBetween } from '#shared/quiz/changes';
import { checkAnswers, score } from '#shared/quiz/engine';
import type { QuizAnswers, QuizContent } from '#shared/quiz/schema';
import type { AppEnv } from '../app-env';
import { currencyStatement, knownCurrency, rememberCurrencies } from '../lib/currency';
import { ApiError } from '../lib/errors';
import { contract } from '../contract/validate';
import { currentUser, requireUser } from '../middleware/user';
import {
  type CandidateRow,
  candidatesStatement,
  refOf,
  type StoredSuggestion,
  snapshotOf,
  storedSuggestions,
  suggestionViews,
  versionContent,
} from '../quiz/queries';
import { quizAnswerBodySchema } from '#shared/quiz/schema';

export const quizRoutes = new Hono<AppEnv>();

quizRoutes.get(
  '/active',
  contract({
    tag: 'quiz',
    summary:
      "The active quiz version: its id and questions in the request's language, with branching (show_if); cacheable, a published version never changes",
    response: quizActiveViewSchema,
    messages: ['not_found'],
  }),
  async (c) => {
    const row = await c.env.DB.prepare("SELECT id, content FROM quiz_versions WHERE status = 'active'").first<{
      id: number;
      content: string;
    }>();
    if (!row) throw new ApiError(404, 'not_found');
    const content = versionContent(row.id, row.content);
    const lang = c.var.lang;
    const view: QuizActiveView = {
      version_id: row.id,
      title: content.title[lang],
      questions: content.questions.map((q) => ({
        id: q.id,
        kind: q.kind,
        text: q.text[lang],
        help: q.help ? q.help[lang] : null,
        options: q.options.map((o) => ({ id: o.id, text: o.text[lang], ...(o.none ? { none: true as const } : {}) })),
        show_if: q.show_if ?? null,
      })),
    };
    c.header('cache-control', 'public, max-age=300');
    return c.json(ok(view));
  },
);

function scored(
  c: Context<AppEnv>,
  content: QuizContent,
  answers: QuizAnswers,
  rows: CandidateRow[],
  currencyRows: unknown[],
) {
  const checked = checkAnswers(content, answers);
  if (!checked.ok) throw new ApiError(400, 'quiz_answers_invalid');
  rememberCurrencies(currencyRows);
  const currency = knownCurrency(c.var.country)!;
  const result = score(content, checked.answers, snapshotOf(rows));
  const lang = c.var.lang;
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  return {
    answers: checked.answers,
    result,
    view: {
      currency: currency.currency,
      suggestions: suggestionViews(result, rows, lang, currency),
      removed: result.removed.map((r) => ({
        slug: r.slug,
        name: bySlug.get(r.slug)!.name,
        why: r.why.map((w) => w[lang]),
      })),
    },
  };
}

quizRoutes.post(
  '/answer',
  contract({
    tag: 'quiz',
    summary:
      "Score answers against their version (active or retired): up to 6 product cards with reason, 'because you said' and cautions, and the products a safety gate removed; a signed-in shopper's result is stored and compared with their previous one (`changes`). Bad answers: 400 quiz_answers_invalid",
    body: quizAnswerBodySchema,
    response: quizResultViewSchema,
    messages: ['not_found', 'quiz_answers_invalid'],
  }),
  async (c) => {
    // Health data: the answers are not private-cacheable either, and no line of this route logs them.
    c.header('cache-control', 'private, no-store');
    const { version_id, answers } = c.req.valid('json');
    const user = await currentUser(c);
    const db = c.env.DB;
    const [version, candidates, currencies] = await db.batch([
      db.prepare("SELECT id, content FROM quiz_versions WHERE id = ? AND status != 'draft'").bind(version_id),
      candidatesStatement(db, c.var.lang, c.var.country, "? AND v.status != 'draft'", [version_id]),
      currencyStatement(db),
    ]);
    const row = version!.results[0] as { id: number; content: string } | undefined;
    if (!row) throw new ApiError(404, 'not_found');
    const rows = candidates!.results as unknown as CandidateRow[];
    const done = scored(c, versionContent(row.id, row.content), answers, rows, currencies!.results);
    let changes: QuizResultView['changes'] = null;
    let createdAt: number | null = null;
    if (user) {
      const stored = storedSuggestions(done.result, rows);
      const now = Date.now();
      const [, previous] = await db.batch([
        db
          .prepare(
            'INSERT INTO quiz_results (user_id, version_id, answers, suggestions, created_at) VALUES (?, ?, ?, ?, ?)',
          )
          .bind(user.id, row.id, JSON.stringify(done.answers), JSON.stringify(stored), now),
        db
          .prepare('SELECT suggestions FROM quiz_results WHERE user_id = ? ORDER BY id DESC LIMIT 1 OFFSET 1')
          .bind(user.id),
      ]);
      const before = previous!.results[0] as { suggestions: string } | undefined;
      if (before) changes = changesOf(JSON.parse(before.suggestions) as StoredSuggestion[], stored, c.var.lang);
      createdAt = now;
    }
    const view: QuizResultView = {
      version_id: row.id,
      answers: done.answers,
      ...done.view,
      changes,
      created_at: createdAt,
    };
    return c.json(ok(view));
  },
);

function changesOf(before: StoredSuggestion[], after: StoredSuggestion[], lang: AppEnv['Variables']['lang']) {
  const all = new Map([...before, ...after].map((s) => [s.slug, s]));
  const diff = changesBetween(
    before.map((s) => s.slug),
    after.map((s) => s.slug),
  );
  return {
    added: diff.added.map((s) => refOf(all.get(s)!, lang)),
    removed: diff.removed.map((s) => refOf(all.get(s)!, lang)),
  };
}

quizRoutes.get(
  '/result',
  contract({
    tag: 'quiz',
    summary:
      "The signed-in shopper's latest result, scored again from its stored version, with what changed since the one before; null when they have none",
    user: true,
    response: quizResultViewSchema.nullable(),
    // A stored result whose answers its version no longer takes (never written so, but checked).
    messages: ['quiz_answers_invalid'],
  }),
  async (c) => {
    c.header('cache-control', 'private, no-store');
    const user = await requireUser(c);
    const db = c.env.DB;
    const [results, candidates, currencies] = await db.batch([
      db
        .prepare(
          `SELECT r.version_id, r.answers, r.suggestions, r.created_at, v.content
         FROM quiz_results r JOIN quiz_versions v ON v.id = r.version_id
         WHERE r.user_id = ? ORDER BY r.id DESC LIMIT 2`,
        )
        .bind(user.id),
      candidatesStatement(
        db,
        c.var.lang,
        c.var.country,
        '(SELECT x.version_id FROM quiz_results x WHERE x.user_id = ? ORDER BY x.id DESC LIMIT 1)',
        [user.id],
      ),
      currencyStatement(db),
    ]);
    type Stored = { version_id: number; answers: string; suggestions: string; created_at: number; content: string };
    const [latest, previous] = results!.results as unknown as Stored[];
    if (!latest) return c.json(ok(null));
    const rows = candidates!.results as unknown as CandidateRow[];
    const content = versionContent(latest.version_id, latest.content);
    const done = scored(c, content, JSON.parse(latest.answers) as QuizAnswers, rows, currencies!.results);
    const view: QuizResultView = {
      version_id: latest.version_id,
      answers: done.answers,
      ...done.view,
      changes: previous
        ? changesOf(
            JSON.parse(previous.suggestions) as StoredSuggestion[],
            JSON.parse(latest.suggestions) as StoredSuggestion[],
            c.var.lang,
          )
        : null,
      created_at: latest.created_at,
    };
    return c.json(ok(view));
  },
);
