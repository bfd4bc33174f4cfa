// What the rules suggest from the latest values: each suggestion says why (its reason, in the page's
// language), what it advises, its evidence, when to test again, and its products with their dose and
// price; one button adds them all to the cart, each line keeping the reason in both languages.
import { Link } from 'react-router';
import type { MarkerResult, Suggestion } from '#shared/api/blood-test-results-schemas';
import { paths } from '#shared/routes';
import { Price } from '../../catalogue/Price';
import { toastAdded } from '../../cart/added-toast';
import { addToCart, cart } from '../../cart/cart-store';
import { useI18n } from '../../i18n/context';
import { useDayText } from './result-texts';

/** The cart line's suggestionId: the rule's id with the date of the value it read. */
/** "1000 IU" with the unit in the page's language ("1000 وحدة دولية"); an unknown unit stays as written. */
function doseText(t: ReturnType<typeof useI18n>['t'], dose: string): string {
  const m = /^([\d.]+) (IU|mg|mcg)$/.exec(dose);
  return m ? t(`btr_dose_${m[2] as 'IU' | 'mg' | 'mcg'}`, { amount: m[1]! }) : dose;
}

export function suggestionLineId(s: Suggestion, markers: readonly MarkerResult[]): string {
  const marker = markers.find((m) => m.biomarker.slug === s.biomarker_slug);
  const date = marker?.points[marker.points.length - 1]?.date;
  return date ? `${s.id}:${date}` : s.id;
}

/** Adds one of each in-stock product of a suggestion; says so once, like the cart does. */
export function addSuggestion(s: Suggestion, suggestionId: string): number {
  let added = 0;
  for (const p of s.products) {
    // The cart converts base prices itself: the country's payable price stays off the line.
    const { payable: _payable, ...sku } = p.sku;
    const result = addToCart({
      sku,
      product: p.product,
      origin: { source: 'Blood Test Results', id: s.id },
      suggestionId,
      reason: s.reason,
    });
    // A line already in the cart (added from elsewhere) takes the reason too, never replacing one.
    const line = cart.items[String(p.sku.id)];
    if (line && !line.reason) line.reason = s.reason;
    if (result !== 'limit') added += 1;
  }
  if (added > 0) void toastAdded(added);
  return added;
}

export function Suggestions({
  suggestions,
  markers,
}: {
  suggestions: readonly Suggestion[];
  markers: readonly MarkerResult[];
}) {
  const { t, lang } = useI18n();
  const day = useDayText();
  if (suggestions.length === 0) return null;
  return (
    <section
      className="form-card btr-suggestions"
      aria-labelledby="btr-suggestions-title"
      data-testid="btr-suggestions"
    >
      <h2 id="btr-suggestions-title">{t('btr_suggestions_title')}</h2>
      <p className="cart-line-meta">{t('btr_suggestions_intro')}</p>
      <ul className="btr-suggestion-list">
        {suggestions.map((s) => {
          const marker = markers.find((m) => m.biomarker.slug === s.biomarker_slug);
          const buyable = s.products.filter((p) => p.sku.in_stock);
          const reasonId = `btr-reason-${s.id}`;
          return (
            <li key={s.id} className="btr-suggestion" data-testid="btr-suggestion">
              {marker && <h3 className="btr-suggestion-title">{marker.biomarker.name}</h3>}
              <p className="btr-reason" id={reasonId}>
                {s.reason[lang]}
              </p>
              <p>{s.advice}</p>
              <p className="cart-line-meta">
                <a href={s.source.url} rel="noopener noreferrer" target="_blank">
                  {t('btr_suggestion_source', { source: s.source.name })}
                </a>
                {' · '}
                {t('btr_retest', { date: day(s.retest_on) })}
              </p>
              {s.products.length > 0 && (
                <ul className="btr-products">
                  {s.products.map((p) => (
                    <li key={p.sku.id} className="btr-product" data-testid="btr-product">
                      {p.product.image ? (
                        <img src={p.product.image.url} alt="" width={56} height={56} loading="lazy" />
                      ) : (
                        <span className="btr-product-image" />
                      )}
                      <div className="btr-product-body">
                        <Link to={paths.product(p.product.slug, lang)} className="cart-line-name">
                          {p.product.name}
                        </Link>
                        <span className="cart-line-meta">
                          {p.product.brand.name} · {p.sku.name}
                        </span>
                        <span className="cart-line-meta">{t('btr_dose', { dose: doseText(t, p.dose) })}</span>
                        <Price price={p.sku.price} />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {buyable.length > 0 && (
                <button
                  type="button"
                  className="button"
                  aria-describedby={reasonId}
                  data-testid="btr-add-all"
                  onClick={() => addSuggestion(s, suggestionLineId(s, markers))}
                >
                  {t('btr_add_all', { count: buyable.length })}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
