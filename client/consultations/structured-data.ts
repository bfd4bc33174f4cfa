// schema.org Person for a nutritionist's page: who she is (her title, qualifications and languages),
// the shop she works for, and the consultations she offers with their prices in the shopper's country
// and currency (a service is priced per country, decision 52; one without a price there is not listed).
import type { Person, WithContext } from 'schema-dts';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { minorToDecimal } from '#shared/money';
import { paths } from '#shared/routes';
import { pageUrl } from '#shared/seo/country-urls';
import type { NutritionistOfferDetail } from '#shared/consultations/types';

export function nutritionistLd(
  n: NutritionistOfferDetail,
  origin: string,
  lang: Lang,
  country: CountryCode,
  shop: string,
): WithContext<Person> {
  const url = `${origin}${paths.nutritionist(lang, n.id)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: n.name,
    jobTitle: n.title,
    description: n.bio,
    url,
    image: `${origin}${n.photo.url}`,
    knowsLanguage: n.languages,
    ...(n.qualifications
      ? {
          hasCredential: {
            '@type': 'EducationalOccupationalCredential',
            credentialCategory: 'qualification',
            name: n.qualifications,
          },
        }
      : {}),
    worksFor: { '@type': 'Organization', name: shop, url: origin },
    makesOffer: n.services.map((s) => ({
      '@type': 'Offer',
      // The country's own URL: the price is this country's (shared/seo/country-urls.ts).
      url: pageUrl(origin, paths.nutritionist('en', n.id), lang, country),
      price: minorToDecimal(s.price, COUNTRY_FACTS[country].decimals),
      priceCurrency: s.currency,
      eligibleRegion: { '@type': 'Country', name: country },
      itemOffered: {
        '@type': 'Service',
        name: s.name,
        description: s.description,
        serviceType: 'Nutrition consultation',
        provider: { '@type': 'Person', name: n.name },
      },
    })),
  };
}
