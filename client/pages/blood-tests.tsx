// /blood-test: blood tests and panels with category chips, filters (kind, fasting, price) and sort in
// the URL (shareable; back works), a search box, and cards the shopper adds to the blood-test cart.
import '../styles/catalogue.css';
import '../styles/blood-tests.css';
import { Form, Link, useLoaderData, useSubmit, type LoaderFunctionArgs } from 'react-router';
import type { BloodTestListQuery } from '#shared/api/blood-test-schemas';
import type { BloodTestList } from '#shared/blood-tests/catalogue-types';
import { bloodTestPageQuery, bloodTestQueryFromUrl } from '#shared/blood-tests/url-query';
import { apiContext } from '../boot';
import { bloodTestApi } from '../blood-tests/api';
import { BloodTestGrid } from '../blood-tests/BloodTestCard';
import { useI18n } from '../i18n/context';
import { useHref, useMinor } from '../lib/locale';
import { EmptyState, Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  kept: true,
  texts: ['blood-tests'],
  id: 'blood-test',
  siteIndex: 'shop',
} satisfies PageDeclaration;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = bloodTestQueryFromUrl(new URL(request.url).searchParams);
  return { query, list: await bloodTestApi.list(context.get(apiContext), query) };
}

export function Component() {
  const { query, list } = useLoaderData() as { query: BloodTestListQuery; list: BloodTestList };
  const { t } = useI18n();
  const href = useHref();
  const format = useMinor();
  const submit = useSubmit();
  const base = href('/blood-test');
  const withCategory = (category?: string) => `${base}${bloodTestPageQuery({ ...query, category })}`;
  const category = list.categories.find((c) => c.slug === query.category);
  // "Up to" choices in the list's currency: its country's steps, which the list brings (decision 77); a
  // list kept from before they came with it (the browser's session cache) has none.
  const maxPrices = list.max_prices ?? [];
  const title = category ? `${t('page_blood_test')}: ${category.name}` : t('page_blood_test');
  // No test sold in her country (the owner priced none there): the page says so instead of filters that
  // could only find nothing.
  const offeredHere = list.categories.some((c) => c.count > 0);

  return (
    <Page
      title={title}
      description={t('bt_list_intro')}
      seo={{
        keepParams: ['category'],
        noindex: Boolean(query.search || query.max_price || query.fasting || query.kind),
      }}
    >
      <p className="bt-intro">{t('bt_list_intro')}</p>
      {offeredHere ? (
        <>
          <nav aria-label={t('bt_categories_label')}>
            <ul className="bt-chips">
              <li>
                <Link className="bt-chip" to={withCategory()} aria-current={!query.category ? 'page' : undefined}>
                  {t('bt_all_categories')}
                </Link>
              </li>
              {list.categories.map((c) => (
                <li key={c.id}>
                  <Link
                    className="bt-chip"
                    to={withCategory(c.slug)}
                    aria-current={query.category === c.slug ? 'page' : undefined}
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Form
            method="get"
            action={base}
            className="bt-filters"
            role="search"
            aria-label={t('bt_filters_label')}
            onChange={(e) => {
              // Selects apply at once; the search text waits for Enter or the button.
              if ((e.target as HTMLElement).tagName === 'SELECT') submit(e.currentTarget, { preventScrollReset: true });
            }}
          >
            {query.category && <input type="hidden" name="category" value={query.category} />}
            <label className="bt-filter bt-filter-search">
              <span className="visually-hidden">{t('bt_search_placeholder')}</span>
              <input
                type="search"
                name="q"
                defaultValue={query.search ?? ''}
                placeholder={t('bt_search_placeholder')}
              />
            </label>
            <label className="bt-filter">
              <span>{t('bt_filter_kind')}</span>
              <select name="kind" defaultValue={query.kind ?? ''}>
                <option value="">{t('bt_kind_any')}</option>
                <option value="test">{t('bt_kind_test')}</option>
                <option value="panel">{t('bt_kind_panel')}</option>
              </select>
            </label>
            <label className="bt-filter">
              <span>{t('bt_filter_fasting')}</span>
              <select name="fasting" defaultValue={query.fasting ?? ''}>
                <option value="">{t('bt_fasting_any')}</option>
                <option value="no">{t('bt_no_fasting')}</option>
                <option value="yes">{t('bt_fasting_yes')}</option>
              </select>
            </label>
            <label className="bt-filter">
              <span>{t('bt_filter_max_price')}</span>
              <select name="max_price" defaultValue={query.max_price ? String(query.max_price) : ''}>
                <option value="">{t('bt_price_any')}</option>
                {maxPrices.map((p) => (
                  <option key={p} value={p}>
                    {format(p, list.currency)}
                  </option>
                ))}
              </select>
            </label>
            <label className="bt-filter">
              <span>{t('bt_sort')}</span>
              <select name="sort" defaultValue={query.sort ?? 'popularity'}>
                <option value="popularity">{t('bt_sort_popularity')}</option>
                <option value="price_asc">{t('bt_sort_price_asc')}</option>
                <option value="price_desc">{t('bt_sort_price_desc')}</option>
                <option value="name">{t('bt_sort_name')}</option>
              </select>
            </label>
            <button type="submit" className="button button-secondary">
              {t('bt_apply')}
            </button>
          </Form>
          <p className="bt-count" role="status">
            {t('bt_results_count', { count: list.total })}
          </p>
          {list.items.length ? (
            <BloodTestGrid tests={list.items} currency={list.currency} />
          ) : (
            <EmptyState message="bt_no_results" action={{ label: 'bt_all_categories', to: '/blood-test' }} />
          )}
        </>
      ) : (
        <EmptyState message="bt_not_offered_here" action={{ label: 'home_shop_now', to: '/products' }} />
      )}
    </Page>
  );
}
