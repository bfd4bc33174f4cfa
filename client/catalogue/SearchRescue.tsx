// What a search page says when the words needed correcting ("did you mean") or found nothing: the
// popular products of the closest category, so the shopper always has somewhere to go.
import { Link } from 'react-router';
import { useI18n } from '../i18n/context';
import type { Listing } from '../lib/catalogue';
import { useHref } from '../lib/locale';
import { ProductGrid } from './ProductCard';

export function SearchCorrected({ q, listing }: { q: string; listing: Listing }) {
  const { t } = useI18n();
  if (!listing.corrected) return null;
  return (
    <p className="notice" role="status" data-testid="search-corrected">
      {listing.suggestion ? t('search_did_you_mean', { q, suggestion: listing.suggestion }) : t('search_corrected')}
    </p>
  );
}

export function SearchFallback({ q, listing }: { q: string; listing: Listing }) {
  const { t } = useI18n();
  const href = useHref();
  const fallback = listing.fallback;
  if (listing.total > 0 || !fallback?.items.length) return null;
  return (
    <section className="search-fallback" aria-labelledby="search-fallback-title" data-testid="search-fallback">
      <p className="notice" role="status">
        {t('search_no_match', { q })}
      </p>
      <div className="search-fallback-head">
        <h2 id="search-fallback-title">{t('search_popular_in', { name: fallback.category.name })}</h2>
        <Link to={href(`/products?category=${fallback.category.id}`)}>
          {t('all_in_category', { name: fallback.category.name })}
        </Link>
      </div>
      <ProductGrid products={fallback.items} origin={{ source: 'Search', id: q }} />
    </section>
  );
}
