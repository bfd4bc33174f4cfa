// After the call: the nutritionist's summary (in her language) and the products recommended to her,
// each with its dose and the reason, and one button that adds them all to the cart with the spec's
// "Nutritionist" origin and the nutritionist's id. The reasons are health data: they stay on this page
// and are never copied into the cart (which other devices and the analytics read). Once added, the
// button says "In your cart" and a status line (read out by screen readers) says what went in, with the
// way to the cart: a toast alone was easy to miss.
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '#shared/routes';
import { toastAdded } from '../cart/added-toast';
import { addManyToCart } from '../cart/cart-sync';
import { Price } from '../catalogue/Price';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import type { ConsultationDetail, ConsultationRecommendation } from '#shared/consultations/types';

/**
 * The cart lines of the recommendations that can be bought (in stock), with their quantity. A product
 * card carries its default SKU: a recommended other SKU is bought from the product's page.
 */
export function recommendationLines(recs: readonly ConsultationRecommendation[], nutritionistId: number) {
  return recs
    .filter((r) => r.product.default_sku.in_stock && r.product.default_sku.id === r.sku_id)
    .map((r, i) => {
      const sku = r.product.default_sku;
      const image = r.product.images[0];
      return {
        sku: { id: sku.id, name: sku.name, price: sku.price, buy_limit: sku.buy_limit, in_stock: sku.in_stock },
        product: {
          id: r.product.id,
          slug: r.product.slug,
          name: r.product.name,
          brand: { id: r.product.brand.id, name: r.product.brand.name },
          ...(image ? { image } : {}),
        },
        count: r.quantity,
        origin: { source: 'Nutritionist' as const, id: nutritionistId, position: i + 1 },
      };
    });
}

export function Summary({ c }: { c: ConsultationDetail }) {
  const { t } = useI18n();
  if (!c.shared_at) {
    return c.status === 'completed' ? (
      <section className="form-card" aria-labelledby="consult-summary-title">
        <h2 id="consult-summary-title">{t('consult_summary_title')}</h2>
        <p className="muted">{t('consult_summary_waiting')}</p>
      </section>
    ) : null;
  }
  return (
    <section className="form-card" aria-labelledby="consult-summary-title" data-testid="consult-summary">
      <h2 id="consult-summary-title">{t('consult_summary_title')}</h2>
      {/* Written by the nutritionist in either language: its own direction. */}
      <p className="consult-summary" dir="auto">
        {c.summary}
      </p>
    </section>
  );
}

export function Recommendations({ c }: { c: ConsultationDetail }) {
  const { t, lang } = useI18n();
  if (!c.shared_at || c.recommendations.length === 0) return null;
  const lines = recommendationLines(c.recommendations, c.nutritionist.id);
  return (
    <section className="form-card" aria-labelledby="consult-recs-title" data-testid="consult-recommendations">
      <h2 id="consult-recs-title">{t('consult_recs_title')}</h2>
      <ul className="recommendation-list">
        {c.recommendations.map((r) => (
          <li key={r.product.id} className="recommendation" data-testid="consult-recommendation">
            {r.product.images[0] ? (
              <img src={r.product.images[0].url} alt="" width={56} height={56} loading="lazy" />
            ) : (
              <span />
            )}
            <div className="recommendation-body">
              <Link to={paths.product(r.product.slug, lang)} className="cart-line-name">
                {r.product.name}
              </Link>
              <p className="cart-line-meta">
                {r.product.brand.name} · {r.product.default_sku.name}
              </p>
              <p>
                <strong>{t('consult_rec_dose')}:</strong> <bdi>{r.dose}</bdi>
              </p>
              <p>
                <strong>{t('consult_rec_reason')}:</strong> <bdi>{r.reason}</bdi>
              </p>
              <p className="cart-line-meta">{t('consult_rec_quantity', { count: r.quantity })}</p>
              <Price price={r.product.default_sku.price} />
              {!r.product.default_sku.in_stock && <p className="muted">{t('consult_rec_out_of_stock')}</p>}
            </div>
          </li>
        ))}
      </ul>
      {lines.length > 0 && <AddAll lines={lines} />}
    </section>
  );
}

/**
 * The button that adds the list, and what it says after. It stays in place (her focus stays on it) and,
 * once pressed, adds nothing more: a second press would double every quantity. `added` is given only
 * by tests, which render the state after the press.
 */
export function AddAll({
  lines,
  added: given = false,
}: {
  lines: ReturnType<typeof recommendationLines>;
  added?: boolean;
}) {
  const { t } = useI18n();
  const href = useHref();
  const [added, setAdded] = useState(given);
  const add = () => {
    if (added) return;
    void toastAdded(addManyToCart(lines));
    setAdded(true);
  };
  return (
    <div className="consult-add-all">
      <button type="button" className="button" onClick={add} aria-disabled={added} data-testid="consult-add-all">
        {added ? t('consult_in_cart') : t('consult_add_all', { count: lines.length })}
      </button>
      {/* In the page from the start, so the words that appear in it are announced. */}
      <p role="status" data-testid="consult-added">
        {added && (
          <>
            {t('consult_added', { count: lines.length })} <Link to={href('/cart')}>{t('consult_view_cart')}</Link>
          </>
        )}
      </p>
    </div>
  );
}
