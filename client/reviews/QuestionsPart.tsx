// Questions and answers of the interactive reviews section: the list page by page (the first two as the
// server showed them), asking (anyone signed in), answering (a shopper who received the product), helpful
// votes on answers, and the shopper's own questions and answers that are not shown, with why.
import { useContext, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { REVIEW_LIMITS } from '#shared/reviews/rules';
import type { OwnReview, QuestionPage, QuestionView } from '#shared/reviews/types';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { openAuthModal } from '../stores/auth-modal';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { useForm } from '../ui/form';
import { Field, FormAlerts } from '../ui/form-fields';
import { QuestionItem, QuestionsHeading } from './ReviewParts';
import { failureKey } from './failure';

export function QuestionsPart({
  productId,
  canAnswer,
  waiting,
  onChange,
}: {
  productId: number;
  canAnswer: boolean;
  waiting: OwnReview['waiting'];
  onChange: () => void;
}) {
  const { t } = useI18n();
  const { user } = useSnapshot(useSessionStore());
  const first = useSWR<QuestionPage>(`/product/${productId}/questions`);
  const [pages, setPages] = useState(0);
  const [asking, setAsking] = useState(false);
  if (!first.data) return null;
  const shown = pages ? first.data.items : first.data.items.slice(0, REVIEW_LIMITS.previewQuestions);
  const more = pages ? pages * first.data.per_page < first.data.total : first.data.total > shown.length;
  return (
    <section aria-labelledby="questions-title" id="questions">
      <QuestionsHeading count={first.data.total} />
      {asking ? (
        <AskForm
          productId={productId}
          onDone={() => {
            setAsking(false);
            onChange();
            void first.mutate();
          }}
        />
      ) : (
        <div className="rv-ask-slot">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => (user ? setAsking(true) : openAuthModal({ onSuccess: () => setAsking(true) }))}
          >
            {t('rv_ask')}
          </button>
        </div>
      )}
      {waiting.length > 0 && (
        <div className="rv-yours" data-testid="waiting-texts">
          <h3>{t('rv_waiting_title')}</h3>
          <ul>
            {waiting.map((w) => (
              <li key={`${w.kind}-${w.id}`}>
                <p className="rv-body">{w.body}</p>
                <p className={`rv-status-${w.status}`}>
                  {w.status === 'rejected'
                    ? t('rv_waiting_rejected', { reason: w.reject_reason ?? '' })
                    : t('rv_waiting_pending')}
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ol className="rv-questions">
        {shown.map((q) => (
          <Question key={q.id} question={q} canAnswer={canAnswer} onAnswered={onChange} />
        ))}
        {Array.from({ length: Math.max(0, pages - 1) }, (_, i) => (
          <LaterQuestions
            key={i}
            path={`/product/${productId}/questions?page=${i + 2}`}
            canAnswer={canAnswer}
            onAnswered={onChange}
          />
        ))}
      </ol>
      {more && (
        <button type="button" className="button button-secondary" onClick={() => setPages((p) => p + 1)}>
          {t('rv_show_more_questions')}
        </button>
      )}
    </section>
  );
}

function LaterQuestions({ path, canAnswer, onAnswered }: { path: string; canAnswer: boolean; onAnswered: () => void }) {
  const { data } = useSWR<QuestionPage>(path);
  return data?.items.map((q) => <Question key={q.id} question={q} canAnswer={canAnswer} onAnswered={onAnswered} />);
}

function Question({
  question,
  canAnswer,
  onAnswered,
}: {
  question: QuestionView;
  canAnswer: boolean;
  onAnswered: () => void;
}) {
  const { t } = useI18n();
  const [answering, setAnswering] = useState(false);
  return (
    <>
      <QuestionItem question={question} actions={(id) => <AnswerHelpful answerId={id} question={question} />} />
      {canAnswer &&
        (answering ? (
          <li className="rv-question">
            <AnswerForm
              question={question}
              onDone={() => {
                setAnswering(false);
                onAnswered();
              }}
            />
          </li>
        ) : (
          <li className="rv-answer-action">
            <button type="button" className="link-button" onClick={() => setAnswering(true)}>
              {t('rv_answer')}
            </button>
          </li>
        ))}
    </>
  );
}

function AnswerHelpful({ answerId, question }: { answerId: number; question: QuestionView }) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const { user } = useSnapshot(useSessionStore());
  const answer = question.answers.find((a) => a.id === answerId)!;
  const [voted, setVoted] = useState(answer.voted);
  async function vote(value: boolean) {
    try {
      await api.post(`/answer/${answerId}/helpful`, { value });
      setVoted(value);
    } catch (error) {
      toast.apiError(failureKey(error));
    }
  }
  return (
    <button
      type="button"
      className="link-button"
      aria-pressed={voted}
      onClick={() => (user ? void vote(!voted) : openAuthModal({ onSuccess: () => void vote(true) }))}
    >
      {t(voted ? 'rv_helpful_undo' : 'rv_helpful_question')}
    </button>
  );
}

function AskForm({ productId, onDone }: { productId: number; onDone: () => void }) {
  const { t, lang } = useI18n();
  const form = useForm({
    id: 'ask',
    schema: () => import('#shared/reviews/schemas').then((m) => m.questionInputSchema),
    initial: { body: '', lang: lang as string },
    fields: { body: { label: 'rv_ask_label' }, lang: { label: 'rv_form_lang' } },
    endpoint: `/product/${productId}/questions`,
    lengths: { body: { min: REVIEW_LIMITS.questionMin, max: REVIEW_LIMITS.questionMax } },
    onSuccess: (data) => {
      toast.success((data as { status: string }).status === 'approved' ? 'question_shown' : 'question_waiting');
      onDone();
    },
  });
  return (
    <form ref={form.formRef} className="rv-form" method="post" noValidate onSubmit={form.submit} data-testid="ask-form">
      <FormAlerts form={form} />
      <Field form={form} name="body" required hint={t('rv_ask_hint')}>
        {(p) => <textarea {...p} rows={3} maxLength={REVIEW_LIMITS.questionMax} dir="auto" />}
      </Field>
      <button type="submit" className="button" disabled={!form.ready}>
        {t('rv_ask_send')}
      </button>
    </form>
  );
}

function AnswerForm({ question, onDone }: { question: QuestionView; onDone: () => void }) {
  const { t, lang } = useI18n();
  const form = useForm({
    id: `answer-${question.id}`,
    schema: () => import('#shared/reviews/schemas').then((m) => m.answerInputSchema),
    initial: { body: '', lang: lang as string },
    fields: { body: { label: 'rv_answer_send' }, lang: { label: 'rv_form_lang' } },
    endpoint: `/question/${question.id}/answers`,
    lengths: { body: { min: REVIEW_LIMITS.answerMin, max: REVIEW_LIMITS.answerMax } },
    onSuccess: (data) => {
      toast.success((data as { status: string }).status === 'approved' ? 'answer_shown' : 'answer_waiting');
      onDone();
    },
  });
  return (
    <form ref={form.formRef} className="rv-form" method="post" noValidate onSubmit={form.submit}>
      <FormAlerts form={form} />
      <label className="field-label" htmlFor={`answer-${question.id}-body`}>
        {t('rv_answer_label', { question: question.body.slice(0, 80) })}
      </label>
      <textarea
        id={`answer-${question.id}-body`}
        rows={3}
        dir="auto"
        maxLength={REVIEW_LIMITS.answerMax}
        value={form.values.body}
        aria-invalid={form.errors.body ? true : undefined}
        onChange={(e) => form.set('body', e.target.value)}
        onBlur={() => form.blur('body')}
      />
      {form.errors.body && <p className="field-error">{form.errors.body}</p>}
      <button type="submit" className="button" disabled={!form.ready}>
        {t('rv_answer_send')}
      </button>
    </form>
  );
}
