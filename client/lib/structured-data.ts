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
  };
}
