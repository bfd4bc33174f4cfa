// Per-page head tags: title, description, canonical, hreflang alternates (en, ar, x-default),
// Open Graph, and structured data (JSON-LD). React hoists title, meta and link into <head>.
import { useLocation } from 'react-router';
import type { Thing, WithContext } from 'schema-dts';
import { HOME_COUNTRY } from '#shared/countries';
import { localizePath, splitLocalePath } from '#shared/locale';
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
}: SeoProps) {
  const { t, lang } = useI18n();
  const { origin } = useBoot();
  const location = useLocation();
  const { path } = splitLocalePath(location.pathname);
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams([...params].filter(([k]) => keepParams.includes(k))).toString();
  const url = (l: 'en' | 'ar') => `${origin}${localizePath(path, l)}${kept ? `?${kept}` : ''}`;
  const fullTitle = `${title} | ${t('brand_name')}`;
  const desc = description || t('brand_tagline');
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={desc} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={url(lang)} />
      <link rel="alternate" hrefLang="en" href={url('en')} />
      <link rel="alternate" hrefLang="ar" href={url('ar')} />
      <link rel="alternate" hrefLang="x-default" href={url('en')} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={t('brand_name')} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={desc} />
      <meta property="og:url" content={url(lang)} />
      <meta property="og:locale" content={`${lang}_${HOME_COUNTRY}`} />
      {image && <meta property="og:image" content={image.startsWith('http') ? image : `${origin}${image}`} />}
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
