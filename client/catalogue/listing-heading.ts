// What a listing is about, from the chosen filters: its H1, <title>, meta description and breadcrumbs
// name the one category or brand the shopper chose (a brand's listing is the brand's page).
import type { MessageId } from '#shared/i18n';
import type { FacetsData } from '../lib/catalogue';

export type ChosenBrand = NonNullable<FacetsData['selected']>['brands'][number];

export interface ListingHeading {
  title: string;
  description?: string;
  /** The one brand chosen, when the listing is that brand's page. */
  brand?: ChosenBrand;
  crumb?: { label: MessageId; path: string };
}

export function listingHeading(
  facets: FacetsData,
  t: (k: MessageId, p?: Record<string, string | number>) => string,
): ListingHeading {
  const categories = facets.selected?.categories ?? [];
  const brands = facets.selected?.brands ?? [];
  const category = categories.length === 1 ? categories[0] : undefined;
  const brand = brands.length === 1 ? brands[0] : undefined;
  if (brand && category) {
    return {
      title: t('listing_brand_in_category', { brand: brand.name, category: category.name }),
      description: brand.description || undefined,
      brand,
      crumb: { label: 'page_brands', path: '/brands' },
    };
  }
  if (brand && !categories.length) {
    return {
      title: brand.name,
      description: brand.description
        ? t('listing_brand_description', { name: brand.name, description: brand.description })
        : undefined,
      brand,
      crumb: { label: 'page_brands', path: '/brands' },
    };
  }
  if (category && !brands.length) {
    return {
      title: category.name,
      description: t('listing_category_description', { name: category.name }),
      crumb: { label: 'page_categories', path: '/categories' },
    };
  }
  return { title: t('page_products') };
}
