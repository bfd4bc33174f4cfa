// schema.org Product for a blood test: the offer is the shopper's country's, in its currency (labs
// price each country separately, so there is no other country's price to convert to). Nothing is
// shipped (the sample is taken at the lab or at home, at no delivery charge) and a test once taken cannot
// be returned: the return-policy page says how a booking is cancelled or moved instead.
import type { Product, WithContext } from 'schema-dts';
import type { BloodTestDetail } from '#shared/blood-tests/catalogue-types';
import { type CountryCode, type Lang, localizePath } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { minorToDecimal } from '#shared/money';
import { paths } from '#shared/routes';
import { pageUrl } from '#shared/seo/country-urls';
import { BLOOD_TEST_IMAGE } from './picture';

export function bloodTestLd(
  test: BloodTestDetail,
  origin: string,
  lang: Lang,
  country: CountryCode,
): WithContext<Product> {
  const url = `${origin}${paths.bloodTest(test.slug, lang)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: test.name,
    description: `${test.summary} ${test.purpose}`,
    sku: String(test.default_sku.id),
    category: test.category.name,
    url,
    image: `${origin}${BLOOD_TEST_IMAGE}`,
    brand: { '@type': 'Brand', name: test.lab.name },
    offers: {
      '@type': 'Offer',
      // The country's own URL: the price is this country's (shared/seo/country-urls.ts).
      url: pageUrl(origin, paths.bloodTest(test.slug, 'en'), lang, country),
      price: minorToDecimal(test.price.price, COUNTRY_FACTS[country].decimals),
      priceCurrency: test.currency,
      eligibleRegion: { '@type': 'Country', name: country },
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: test.currency },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: country },
      },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: country,
        returnPolicyCountry: country,
        returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
        merchantReturnLink: `${origin}${localizePath('/return-policy', lang)}`,
      },
    },
  };
}
