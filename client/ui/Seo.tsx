// Per-page head tags: title, description, canonical, hreflang alternates (en, ar, each language in each
// country where the page differs by country, x-default), Open Graph, and structured data (JSON-LD).
// React hoists title, meta and link into <head>. The title, description and canonical URL follow the
// page in the browser too (a share sheet reads the canonical URL); the alternates and Open Graph are for
// crawlers, which read the server's HTML, and only the server renders them (React leaves head tags it
// does not render alone when hydrating; a page drawn in the browser keeps the first page's, which
// nothing but a crawler reads).
import { useLocation, useMatches } from 'react-router';
import type { Thing, WithContext } from 'schema-dts';
import { type CountryCode, splitLocalePath } from '#shared/locale';
import { alternates, isCountryPage, pageUrl, pinnedCountry } from '#shared/seo/country-urls';
import { useI18n } from '../i18n/context';
import { useBoot } from '../lib/locale';

export interface SeoProps {
  title: string;
  description?: string;
  image?: string;
  /** Keep these query parameters in the canonical URL (e.g. page). */
  keepParams?: string[];
  type?: 'website' | 'product';
  /**
   * schema.org data, typed by schema-dts (types only: nothing of it reaches the bundle). Crawlers read
   * it in the server's HTML, so pages build it only there (`import.meta.env.SSR ? [...] : []`): the
   * browser never downloads the builders. Given at all, it is one block, an array when several.
   */
  jsonLd?: WithContext<Thing>[];
  noindex?: boolean;
  /** The countries a page that differs by country is shown in, when not every one (a blood test's). */
  countries?: readonly CountryCode[];
}

/** JSON inside <script type="application/ld+json"> must not be able to close the element. */
function ldJson(list: object[]): string {
  return JSON.stringify(list.length === 1 ? list[0] : list).replace(/</g, '\\u003c');
}

export function Seo({
  title,
  description,
  image,
  keepParams = [],
  type = 'website',
  jsonLd,
  noindex = false,
  countries,
}: SeoProps) {
  const { t } = useI18n();
  const { origin } = useBoot();
  const fullTitle = `${title} | ${t('brand_name')}`;
  const desc = description || t('brand_tagline');
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={desc} />
      {noindex && <meta name="robots" content="noindex" />}
      <SeoLinks keepParams={keepParams} countries={countries} />
      {import.meta.env.SSR && (
        // Open Graph is read by the crawlers of social sites, from the server's HTML.
        <>
          <meta property="og:type" content={type} />
          <meta property="og:site_name" content={t('brand_name')} />
          <meta property="og:title" content={fullTitle} />
          <meta property="og:description" content={desc} />
          {image && <meta property="og:image" content={image.startsWith('http') ? image : `${origin}${image}`} />}
        </>
      )}
      {jsonLd && (
        // The browser's render keeps the server's block as it is: React leaves a raw-HTML element's content
        // alone when hydrating (and says nothing, told so), and a page drawn in the browser needs none.
        <script
          type="application/ld+json"
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw JSON; ldJson escapes '<' so it cannot close the script
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? ldJson(jsonLd) : '' }}
        />
      )}
    </>
  );
}

/**
 * Canonical URL, hreflang alternates, og:url and og:locale. A page that differs by country
 * (shared/seo/country-urls.ts) and whose URL pins a country keeps `?country=` in its canonical URL and
 * lists each language in each country; any other page's canonical URL is its bare one. The canonical
 * URL follows the page in the browser (a share sheet reads it); the rest is for crawlers, which read the
 * server's HTML, so only the server renders it (the browser's bundle carries none of it) and a page
 * drawn in the browser keeps the first page's, which nothing but a crawler reads.
 */
function SeoLinks({ keepParams, countries }: { keepParams: string[]; countries?: readonly CountryCode[] }) {
  const { lang } = useI18n();
  const { origin, country } = useBoot();
  const location = useLocation();
  const byCountry = isCountryPage((useMatches().at(-1)?.handle as { page?: string } | undefined)?.page ?? '');
  const { path } = splitLocalePath(location.pathname);
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams([...params].filter(([k]) => keepParams.includes(k))).toString();
  const appPath = `${path}${kept ? `?${kept}` : ''}`;
  const canonical = pageUrl(origin, appPath, lang, byCountry ? pinnedCountry(params) : null);
  return (
    <>
      <link rel="canonical" href={canonical} />
      {import.meta.env.SSR && (
        <>
          {alternates(origin, appPath, byCountry, countries).map((a) => (
            <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
          ))}
          <meta property="og:url" content={canonical} />
          <meta property="og:locale" content={`${lang}_${country}`} />
        </>
      )}
    </>
  );
}
