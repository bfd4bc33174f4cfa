// /quiz (spec §2): the supplement quiz, one question per screen with its progress, back and
// next, radios or checkboxes in a fieldset whose legend is the question. A short safety note first; the
// products list is one link away for those who would rather shop without it. A guest's answers stay on
// the device (client/quiz/device.ts); a signed-in shopper's are scored and stored by the server.
import '../styles/quiz.css';
import { useContext, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import { ApiFailure } from '#shared/api/client';
import type { QuizActiveView } from '#shared/quiz/api';
import type { QuizAnswers } from '#shared/quiz/schema';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { askedViews, choose, keptAnswers } from '../quiz/flow';
import { saveDeviceAnswers, saveNewDeviceAnswers } from '../quiz/device';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { Page } from '../ui/Page';
import { track } from '../analytics/track';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { kept: true, group: 'help', texts: ['quiz'], siteIndex: 'shop' } satisfies PageDeclaration;

export async function loader(args: LoaderFunctionArgs): Promise<QuizActiveView | null> {
  const api = args.context.get(apiContext);
  try {
    return (await api.get<QuizActiveView>('/quiz/active')).data;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return null;
    throw error;
  }
}

/** The result page's cue that it shows a quiz just finished (analytics' quiz_complete), not a revisit. */
const COMPLETED = { quizCompleted: true };

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const quiz = useLoaderData() as QuizActiveView | null;
  return (
    <Page title={t('page_quiz')} description={t('quiz_intro_body')}>
      {quiz ? <QuizFlow quiz={quiz} /> : <p role="status">{t('quiz_unavailable')}</p>}
      <p className="quiz-shop-without">
        <Link to={href('/products')}>{t('quiz_shop_without')}</Link>
      </p>
    </Page>
  );
}

function QuizFlow({ quiz }: { quiz: QuizActiveView }) {
  const { t } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const api = useContext(ApiContext)!;
  const { user } = useSnapshot(useSessionStore());
  const [step, setStep] = useState(-1);
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [missing, setMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const errorId = useId();
  const helpId = useId();
  const asked = askedViews(quiz.questions, answers);
  const question = step >= 0 ? asked[step] : undefined;
  const last = step === asked.length - 1;

  // Each new screen puts focus on its question, so screen readers read it and keyboards start there.
  useEffect(() => {
    if (step >= 0) heading.current?.focus();
  }, [step]);

  async function finish(final: QuizAnswers) {
    const body = { version_id: quiz.version_id, answers: final };
    if (!user) {
      saveNewDeviceAnswers(quiz.version_id, final);
      void navigate(href('/quiz-result'), { state: COMPLETED });
      return;
    }
    setSending(true);
    try {
      await api.post('/quiz/answer', body);
      saveDeviceAnswers(null);
      void navigate(href('/quiz-result'), { state: COMPLETED });
    } catch (error) {
      toast.apiError(error instanceof ApiFailure ? (error.meta.key ?? error.meta.msg) : 'server_error');
      setSending(false);
    }
  }

  function start() {
    // Analytics (decision 35): the version only, never an answer.
    track((b) => b.quizStart({ version: quiz.version_id }));
    setStep(0);
  }

  function next(event: FormEvent) {
    event.preventDefault();
    if (!question) return;
    if (!answers[question.id]?.length) {
      setMissing(true);
      return;
    }
    setMissing(false);
    if (last) void finish(keptAnswers(quiz.questions, answers));
    else setStep(step + 1);
  }

  if (!question)
    return (
      <section className="quiz-intro" aria-labelledby="quiz-intro-title">
        <h2 id="quiz-intro-title">{quiz.title}</h2>
        <p>{t('quiz_intro_body')}</p>
        <p className="quiz-meta">{t('quiz_question_count', { count: quiz.questions.length })}</p>
        <p className="quiz-note" role="note">
          {t('quiz_safety_note')}
        </p>
        <p className="quiz-note">{t('quiz_privacy_note')}</p>
        <button type="button" className="button" data-testid="quiz-start" onClick={start}>
          {t('quiz_start')}
        </button>
      </section>
    );

  const chosen = answers[question.id] ?? [];
  const left = asked.length - step - 1;
  return (
    <form className="quiz-step" onSubmit={next} noValidate data-testid="quiz-step">
      <div className="quiz-progress">
        <p className="quiz-meta" aria-live="polite">
          {t('quiz_progress', { current: String(step + 1), total: String(asked.length) })}
          {left > 0 && <span className="quiz-left"> · {t('quiz_questions_left', { count: left })}</span>}
        </p>
        <progress max={asked.length} value={step + 1} aria-hidden="true" />
      </div>
      <fieldset
        className="quiz-fieldset"
        aria-describedby={`${helpId}${missing ? ` ${errorId}` : ''}`}
        aria-invalid={missing || undefined}
      >
        <legend className="quiz-legend">
          <h2 ref={heading} tabIndex={-1} className="quiz-question">
            {question.text}
          </h2>
        </legend>
        <p id={helpId} className="quiz-help">
          {question.help ?? t(question.kind === 'single' ? 'quiz_choose_one' : 'quiz_choose_any')}
        </p>
        <div className="quiz-options">
          {question.options.map((o) => (
            <label key={o.id} className="quiz-option">
              <input
                type={question.kind === 'single' ? 'radio' : 'checkbox'}
                name={question.id}
                value={o.id}
                checked={chosen.includes(o.id)}
                onChange={(e) => {
                  setMissing(false);
                  setAnswers({ ...answers, [question.id]: choose(question, chosen, o.id, e.target.checked) });
                }}
              />
              <span>{o.text}</span>
            </label>
          ))}
        </div>
        {missing && (
          <p id={errorId} className="field-error" role="alert">
            {t('quiz_answer_required')}
          </p>
        )}
      </fieldset>
      <div className="quiz-actions">
        <button type="button" className="button button-secondary" onClick={() => setStep(step - 1)}>
          {t('quiz_back')}
        </button>
        <button type="submit" className="button" disabled={sending} data-testid="quiz-next">
          {t(last ? 'quiz_see_results' : 'quiz_next')}
        </button>
      </div>
    </form>
  );
}
