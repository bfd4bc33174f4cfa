// The quiz in the back office: the versions (draft, active, retired; who made each and
// when), one version's content as JSON (editable while a draft, checked with the shared schema, its
// problems listed), a preview of its questions, and publishing.
import { UPPER_LIMITS } from '#shared/blood-tests/upper-limits';
import { parseQuizContent } from '#shared/quiz/schema';
import {
  ESTABLISHED_NUTRIENTS_IN_PREGNANCY,
  ESTABLISHED_TERMS_IN_PREGNANCY,
  NOT_ESTABLISHED_TERMS_IN_PREGNANCY,
  NUTRIENT_NAME,
  type SafetyTerm,
  doseInWords,
} from '#shared/safety/supplement-safety';
import type { StaffQuizVersionRow, StaffQuizVersionView } from '#shared/quiz/staff';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../lib/api';
import type { StaffTranslator } from '../lib/i18n';
import { Notice, type FormState } from './Customers';
import { Layout } from './Layout';
import { HOME_COUNTRY } from '#shared/countries';

const status = (t: StaffTranslator, s: StaffQuizVersionRow['status']) => t.t(`st_quiz_status_${s}`);
const when = (t: StaffTranslator, ms: number | null) => (ms === null ? '—' : formatDate(ms, t.lang, HOME_COUNTRY));

export function QuizVersionsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  versions: StaffQuizVersionRow[];
  state?: FormState;
}) {
  const { t, versions, me } = props;
  const canWrite = me.permissions.includes('catalogue:write');
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_quiz_title')} path="/quiz">
      <h1>{t.t('st_quiz_title')}</h1>
      <p className="muted">{t.t('st_quiz_intro')}</p>
      <Notice t={t} state={props.state} />
      {canWrite && versions.some((v) => v.status === 'active') && (
        <form method="post" action="/quiz/new">
          <button type="submit">{t.t('st_quiz_new_draft')}</button>
        </form>
      )}
      {versions.length === 0 ? (
        <p>{t.t('st_quiz_none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_quiz_version', { id: '' }).trim()}</th>
                <th scope="col">{t.t('st_quiz_status')}</th>
                <th scope="col">{t.t('st_quiz_created_by')}</th>
                <th scope="col">{t.t('st_quiz_created_at')}</th>
                <th scope="col">{t.t('st_quiz_published_at')}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.id} data-version={v.id}>
                  <td>
                    <a href={`/quiz/${v.id}`}>{t.t('st_quiz_version', { id: t.n(v.id) })}</a>
                  </td>
                  <td>{status(t, v.status)}</td>
                  <td>{v.created_by ?? t.t('st_quiz_seed')}</td>
                  <td>{when(t, v.created_at)}</td>
                  <td>{when(t, v.published_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <SafetyRules t={t} />
    </Layout>
  );
}

/**
 * The shop's supplement safety rules (shared/safety), which every version's suggestions pass after the
 * version's own cautions: listed with their sources for review beside the content. They change with
 * the code, through review, not here.
 */
function SafetyRules({ t }: { t: StaffTranslator }) {
  const terms = (list: readonly SafetyTerm[]) => (
    <ul>
      {list.map((x) => (
        <li key={x.term}>
          <span lang="en">{x.term}</span> ·{' '}
          <a href={x.source.url} rel="noreferrer">
            {x.source.name}
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="card stack" aria-labelledby="quiz-safety" data-testid="quiz-safety-rules">
      <h2 id="quiz-safety">{t.t('st_quiz_safety_title')}</h2>
      <p className="muted">{t.t('st_quiz_safety_intro')}</p>
      <h3>{t.t('st_quiz_safety_pregnancy')}</h3>
      <p>
        {t.t('st_quiz_safety_nutrients', {
          names: ESTABLISHED_NUTRIENTS_IN_PREGNANCY.map((n) => NUTRIENT_NAME[n][t.lang]).join(
            t.lang === 'ar' ? '، ' : ', ',
          ),
        })}
      </p>
      <p>{t.t('st_quiz_safety_established')}</p>
      {terms(ESTABLISHED_TERMS_IN_PREGNANCY)}
      <p>{t.t('st_quiz_safety_not_established')}</p>
      {terms(NOT_ESTABLISHED_TERMS_IN_PREGNANCY)}
      <h3>{t.t('st_quiz_safety_upper_limits')}</h3>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.t('st_quiz_safety_nutrient')}</th>
              <th scope="col">{t.t('st_quiz_safety_limit')}</th>
              <th scope="col">{t.t('st_quiz_safety_source')}</th>
            </tr>
          </thead>
          <tbody>
            {UPPER_LIMITS.map((l) => (
              <tr key={l.nutrient}>
                <td>{NUTRIENT_NAME[l.nutrient][t.lang]}</td>
                <td>
                  {l.bands.length === 0
                    ? t.t('st_quiz_safety_no_limit')
                    : l.bands
                        .map((b) =>
                          t.t('st_quiz_safety_band', {
                            ages: b.ageMax === null ? `${t.n(b.ageMin)}+` : `${t.n(b.ageMin)}–${t.n(b.ageMax)}`,
                            amount: doseInWords(b.amount, l.unit, t.lang),
                          }),
                        )
                        .join(' · ')}
                </td>
                <td>
                  <a href={l.source.url} rel="noreferrer">
                    {l.source.name}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Preview({ t, json }: { t: StaffTranslator; json: string }) {
  const parsed = parseQuizContent(json);
  if (!parsed.ok) return null;
  const { questions } = parsed.content;
  const lang = t.lang;
  return (
    <section className="card stack" aria-labelledby="quiz-preview">
      <h2 id="quiz-preview">
        {t.t('st_quiz_preview')} · {t.t('st_quiz_question_count', { count: questions.length })}
      </h2>
      <ol className="stack">
        {questions.map((q) => {
          const parent = q.show_if && questions.find((p) => p.id === q.show_if!.question);
          return (
            <li key={q.id} data-question={q.id}>
              <strong dir="auto">{q.text[lang]}</strong>{' '}
              <span className="muted">({t.t(q.kind === 'single' ? 'st_quiz_single' : 'st_quiz_multi')})</span>
              {parent && (
                <p className="muted">
                  {t.t('st_quiz_shown_if', {
                    question: parent.text[lang],
                    options: q
                      .show_if!.any_of.map((o) => parent.options.find((x) => x.id === o)?.text[lang] ?? o)
                      .join(lang === 'ar' ? '، ' : ', '),
                  })}
                </p>
              )}
              <ul>
                {q.options.map((o) => (
                  <li key={o.id} dir="auto">
                    {o.text[lang]}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A form's state, with the schema's problems when a content did not parse. */
export type QuizFormState = FormState & { issues?: string[] };

export function QuizVersionPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  version: StaffQuizVersionView;
  issues: string[];
  state?: QuizFormState;
}) {
  const { t, me, version, state } = props;
  const editable = version.status === 'draft' && me.permissions.includes('catalogue:write');
  const title = t.t('st_quiz_version', { id: t.n(version.id) });
  const content = state?.values?.content ?? version.content;
  const issues = state?.issues ?? props.issues;
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={title} path="/quiz">
      <p>
        <a href="/quiz">{t.t('st_quiz_back')}</a>
      </p>
      <h1>{title}</h1>
      <p>
        {t.t('st_quiz_status')}: <strong data-testid="quiz-status">{status(t, version.status)}</strong> ·{' '}
        {t.t('st_quiz_created_by')}: {version.created_by ?? t.t('st_quiz_seed')} · {t.t('st_quiz_created_at')}:{' '}
        {when(t, version.created_at)}
      </p>
      <Notice t={t} state={state} />
      {issues.length > 0 && (
        <section className="note error" aria-labelledby="quiz-problems">
          <h2 id="quiz-problems">{t.t('st_quiz_problems')}</h2>
          <ul data-testid="quiz-problems">
            {issues.map((i) => (
              <li key={i} dir="ltr" className="mono">
                {i}
              </li>
            ))}
          </ul>
        </section>
      )}
      {editable ? (
        <>
          <form method="post" action={`/quiz/${version.id}`} className="card stack">
            <label htmlFor="content">{t.t('st_quiz_content_label')}</label>
            <textarea
              id="content"
              name="content"
              rows={24}
              dir="ltr"
              spellCheck={false}
              className="mono"
              aria-describedby="content-hint"
              aria-invalid={issues.length > 0 || undefined}
              defaultValue={content}
            />
            <small id="content-hint" className="muted">
              {t.t('st_quiz_content_hint')}
            </small>
            <button type="submit">{t.t('st_quiz_save')}</button>
          </form>
          <form method="post" action={`/quiz/${version.id}/publish`} className="stack">
            <p className="muted" id="publish-hint">
              {t.t('st_quiz_publish_hint')}
            </p>
            <button type="submit" className="secondary" aria-describedby="publish-hint">
              {t.t('st_quiz_publish')}
            </button>
          </form>
        </>
      ) : (
        <>
          {version.status !== 'draft' && <p className="muted">{t.t('st_quiz_read_only')}</p>}
          <details>
            <summary>{t.t('st_quiz_content_label')}</summary>
            <pre dir="ltr" className="mono">
              {version.content}
            </pre>
          </details>
        </>
      )}
      <Preview t={t} json={content} />
    </Layout>
  );
}
