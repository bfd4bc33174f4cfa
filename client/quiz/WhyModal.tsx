// The "why this product" modal (spec §2 Quiz suggestion): the product's image in a 273×294 box (§9), the
// quiz's reasons, the answers that brought it in, and any caution. The generic Modal is a <dialog>
// opened with showModal(): focus stays inside, Escape closes it, focus returns to the opener.
import { Link } from 'react-router';
import type { QuizSuggestionView } from '#shared/quiz/api';
import { paths } from '#shared/routes';
import { useI18n } from '../i18n/context';
import { Modal } from '../ui/Modal';

const WHY_IMAGE = { width: 273, height: 294 } as const;

export function WhyModal({ product, onClose }: { product: QuizSuggestionView | null; onClose: () => void }) {
  const { t, lang } = useI18n();
  const image = product?.images[0];
  return (
    <Modal open={product !== null} onClose={onClose} title={product ? t('quiz_why_title', { name: product.name }) : ''}>
      {product && (
        <div className="quiz-why" data-testid="quiz-why">
          <div className="quiz-why-image">
            {image && (
              <img
                src={image.url}
                srcSet={image.srcset}
                sizes={`${WHY_IMAGE.width}px`}
                alt={image.alt}
                width={WHY_IMAGE.width}
                height={WHY_IMAGE.height}
              />
            )}
          </div>
          <div className="quiz-why-body">
            <ul className="quiz-reasons">
              {product.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            <h3 className="quiz-subtitle">{t('quiz_because')}</h3>
            <ul className="quiz-because">
              {product.because.map((b) => (
                <li key={`${b.question}|${b.answer}`}>
                  <span className="quiz-because-q">{b.question}</span> <strong>{b.answer}</strong>
                </li>
              ))}
            </ul>
            {product.cautions.length > 0 && (
              <div className="quiz-caution" role="note">
                <h3 className="quiz-subtitle">{t('quiz_caution')}</h3>
                <ul>
                  {product.cautions.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
              </div>
            )}
            <Link className="button button-secondary" to={paths.product(product.slug, lang)} onClick={onClose}>
              {t('quiz_view_product')}
            </Link>
          </div>
        </div>
      )}
    </Modal>
  );
}
