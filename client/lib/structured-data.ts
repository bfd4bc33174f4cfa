// schema.org data for search engines: the shop as an Organization, and each product with an offer
// per country in that country's currency, with what delivering it there costs and takes and the
// return policy there (Google's merchant listings ask both of every offer).
import type {
  MerchantReturnPolicy,
  OfferShippingDetails,
  Organization,
  Product,
  QuantitativeValue,
  SearchAction,
  WebSite,
  WithActionConstraints,
  WithContext,
} from 'schema-dts';
import type { Country } from '#shared/api/schemas';
import type { ProductDetail } from '#shared/catalogue/types';
import { type CountryCode, type Lang, localizePath } from '#shared/locale';
import { pricingOf } from '#shared/countries';
import { currencyInfoOf, minorToDecimal, payableMinor } from '#shared/money';
import { DELIVERY_DAYS, RETURN_WINDOW_DAYS } from '#shared/orders/merchant-policy';
import { paths } from '#shared/routes';

const days = ([min, max]: readonly [number, number]): QuantitativeValue => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
});

const WORKING_WEEK = [
  'https://schema.org/Sunday',
  'https://schema.org/Monday',
  'https://schema.org/Tuesday',
  'https://schema.org/Wednesday',
  'https://schema.org/Thursday',
] as const;

/**
 * Delivering to the country: the fee the shopper pays for this item alone (none once it reaches the
 * free-delivery threshold by itself), and the days it takes (shared/orders/merchant-policy.ts).
 */
function shippingLd(
  country: CountryCode,
  fee: { minor: number; currency: string; decimals: number },
): OfferShippingDetails {
  const time = DELIVERY_DAYS[country];
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: {
      '@type': 'MonetaryAmount',
      value: Number(minorToDecimal(fee.minor, fee.decimals)),
      currency: fee.currency,
    },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: country },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: days(time.handling),
      transitTime: days(time.transit),
      ...(time.workingDays ? { businessDays: { '@type': 'OpeningHoursSpecification', dayOfWeek: WORKING_WEEK } } : {}),
    },
  };
}

/** The return policy in the country, as the return-policy page states it. */
function returnPolicyLd(country: CountryCode, origin: string, lang: Lang): MerchantReturnPolicy {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: country,
    returnPolicyCountry: country,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: RETURN_WINDOW_DAYS,
    // A courier collects it from her address.
    returnMethod: 'https://schema.org/ReturnByMail',
    // Google's merchant listings read returnFees for any return and let the two reason-specific fees
    // below override it: in general she may pay the collection (the page says a fee may apply), and a
    // return caused by the shop's mistake (a defect) is free.
    returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
    customerRemorseReturnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
    itemDefectReturnFees: 'https://schema.org/FreeReturn',
    merchantReturnLink: `${origin}${localizePath('/return-policy', lang)}`,
  };
}

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

/** Whether a page of `page` prices what `country` charges (both converted, or the same country). */
const samePricing = (country: CountryCode, page: CountryCode) =>
  country === page || (pricingOf(country) === 'converted' && pricingOf(page) === 'converted');

export function productLd(
  product: ProductDetail,
  origin: string,
  lang: Lang,
  countries: Country[],
  /** The page's country: its prices are the page's, which say nothing of an own-priced country's. */
  pageCountry: CountryCode,
): WithContext<Product> {
  const sku = product.default_sku;
  // The page's price is its country's: a converted country's is base fils, which every converted country's
  // offer converts; an own-priced country's is its own and names no other (decision 77). Not sold: no offer.
  const priced = product.sold_here === false ? [] : countries.filter((c) => samePricing(c.code, pageCountry));
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
    offers: priced.map((c) => {
      // The offer's price is what a shopper of that country pays (VAT included in Saudi Arabia).
      const info = currencyInfoOf(c);
      const minor = payableMinor(sku.price.price, info);
      // As the page says: free delivery when this item alone reaches the country's threshold.
      const freeAlone = product.free_delivery && minor >= c.free_delivery_minor;
      const fee = freeAlone ? 0 : c.delivery_fee_minor;
      return {
        '@type': 'Offer',
        url,
        price: minorToDecimal(minor, info.decimals),
        priceCurrency: info.currency,
        eligibleRegion: { '@type': 'Country', name: c.code },
        availability: sku.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        ...(fee === null
          ? {}
          : { shippingDetails: shippingLd(c.code, { minor: fee, currency: info.currency, decimals: info.decimals }) }),
        hasMerchantReturnPolicy: returnPolicyLd(c.code, origin, lang),
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
