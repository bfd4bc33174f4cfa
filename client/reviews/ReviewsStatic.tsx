// The reviews section as the server first renders it (server only: the browser's bundle does not carry
// it, ReviewsPlace.tsx): the summary, the most helpful reviews and the newest questions, readable
// without JavaScript and by crawlers. The interactive section (ReviewsSection.tsx) takes its place
// when the shopper nears it, drawn with the same parts.
import type { ProductDetail } from '#shared/catalogue/types';
import type { ReviewsPreview } from '#shared/reviews/types';
import { I18nProvider, useI18n } from '../i18n/context';
import { QuestionItem, QuestionsHeading, RatingSummaryView, ReviewItem } from './ReviewParts';

export function ReviewsStatic(props: { product: ProductDetail; preview: ReviewsPreview }) {
  // The reviews' texts are not among the page's areas (the browser would preload them): the server has
  // every text, so this part reads them through its own provider.
  const { lang } = useI18n();
  return (
    <I18nProvider lang={lang} texts={READS}>
      <Preview {...props} />
    </I18nProvider>
  );
}

const READS = ['catalogue', 'reviews'] as const;

function Preview({ product, preview }: { product: ProductDetail; preview: ReviewsPreview }) {
  const { t } = useI18n();
  return (
    <>
      <h2 id="reviews-title">{t('rv_title')}</h2>
      <RatingSummaryView summary={product.rating_summary} />
      {/* The places of the interactive section's controls, so that they arrive without moving the page. */}
      <div className="rv-toolbar" />
      {preview.reviews.length > 0 && (
        <ol className="rv-list">
          {preview.reviews.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </ol>
      )}
      <QuestionsHeading count={preview.question_count} />
      <div className="rv-ask-slot" />
      {preview.questions.length > 0 && (
        <ol className="rv-questions">
          {preview.questions.map((q) => (
            <QuestionItem key={q.id} question={q} />
          ))}
        </ol>
      )}
    </>
  );
}
