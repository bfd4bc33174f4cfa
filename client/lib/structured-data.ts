// schema.org data for search engines: the shop as an Organization, and each product with the offer of
// the page's country (its URL pins it, shared/seo/country-urls.ts) in that country's currency, with its
// stock there, what delivering it there costs and takes and the return policy there (Google's merchant
// listings ask both of every offer). Each country's offer is on that country's URL.
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
import { currencyInfoOf, minorToDecimal, payableMinor } from '#shared/money';
import { DELIVERY_DAYS, RETURN_WINDOW_DAYS } from '#shared/orders/merchant-policy';
import { WEEK } from '#shared/countries/delivery';
import { workingDaysOf } from '#shared/working-week';
import { paths } from '#shared/routes';
import { pageUrl } from '#shared/seo/country-urls';
import type { BootData } from '#shared/boot';

const days = ([min, max]: readonly [number, number]): QuantitativeValue => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
});

/** schema.org's days, in getUTCDay's order (0 Sunday … 6 Saturday). */
const SCHEMA_DAYS = [
  'https://schema.org/Sunday',
  'https://schema.org/Monday',
  'https://schema.org/Tuesday',
  'https://schema.org/Wednesday',
  'https://schema.org/Thursday',
  'https://schema.org/Friday',
  'https://schema.org/Saturday',
] as const;

/** The country's working week from its module (its weekend left out): Sunday–Thursday in Kuwait, Monday–Friday in the Emirates. */
const workingWeek = (country: CountryCode) => workingDaysOf(WEEK[country]).map((d) => SCHEMA_DAYS[d]!);

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
      ...(time.workingDays
        ? { businessDays: { '@type': 'OpeningHoursSpecification', dayOfWeek: workingWeek(country) } }
        : {}),
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

export function productLd(
  product: ProductDetail,
  { origin, country }: Pick<BootData, 'origin' | 'country'>,
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
    // The page's country only: its stock is that country's (the page's data was read for it), and the
    // other countries' offers are on their own URLs.
    // Not sold in the page's country (an own-priced country without the owner's price, decision 77): no offer.
    offers: countries
      .filter((c) => c.code === country && product.sold_here !== false)
      .map((c) => {
        // The offer's price is what a shopper of that country pays (VAT included where prices include it).
        const info = currencyInfoOf(c);
        const minor = payableMinor(sku.price.price, info);
        // As the page says: free delivery when this item alone reaches the country's threshold.
        const freeAlone = product.free_delivery && minor >= c.free_delivery_minor;
        const fee = freeAlone ? 0 : c.delivery_fee_minor;
        return {
          '@type': 'Offer',
          url: pageUrl(origin, paths.product(product.slug, 'en'), lang, c.code),
          price: minorToDecimal(minor, info.decimals),
          priceCurrency: info.currency,
          eligibleRegion: { '@type': 'Country', name: c.code },
          availability: sku.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
          ...(fee === null
            ? {}
            : {
                shippingDetails: shippingLd(c.code, { minor: fee, currency: info.currency, decimals: info.decimals }),
              }),
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
