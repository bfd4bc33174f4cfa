// /search: as-you-type suggestions (products, brands, categories), recent searches with clear, and
// results with the listing's filters. The query lives in ?q= like every other listing filter.
import '../styles/catalogue.css';
import '../styles/header-search.css';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { listingFromSearchParams, searchParamsFromListing, type ListingState } from '#shared/catalogue/url-query';
import { paths } from '#shared/routes';
import type { BloodTestCard } from '#shared/blood-tests/catalogue-types';
import { apiContext } from '../boot';
import { Price } from '../catalogue/Price';
import { ListingView } from '../catalogue/ListingView';
import { SearchCorrected, SearchFallback } from '../catalogue/SearchRescue';
import { dropUnknownIds } from '../catalogue/unknown-ids';
import { useI18n } from '../i18n/context';
import { catalogue, type FacetsData, type Listing } from '../lib/catalogue';
import { useHref, useMinor } from '../lib/locale';
import { ApiContext } from '../providers';
import { Page } from '../ui/Page';
import { responsive } from '../ui/responsive-image';
import { track } from '../analytics/track';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { kept: true, texts: ['catalogue'], siteIndex: 'shop' } satisfies PageDeclaration;

type Suggestions = Awaited<ReturnType<typeof catalogue.suggest>>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const state = listingFromSearchParams(url.searchParams);
  if (!state.query.search) return { state, listing: null, facets: null };
  // Results and filters in one call (one D1 round trip; after a "did you mean" the filters are the
  // corrected results'), so a search that finds nothing stays within the page's round-trip budget.
  const { facets, ...listing } = await catalogue.list(api, { ...state.query, with_facets: true }, state.page);
  if (!facets) throw new Error('the listing answered without its filters');
  dropUnknownIds(url, state, facets);
  return { state, listing, facets };
}

export function Component() {
  const { state, listing, facets } = useLoaderData() as {
    state: ListingState;
    listing: Listing | null;
    facets: FacetsData | null;
  };
  const { t } = useI18n();
  const q = state.query.search ?? '';
  // Analytics: one search per query shown. Its term is cut to the words of the products found
  // (names, brands, categories; never the blood tests'), then passes the shared rules.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per query
  useEffect(() => {
    if (!q) return;
    const resultsCount = listing?.total ?? 0;
    const vocabulary = (listing?.items ?? []).flatMap((p) => [p.name, p.brand.name, p.category.name]);
    track((b) => b.search({ term: q, resultsCount, vocabulary }));
  }, [q]);
  return (
    <Page title={q ? t('search_results_for', { q }) : t('page_search')} crumbs={[]}>
      <SearchBox key={q} initial={q} />
      {listing && facets ? (
        <>
          <SearchCorrected q={q} listing={listing} />
          {listing.blood_tests && listing.blood_tests.length > 0 && (
            // The API sends the tests' currency with every list of tests (the shopper's country's).
            <SearchBloodTests tests={listing.blood_tests} currency={listing.blood_test_currency!} />
          )}
          <ListingView listing={listing} facets={facets} state={state} origin={{ source: 'Search', id: q }} />
          {/* Popular products stand in for words that found nothing, not for filters that left nothing. */}
          {state.query.filters.length === 0 && <SearchFallback q={q} listing={listing} />}
        </>
      ) : (
        <p className="search-prompt">{t('search_prompt')}</p>
      )}
    </Page>
  );
}

/** The blood tests a search finds, in their own labelled section above the supplements. */
function SearchBloodTests({ tests, currency }: { tests: BloodTestCard[]; currency: string }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const minor = useMinor();
  return (
    <section className="search-blood-tests" aria-labelledby="search-blood-tests">
      <h2 id="search-blood-tests" className="section-title">
        {t('bt_search_section')}
      </h2>
      <ul>
        {tests.map((test) => (
          <li key={test.id}>
            <Link to={paths.bloodTest(test.slug, lang)}>
              <span className="suggestion-label">{t('bt_search_label')}</span> {test.name}
            </Link>
            <Price price={test.price} format={(n) => minor(n, currency)} />
          </li>
        ))}
      </ul>
      <Link to={`${href('/blood-test')}`}>{t('bt_back_to_list')}</Link>
    </section>
  );
}

function SearchBox({ initial }: { initial: string }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext)!;
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState(initial);
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  const [recent, setRecent] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    catalogue.recentTerms(api).then(setRecent, () => setRecent([]));
  }, [api]);

  useEffect(() => {
    const term = text.trim();
    if (term.length < 2) {
      setSuggestions(null);
      return;
    }
    const timer = setTimeout(() => {
      abort.current?.abort();
      abort.current = new AbortController();
      catalogue.suggest(api, term, abort.current.signal).then(setSuggestions, () => undefined);
    }, 200);
    return () => clearTimeout(timer);
  }, [text, api]);

  const submit = (term: string) => {
    const value = term.trim();
    if (!value) return;
    setOpen(false);
    void catalogue.saveTerm(api, value).catch(() => undefined);
    const params = searchParamsFromListing({ query: { search: value, filters: [], per_page: 24 }, page: 1 });
    void navigate(`${href('/search')}?${params}`);
  };

  const showRecent = open && text.trim().length < 2 && recent.length > 0;
  const showSuggestions = open && !!suggestions && text.trim().length >= 2;

  return (
    <div className="search-box">
      {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for the phones the shop serves */}
      <form
        role="search"
        // Named apart from the header's search landmark, which is also on this page.
        aria-label={t('products_heading')}
        onSubmit={(e) => {
          e.preventDefault();
          submit(text);
        }}
      >
        <label htmlFor="search-page-input" className="visually-hidden">
          {t('search_label')}
        </label>
        <input
          id="search-page-input"
          type="search"
          name="q"
          value={text}
          role="combobox"
          aria-expanded={showRecent || showSuggestions}
          aria-controls={listId}
          aria-autocomplete="list"
          autoComplete="off"
          placeholder={t('search_placeholder')}
          onChange={(e) => setText(e.target.value)}
          onFocus={() => setOpen(true)}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        />
        <button type="submit" className="button">
          {t('search_submit')}
        </button>
      </form>
      <div id={listId} className="suggestions" hidden={!(showRecent || showSuggestions)}>
        {showRecent && (
          <section aria-label={t('recent_searches')}>
            <div className="suggestions-head">
              <h2>{t('recent_searches')}</h2>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  void catalogue.clearTerms(api).then(() => setRecent([]));
                }}
              >
                {t('clear_history')}
              </button>
            </div>
            <ul>
              {recent.map((term) => (
                <li key={term}>
                  <button
                    type="button"
                    className="suggestion"
                    onClick={() => {
                      setText(term);
                      submit(term);
                    }}
                  >
                    {term}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {showSuggestions && suggestions && (
          <>
            {suggestions.products.length > 0 && (
              <section aria-label={t('products_heading')}>
                <h2>{t('products_heading')}</h2>
                <ul>
                  {suggestions.products.map((p, i) => (
                    <li key={p.id}>
                      <Link
                        className="suggestion"
                        to={`${paths.product(p.slug, lang)}?search=${encodeURIComponent(text.trim())}&position=${i + 1}`}
                      >
                        {p.images[0] && <img {...responsive(p.images[0], '40px')} alt="" width={40} height={40} />}
                        <span>
                          <span className="suggestion-brand">{p.brand.name}</span> {p.name}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {suggestions.brands.length > 0 && (
              <section aria-label={t('brands_heading')}>
                <h2>{t('brands_heading')}</h2>
                <ul>
                  {suggestions.brands.map((b) => (
                    <li key={b.id}>
                      <Link className="suggestion" to={href(`/products?brand=${b.id}`)}>
                        {b.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {suggestions.categories.length > 0 && (
              <section aria-label={t('categories_heading')}>
                <h2>{t('categories_heading')}</h2>
                <ul>
                  {suggestions.categories.map((c) => (
                    <li key={c.id}>
                      <Link className="suggestion" to={href(`/products?category=${c.id}`)}>
                        {c.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {(suggestions.blood_tests?.length ?? 0) > 0 && (
              <section aria-label={t('bt_search_section')}>
                <h2>{t('bt_search_section')}</h2>
                <ul>
                  {suggestions.blood_tests!.map((test) => (
                    <li key={test.id}>
                      <Link className="suggestion" to={paths.bloodTest(test.slug, lang)}>
                        <span>
                          <span className="suggestion-label">{t('bt_search_label')}</span> {test.name}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {!suggestions.products.length &&
              !suggestions.brands.length &&
              !suggestions.categories.length &&
              !suggestions.blood_tests?.length && <p className="suggestion-empty">{t('no_result_found')}</p>}
          </>
        )}
      </div>
    </div>
  );
}
