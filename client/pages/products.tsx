// /products: the whole catalogue with filters in the URL (shareable; back works).
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { listingFromSearchParams, type ListingState } from '../../shared/catalogue/url-query';
import { apiContext } from '../boot';
import { ListingView } from '../catalogue/ListingView';
import { useI18n } from '../i18n/context';
import { catalogue, type FacetsData, type Listing } from '../lib/catalogue';
import { Page } from '../ui/Page';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const state = listingFromSearchParams(new URL(request.url).searchParams);
  const [listing, facets] = await Promise.all([catalogue.list(api, state.query, state.page), catalogue.facets(api, state.query)]);
  return { state, listing, facets };
}

export function Component() {
  const { state, listing, facets } = useLoaderData() as { state: ListingState; listing: Listing; facets: FacetsData };
  const { t } = useI18n();
  return (
    <Page title={t('page_products')} seo={{ keepParams: ['page', 'category', 'brand'] }}>
      <ListingView listing={listing} facets={facets} state={state} origin={{ source: 'Category Page' }} />
    </Page>
  );
}
