// A product listing: filters (sidebar, or a full-screen modal on phones), sort, applied-filter chips,
// the grid, pagination links that keep the filters, and the empty result text. A search that found
// nothing with no filter chosen shows neither filters nor sort (they could only narrow nothing); nothing
// found because of filters keeps them, with a clear-filters action beside the empty text.
import '../styles/catalogue.css';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import type { Filter } from '#shared/catalogue/filter-model';
import { listingFromSearchParams, searchParamsFromListing, type ListingState } from '#shared/catalogue/url-query';
import { formatNumber, withCurrency } from '#shared/money';
import type { MessageId } from '#shared/i18n';
import type { CountryCode, CurrencyCode } from '#shared/locale';
import { useI18n } from '../i18n/context';
import type { FacetsData, Listing } from '../lib/catalogue';
import { useCurrency } from '../lib/locale';
import type { CartOrigin } from '../cart/cart-store';
import { Icon } from '../ui/Icon';
import { Modal } from '../ui/Modal';
import { FilterPanel } from './FilterPanel';
import { ProductGrid } from './ProductCard';
import { resultsCountText } from './results-count';
import { track } from '../analytics/track';

const SORT_LABEL: Record<string, MessageId> = {
  'popularity-desc': 'sort_popularity',
  'price-asc': 'sort_price_asc',
  'price-desc': 'sort_price_desc',
  'newest-desc': 'sort_newest',
  'discount-desc': 'sort_discount',
  'rating-desc': 'sort_rating',
};

export function ListingView({
  listing,
  facets,
  state,
  origin,
}: {
  listing: Listing;
  facets: FacetsData;
  state: ListingState;
  origin: CartOrigin;
}) {
  const { t, lang } = useI18n();
  const { country, currency } = useCurrency();
  const navigate = useNavigate();
  const location = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const { query } = state;

  // Analytics: one view_item_list per listing shown (a filter, sort or page change is another).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address names the listing shown
  useEffect(() => {
    const { selected } = facets;
    const search = !!query.search;
    const offset = (listing.page - 1) * listing.per_page;
    const items = listing.items;
    track((b, ctx) =>
      b.viewItemList({
        ...b.listingList(selected, search),
        currency: ctx.currency.currency,
        items: items.map((card, i) => b.cardItem(card, ctx, offset + i)),
      }),
    );
  }, [location.search]);

  const hrefFor = (next: ListingState) => {
    const search = searchParamsFromListing(next).toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  const setFilters = (filters: Filter[]) => {
    setPanelOpen(false);
    void navigate(hrefFor({ query: { ...query, filters }, page: 1 }));
  };
  const sortValue = query.sort
    ? `${query.sort.key}-${query.sort.value}`
    : query.search
      ? 'relevance'
      : 'popularity-desc';
  const chips = appliedChips(query.filters, facets, t, currency, lang, country);
  // A search that found nothing, with no filter chosen: filters and sort could only narrow nothing.
  const bare = !!query.search && listing.total === 0 && query.filters.length === 0;
  // While a filter change loads, the panel already shows it (no checkbox snapping back).
  const pending = useNavigation().location;
  const shown =
    pending && pending.pathname === location.pathname
      ? listingFromSearchParams(new URLSearchParams(pending.search)).query
      : query;
  const panel = (staged: boolean) => (
    <FilterPanel key={location.search} query={shown} facets={facets} onChange={setFilters} staged={staged} />
  );

  return (
    <div className={bare ? 'listing bare' : 'listing'}>
      {!bare && (
        <aside className="listing-filters" aria-label={t('filters')}>
          {panel(false)}
        </aside>
      )}
      <div className="listing-main">
        {!bare && (
          <div className="listing-toolbar">
            <p className="results-count" aria-live="polite">
              {resultsCountText(t, listing)}
            </p>
            <button type="button" className="button button-secondary filters-button" onClick={() => setPanelOpen(true)}>
              <Icon name="filter" size={18} />
              {t('filters')}
            </button>
            <label className="sort-select">
              <span>{t('sort_by')}</span>
              <select
                value={sortValue}
                onChange={(e) => {
                  const [key, value] = e.target.value.split('-') as [string, 'asc' | 'desc'];
                  const next = { ...query };
                  if (e.target.value === 'relevance') delete next.sort;
                  else next.sort = { key: key as NonNullable<typeof query.sort>['key'], value };
                  void navigate(hrefFor({ query: next, page: 1 }));
                }}
              >
                {query.search && <option value="relevance">{t('sort_relevance')}</option>}
                {Object.entries(SORT_LABEL).map(([value, label]) => (
                  <option key={value} value={value}>
                    {t(label)}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}

        {chips.length > 0 && (
          <ul className="chips" aria-label={t('applied_filters')}>
            {chips.map((chip) => (
              <li key={chip.id}>
                <button
                  type="button"
                  className="chip"
                  aria-label={t('remove_filter', { name: chip.label })}
                  onClick={() => setFilters(chip.remove())}
                >
                  {chip.label}
                  <Icon name="close" size={14} />
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="link-button" onClick={() => setFilters([])}>
                {t('clear_filters')}
              </button>
            </li>
          </ul>
        )}

        {listing.items.length ? (
          <ProductGrid products={listing.items} origin={origin} priorityCount={2} />
        ) : (
          (!listing.fallback || query.filters.length > 0) && (
            <div className="empty-state">
              {/* A search that found nothing says so once, above its popular products (SearchFallback);
                  one the shopper's filters emptied says so here, with the way back. */}
              <p data-testid="no-results">{t('no_result_found')}</p>
              {query.filters.length > 0 && (
                <button
                  type="button"
                  className="button button-secondary"
                  data-testid="no-results-clear"
                  onClick={() => setFilters([])}
                >
                  {t('no_results_clear_filters')}
                </button>
              )}
            </div>
          )
        )}

        {listing.page_count > 1 && (
          <nav className="pagination" aria-label={t('pagination_label')}>
            {state.page > 1 && (
              <Link rel="prev" to={hrefFor({ query, page: state.page - 1 })} aria-label={t('previous_page')}>
                <Icon name="back" size={18} flip />
              </Link>
            )}
            {pageWindow(state.page, listing.page_count).map((p, i) =>
              p === null ? (
                <span key={`gap-${i}`} aria-hidden="true">
                  …
                </span>
              ) : (
                <Link
                  key={p}
                  to={hrefFor({ query, page: p })}
                  aria-current={p === state.page ? 'page' : undefined}
                  aria-label={t('page_number', { page: p })}
                >
                  {formatNumber(p, lang, country)}
                </Link>
              ),
            )}
            {state.page < listing.page_count && (
              <Link rel="next" to={hrefFor({ query, page: state.page + 1 })} aria-label={t('next_page')}>
                <Icon name="forward" size={18} flip />
              </Link>
            )}
          </nav>
        )}
      </div>

      {!bare && (
        <Modal open={panelOpen} onClose={() => setPanelOpen(false)} title={t('filters')} size="full">
          {panel(true)}
        </Modal>
      )}
    </div>
  );
}

/** Pages around the current one, with gaps: 1 … 4 5 [6] 7 8 … 20 */
function pageWindow(page: number, count: number): Array<number | null> {
  const pages = new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

function appliedChips(
  filters: Filter[],
  facets: FacetsData,
  t: (k: MessageId, p?: Record<string, string | number>) => string,
  currency: CurrencyCode,
  lang: 'en' | 'ar',
  country: CountryCode,
) {
  const names = new Map<string, string>();
  // Chosen categories and brands by id first: a chosen parent category is not a facet item.
  for (const c of facets.selected?.categories ?? []) names.set(`category_id:${c.id}`, c.name);
  for (const b of facets.selected?.brands ?? []) names.set(`brand_id:${b.id}`, b.name);
  for (const f of facets.filters) {
    for (const i of f.items ?? []) names.set(`${f.key}:${i.id}`, i.name);
    for (const g of f.groups ?? []) for (const i of g.items) names.set(`${f.key}:${i.id}`, i.name);
  }
  const chips: Array<{ id: string; label: string; remove: () => Filter[] }> = [];
  filters.forEach((f, index) => {
    const without = () => filters.filter((_, i) => i !== index);
    if (f.type === 'multiSelect') {
      for (const id of f.items ?? []) {
        chips.push({
          id: `${f.key}:${id}`,
          label: names.get(`${f.key}:${id}`) ?? String(id),
          remove: () =>
            filters
              .map((g, i) => (i === index ? { ...g, items: (g.items ?? []).filter((x) => x !== id) } : g))
              .filter((g) => g.type !== 'multiSelect' || g.items?.length),
        });
      }
    } else if (f.key === 'sku_price' && f.range) {
      const n = (v?: number) => (v === undefined ? '' : formatNumber(v, lang, country));
      chips.push({
        id: 'price',
        label: `${t('filter_price')}: ${withCurrency(`${n(f.range.min)}–${n(f.range.max)}`, currency, lang, country)}`,
        remove: without,
      });
    } else if (f.value) {
      const label: MessageId =
        f.key === 'only_available'
          ? 'filter_available'
          : f.key === 'free_delivery'
            ? 'filter_free_delivery'
            : 'filter_on_sale';
      chips.push({ id: f.key, label: t(label), remove: without });
    }
  });
  return chips;
}
