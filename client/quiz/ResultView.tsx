// The quiz's result: each suggestion as a card with its reason, "because you said …" and any
// caution in plain sight; the "why this product" modal; one button adds them all to the cart with origin
// Quiz (spec §2) and the reason on each line (spec §3 Product.reason); what changed since the last
// result after a retake; and the products a safety gate left out, with why.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { QuizResultView, QuizSuggestionView } from '#shared/quiz/api';
import { paths } from '#shared/routes';
import { Price } from '../catalogue/Price';
import { toastAdded } from '../cart/added-toast';
import { addToCart, cart } from '../cart/cart-store';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { WhyModal } from './WhyModal';
import { track } from '../analytics/track';

/** A suggestion as a cart line's SKU and product (the card's default SKU, its first image). */
function cartItem(s: QuizSuggestionView) {
  const sku = s.default_sku;
  return {
    sku: { id: sku.id, name: sku.name, price: sku.price, buy_limit: sku.buy_limit, in_stock: sku.in_stock },
    product: {
      id: s.id,
      slug: s.slug,
      name: s.name,
      brand: { id: s.brand.id, name: s.brand.name },
      ...(s.images[0] ? { image: s.images[0] } : {}),
    },
  };
}

/** Adds one of each in-stock suggestion; one toast for the lot (spec §4: items_added_to_cart). */
export function addAllToCart(result: { suggestions: QuizSuggestionView[]; version_id: number }): number {
  let added = 0;
  result.suggestions.forEach((s, position) => {
    if (!s.default_sku.in_stock) return;
    const outcome = addToCart({
      ...cartItem(s),
      origin: { source: 'Quiz', id: result.version_id, position },
      reason: s.reason_texts,
    });
    // A line already in the cart (added from elsewhere) takes the reason too, never replacing one.
    const line = cart.items[String(s.default_sku.id)];
    if (line && !line.reason) line.reason = s.reason_texts;
    if (outcome !== 'limit') added += 1;
  });
  if (added > 0) void toastAdded(added);
  return added;
}

export function ResultView({ result, saved }: { result: QuizResultView; saved: boolean }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const [why, setWhy] = useState<QuizSuggestionView | null>(null);
  const completed = (useLocation().state as { quizCompleted?: boolean } | null)?.quizCompleted === true;
  // Analytics (decision 35): a quiz just finished, with its version and how many products it suggested.
  // Never the answers, and no item list: what the quiz suggests can tell what the shopper answered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per result shown after finishing
  useEffect(() => {
    if (!completed) return;
    const count = result.suggestions.length;
    track((b) => b.quizComplete({ version: result.version_id, suggestionCount: count }));
  }, [completed]);
  const buyable = result.suggestions.filter((s) => s.default_sku.in_stock);
  const names = (list: Array<{ name: string }>) => list.map((p) => p.name).join(lang === 'ar' ? '، ' : ', ');
  return (
    <div className="quiz-result" data-testid="quiz-result">
      <p className="quiz-lead">
        {result.suggestions.length > 0
          ? t('quiz_result_count', { count: result.suggestions.length })
          : t('quiz_no_suggestions')}
      </p>
      <p className="quiz-meta">{t(saved ? 'quiz_saved_note' : 'quiz_device_note')}</p>

      {result.changes && (
        <section className="quiz-changes" aria-labelledby="quiz-changes-title" data-testid="quiz-changes">
          <h2 id="quiz-changes-title" className="quiz-subtitle">
            {t('quiz_changes_title')}
          </h2>
          {result.changes.added.length === 0 && result.changes.removed.length === 0 ? (
            <p>{t('quiz_changes_none')}</p>
          ) : (
            <ul>
              {result.changes.added.length > 0 && (
                <li>{t('quiz_changes_added', { names: names(result.changes.added) })}</li>
              )}
              {result.changes.removed.length > 0 && (
                <li>{t('quiz_changes_removed', { names: names(result.changes.removed) })}</li>
              )}
            </ul>
          )}
        </section>
      )}

      {buyable.length > 0 && (
        <p className="quiz-actions">
          <button type="button" className="button" data-testid="quiz-add-all" onClick={() => addAllToCart(result)}>
            {t('quiz_add_all')}
          </button>
        </p>
      )}

      <ul className="quiz-cards" data-testid="quiz-suggestions">
        {result.suggestions.map((s) => (
          <li key={s.slug}>
            <SuggestionCard s={s} onWhy={setWhy} />
            {s.alternatives.length > 0 && (
              // One product a need; the others only when the shopper asks for them.
              <details className="quiz-more" data-testid="quiz-more">
                <summary>{t('quiz_more_choices', { count: s.alternatives.length })}</summary>
                <ul className="quiz-cards">
                  {s.alternatives.map((a) => (
                    <li key={a.slug}>
                      <SuggestionCard s={a} onWhy={setWhy} />
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ul>

      {result.removed.length > 0 && (
        <section className="quiz-removed" aria-labelledby="quiz-removed-title" data-testid="quiz-removed">
          <h2 id="quiz-removed-title" className="quiz-subtitle">
            {t('quiz_removed_title')}
          </h2>
          <p>{t('quiz_removed_count', { count: result.removed.length })}</p>
          <ul>
            {result.removed.map((r) => (
              <li key={r.slug}>
                <strong>{r.name}</strong>: {r.why.join(' ')}
              </li>
            ))}
          </ul>
        </section>
      )}

      <p className="quiz-note" role="note">
        {t('quiz_safety_note')}
      </p>
      <p className="quiz-actions">
        <Link className="button button-secondary" to={href('/quiz')} data-testid="quiz-retake">
          {t('quiz_retake')}
        </Link>
        <Link to={href('/products')}>{t('quiz_shop_without')}</Link>
      </p>
      <WhyModal product={why} onClose={() => setWhy(null)} />
    </div>
  );
}

function SuggestionCard({ s, onWhy }: { s: QuizSuggestionView; onWhy: (s: QuizSuggestionView) => void }) {
  const { t, lang } = useI18n();
  const image = s.images[0];
  const titleId = `quiz-card-${s.id}`;
  return (
    <article className="quiz-card" aria-labelledby={titleId} data-testid="quiz-card">
      <div className="quiz-card-head">
        {image ? (
          <img
            src={image.url}
            srcSet={image.srcset}
            sizes="88px"
            alt=""
            width={88}
            height={88}
            className="quiz-card-image"
          />
        ) : (
          <span className="quiz-card-image" />
        )}
        <div>
          <span className="quiz-meta">{s.brand.name}</span>
          <h3 id={titleId} className="quiz-card-title">
            <Link to={paths.product(s.slug, lang)}>{s.name}</Link>
          </h3>
          <Price price={s.default_sku.price} />
          {!s.default_sku.in_stock && <span className="quiz-meta">{t('quiz_out_of_stock')}</span>}
        </div>
      </div>
      <p className="quiz-reason">{s.reason}</p>
      <p className="quiz-subtitle">{t('quiz_because')}</p>
      <ul className="quiz-because">
        {s.because.map((b) => (
          <li key={`${b.question}|${b.answer}`}>
            <span className="quiz-because-q">{b.question}</span> <strong>{b.answer}</strong>
          </li>
        ))}
      </ul>
      {s.cautions.length > 0 && (
        <div className="quiz-caution" role="note" data-testid="quiz-caution">
          <p className="quiz-subtitle">{t('quiz_caution')}</p>
          <ul>
            {s.cautions.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      <button
        type="button"
        className="button button-secondary quiz-why-button"
        aria-describedby={titleId}
        data-testid="quiz-why-button"
        onClick={() => onWhy(s)}
      >
        {t('quiz_why')}
      </button>
    </article>
  );
}
