// The parts a review and a question are drawn with, the same on the server's first render of the product
// page (ReviewsStatic) and in the interactive section that takes its place (ReviewsSection), so the
// switch moves nothing on the page.
import type { ReactNode } from 'react';
import type { QuestionView, RatingSummary, ReviewView } from '#shared/reviews/types';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '../i18n/context';
import { useCurrency } from '../lib/locale';
import { Stars } from '../catalogue/Stars';

function useDate() {
  const { lang } = useI18n();
  const { country } = useCurrency();
  return (at: number) => formatDate(at, lang, country);
}

/** The average, the stars, the count and one bar per star count. */
export function RatingSummaryView({ summary }: { summary: RatingSummary }) {
  const { t } = useI18n();
  if (!summary.count || summary.average === null)
    return (
      <div className="rv-summary" data-testid="rating-summary">
        <p>
          {t('rv_none')} {t('rv_none_hint')}
        </p>
      </div>
    );
  return (
    <div className="rv-summary" data-testid="rating-summary">
      <p className="rv-average">
        <span className="rv-average-figure">{t('rv_average', { average: summary.average })}</span>
        <Stars value={summary.average} label={t('rv_stars_label', { stars: summary.average })} />
        <span>{t('rv_count', { count: summary.count })}</span>
      </p>
      <ul className="rv-bars">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = summary.stars[stars - 1]!;
          return (
            <li key={stars}>
              <span className="rv-bar-label">{t('rv_star_n', { count: stars })}</span>
              <span className="rv-bar" aria-hidden="true" data-w={Math.round((n / summary.count) * 20) * 5} />
              <span className="rv-bar-count">{n}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function ReviewItem({ review, actions }: { review: ReviewView; actions?: ReactNode }) {
  const { t } = useI18n();
  const date = useDate();
  const author = review.author || t('rv_someone');
  return (
    <li className="rv-item" data-testid="review">
      <p className="rv-head">
        <Stars value={review.rating} label={t('rv_stars_label', { stars: review.rating })} />
        {review.title && (
          <strong className="rv-item-title" lang={review.lang} dir="auto">
            {review.title}
          </strong>
        )}
      </p>
      <p className="rv-by">
        <span>{author}</span>
        {review.verified && <span className="rv-verified">{t('rv_verified')}</span>}
        <time dateTime={new Date(review.created_at).toISOString()}>{date(review.created_at)}</time>
      </p>
      <p className="rv-body" lang={review.lang} dir="auto">
        {review.body}
      </p>
      {review.photos.length > 0 && (
        <ul className="rv-photos">
          {review.photos.map((p, i) => (
            <li key={p.url}>
              <a href={p.url} target="_blank" rel="noopener">
                <img
                  src={p.url}
                  srcSet={p.srcset}
                  sizes="72px"
                  width={72}
                  height={72}
                  loading="lazy"
                  alt={t('rv_photo_alt', { n: i + 1, author })}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="rv-actions">
        {review.helpful_count > 0 && (
          <span className="rv-helpful-count">{t('rv_helpful_count', { count: review.helpful_count })}</span>
        )}
        {actions}
      </div>
    </li>
  );
}

export function QuestionItem({
  question,
  actions,
}: {
  question: QuestionView;
  actions?: (answerId: number) => ReactNode;
}) {
  const { t } = useI18n();
  const date = useDate();
  return (
    <li
      className="rv-question"
      data-testid="question"
      lang={question.lang}
      dir={question.lang === 'ar' ? 'rtl' : 'ltr'}
    >
      <p className="rv-question-body">{question.body}</p>
      <p className="rv-by">
        <span>{t('rv_asked_by', { author: question.author || t('rv_someone') })}</span>
        <time dateTime={new Date(question.created_at).toISOString()}>{date(question.created_at)}</time>
      </p>
      {question.answers.length ? (
        <ul className="rv-answers">
          {question.answers.map((a) => (
            <li key={a.id} data-testid="answer">
              <p lang={a.lang} dir="auto">
                {a.body}
              </p>
              <p className="rv-by">
                <span className={a.by === 'shop' ? 'rv-shop' : undefined}>
                  {a.by === 'shop' ? t('rv_by_shop') : a.author || t('rv_someone')}
                </span>
                {a.by === 'buyer' && <span className="rv-verified">{t('rv_verified')}</span>}
                <time dateTime={new Date(a.created_at).toISOString()}>{date(a.created_at)}</time>
              </p>
              <div className="rv-actions">
                {a.helpful_count > 0 && (
                  <span className="rv-helpful-count">{t('rv_helpful_count', { count: a.helpful_count })}</span>
                )}
                {actions?.(a.id)}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rv-muted">{t('rv_answers_none')}</p>
      )}
    </li>
  );
}

/** The headings and counts the section shows around its lists. */
export function QuestionsHeading({ count }: { count: number }) {
  const { t } = useI18n();
  return (
    <>
      <h2 id="questions-title">{t('rv_questions')}</h2>
      <p className="rv-muted">{count ? t('rv_question_count', { count }) : t('rv_no_questions')}</p>
    </>
  );
}
