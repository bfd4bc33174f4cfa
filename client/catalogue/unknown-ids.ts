// A listing URL with ids that name nothing (/products?brand=999, an old or mistyped link) is sent on
// to the same listing without them: no raw "999" chip, no "0 products", no such id in the canonical
// URL. The facets' `selected` says which chosen ids exist, in the batch the page loads anyway.
import { redirect } from 'react-router';
import { searchParamsFromListing, withoutUnknownIds, type ListingState } from '#shared/catalogue/url-query';
import type { FacetsData } from '../lib/catalogue';

/** Throws the redirect to the cleaned listing when the URL holds an unknown id. */
export function dropUnknownIds(url: URL, state: ListingState, facets: FacetsData): void {
  const selected = facets.selected;
  if (!selected) return;
  const clean = withoutUnknownIds(state, {
    category: selected.categories.map((c) => c.id),
    brand: selected.brands.map((b) => b.id),
    attr: (selected.attributes ?? []).map((a) => a.id),
  });
  if (!clean) return;
  const search = searchParamsFromListing(clean).toString();
  throw redirect(`${url.pathname}${search ? `?${search}` : ''}`);
}
