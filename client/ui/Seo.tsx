// Per-page head tags: title, description, canonical, hreflang alternates (en, ar, each language in each
// country where the page differs by country, x-default), Open Graph, and structured data (JSON-LD).
// React hoists title, meta and link into <head>. The title, description and canonical URL follow the
// page in the browser too (a share sheet reads the canonical URL); the alternates and Open Graph are for
// crawlers, which read the server's HTML, and only the server renders them (React leaves head tags it
// does not render alone when hydrating; a page drawn in the browser keeps the first page's, which
// nothing but a crawler reads).
import { useLocation, useMatches } from 'react-router';
import type { Thing, WithContext } from 'schema-dts';
import { type CountryCode, localizePath, splitLocalePath } from '#shared/locale';
import { alternates, COUNTRY_PARAM, isCountryPage } from '#shared/seo/country-urls';
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
  const { t, lang } = useI18n();
  const boot = useBoot();
  const { origin } = boot;
  const location = useLocation();
  const { path } = splitLocalePath(location.pathname);
  const query = new URLSearchParams([...new URLSearchParams(location.search)].filter(([k]) => keepParams.includes(k)));
  const kept = `${query}`;
  const appPath = kept ? `${path}?${kept}` : path;
  // A page that differs by country and whose URL pins one keeps `?country=` in its canonical URL (last,
  // as pageUrl writes it). The server worked that out for the document's own page (boot.pinned, from the
  // route's page and the URL: shared/seo/country-urls.ts); every other page the browser draws comes from
  // the shop's own links, which never pin a country, so the browser's bundle carries no list of pages.
  const pinned = location.key === (boot.herKey ?? 'default') && boot.pinned;
  if (pinned) query.set(COUNTRY_PARAM, pinned);
  const canonical = `${origin}${localizePath(pinned ? `${path}?${query}` : appPath, lang)}`;
  const fullTitle = `${title} | ${t('brand_name')}`;
  const desc = description || t('brand_tagline');
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={desc} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={canonical} />
      {import.meta.env.SSR && (
        <CrawlerTags
          appPath={appPath}
          canonical={canonical}
          countries={countries}
          type={type}
          fullTitle={fullTitle}
          desc={desc}
          image={image}
        />
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
 * What only crawlers read, from the server's HTML, so only the server renders it (the browser's bundle
 * carries none of it; a page drawn in the browser keeps the first page's, which nothing but a crawler
 * reads): the hreflang alternates (each language in each country where the page differs by country,
 * shared/seo/country-urls.ts) and Open Graph, read by the crawlers of social sites.
 */
function CrawlerTags(props: {
  appPath: string;
  canonical: string;
  countries?: readonly CountryCode[];
  type: string;
  fullTitle: string;
  desc: string;
  image?: string;
}) {
  const { t, lang } = useI18n();
  const { origin, country } = useBoot();
  const byCountry = isCountryPage((useMatches().at(-1)?.handle as { page?: string } | undefined)?.page ?? '');
  const { image } = props;
  return (
    <>
      {alternates(origin, props.appPath, byCountry, props.countries).map((a) => (
        <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
      ))}
      <meta property="og:url" content={props.canonical} />
      <meta property="og:locale" content={`${lang}_${country}`} />
      <meta property="og:type" content={props.type} />
      <meta property="og:site_name" content={t('brand_name')} />
      <meta property="og:title" content={props.fullTitle} />
      <meta property="og:description" content={props.desc} />
      {image && <meta property="og:image" content={image.startsWith('http') ? image : `${origin}${image}`} />}
    </>
  );
}
