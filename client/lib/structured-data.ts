// schema.org data for search engines: the shop as an Organization, and each product with an offer
// per country in that country's currency.
import type { Organization, Product, SearchAction, WebSite, WithActionConstraints, WithContext } from 'schema-dts';
import type { Country } from '#shared/api/schemas';
import type { ProductDetail } from '#shared/catalogue/types';
import type { Lang } from '#shared/locale';
import { currencyInfoOf, minorToDecimal, payableMinor } from '#shared/money';
import { paths } from '#shared/routes';

export function organizationLd(origin: string, name: string): [WithContext<Organization>, WithContext<WebSite>] {
  const search: WithActionConstraints<SearchAction> = {
    '@type': 'SearchAction',
    target: `${origin}/search?q={search_term_string}`,
    'query-input': 'required name=search_term_string',
  };
  return [
    { '@context': 'https://schema.org', '@type': 'Organization', name, url: origin, logo: `${origin}/favicon.svg` },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name,
      url: origin,
      potentialAction: search,
    },
  ];
}

export function productLd(
  product: ProductDetail,
  origin: string,
  lang: Lang,
  countries: Country[],
): WithContext<Product> {
  const sku = product.default_sku;
  const url = `${origin}${paths.product(product.slug, lang)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: String(sku.id),
    image: product.images.map((i) => `${origin}${i.url}`),
    brand: { '@type': 'Brand', name: product.brand.name },
    category: product.category.name,
    url,
    offers: countries.map((c) => {
      // The offer's price is what a shopper of that country pays (VAT included in Saudi Arabia).
      const info = currencyInfoOf(c);
      const minor = payableMinor(sku.price.price, info);
      return {
        '@type': 'Offer',
        url,
        price: minorToDecimal(minor, info.decimals),
        priceCurrency: info.currency,
        eligibleRegion: { '@type': 'Country', name: c.code },
        availability: sku.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      };
    }),
    ...ratingLd(product),
  };
}

/**
 * The shown ratings as AggregateRating, and the first reviews as Review where the page has them (the
 * server's render: ReviewsPlace keeps them out of the browser's data, and crawlers read the server's).
 */
function ratingLd(product: ProductDetail): Pick<Product, 'aggregateRating' | 'review'> {
  const summary = product.rating_summary;
  if (!summary?.count || summary.average === null) return {};
  // A review needs its author's name here; one whose account is gone stays on the page only.
  const reviews = (product.reviews_preview?.reviews ?? []).filter((r) => r.author);
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: summary.average,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    ...(reviews.length
      ? {
          review: reviews.map((r) => ({
            '@type': 'Review' as const,
            reviewRating: { '@type': 'Rating' as const, ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            author: { '@type': 'Person' as const, name: r.author },
            datePublished: new Date(r.created_at).toISOString().slice(0, 10),
            ...(r.title ? { name: r.title } : {}),
            reviewBody: r.body,
            inLanguage: r.lang,
          })),
        }
      : {}),
  };
}
