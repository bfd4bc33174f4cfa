// /products: the whole catalogue with filters in the URL (shareable; back works). With one category
// or brand chosen it is that category's or brand's page: titled with its name, the brand with its logo.
import '../styles/catalogue.css';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { listingFromSearchParams, type ListingState } from '#shared/catalogue/url-query';
import { apiContext } from '../boot';
import { BrandHeader } from '../catalogue/BrandHeader';
import { listingHeading } from '../catalogue/listing-heading';
import { ListingView } from '../catalogue/ListingView';
import { dropUnknownIds } from '../catalogue/unknown-ids';
import { useI18n } from '../i18n/context';
import { catalogue, type FacetsData, type Listing } from '../lib/catalogue';
import { brandLd, itemListLd } from '../lib/listing-ld';
import { useBoot, useHref } from '../lib/locale';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { kept: true, texts: ['catalogue'], siteIndex: 'shop' } satisfies PageDeclaration;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const state = listingFromSearchParams(url.searchParams);
  const [listing, facets] = await Promise.all([
    catalogue.list(api, state.query, state.page),
    catalogue.facets(api, state.query),
  ]);
  dropUnknownIds(url, state, facets);
  return { state, listing, facets };
}

export function Component() {
  const { state, listing, facets } = useLoaderData() as { state: ListingState; listing: Listing; facets: FacetsData };
  const { t, lang } = useI18n();
  const { origin } = useBoot();
  const href = useHref();
  const heading = listingHeading(facets, t);
  const jsonLd = import.meta.env.SSR
    ? [
        itemListLd(listing.items, origin, lang),
        ...(heading.brand
          ? [brandLd(heading.brand, origin, `${origin}${href(`/products?brand=${heading.brand.id}`)}`)]
          : []),
      ]
    : [];
  return (
    <Page
      title={heading.title}
      description={heading.description}
      crumbs={heading.crumb ? [{ label: t(heading.crumb.label), to: href(heading.crumb.path) }] : undefined}
      seo={{
        keepParams: ['page', 'category', 'brand'],
        image: heading.brand?.logo.og ?? listing.items[0]?.images[0]?.og,
        jsonLd,
      }}
    >
      {heading.brand && <BrandHeader brand={heading.brand} />}
      <ListingView listing={listing} facets={facets} state={state} origin={{ source: 'Category Page' }} />
    </Page>
  );
}
