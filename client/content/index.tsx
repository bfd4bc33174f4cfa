// Information-page texts: a route loader that brings only the page's language (one chunk per language,
// fetched on client navigations; the server's answer rides in the hydration data), and the renderer
// for their sections.
import { data, type LoaderFunctionArgs } from 'react-router';
import { splitLocalePath, type Lang } from '#shared/locale';
import { PAGE_PATHS } from '#shared/page-paths';
import { useI18n } from '../i18n/context';
import { COUNTRY_CODES, type CountryCode } from '#shared/countries';
import type { CountryLegal } from '#shared/countries/types';
import {
  CONTENT_PAGE_IDS,
  type ContentPageId,
  type ContentSection,
  type DataProtectionLaw,
  type LoadedContent,
  type PageContent,
} from './page-content';

// The pages take their texts' type from here, with the loader and the renderer.
export type { LoadedContent, PageContent } from './page-content';

/** Pages with at least this many sections get a table of contents. */
const TOC_MIN_SECTIONS = 6;

async function loadPageContent(lang: Lang, id: ContentPageId): Promise<PageContent> {
  const pages =
    lang === 'ar'
      ? (await import('./static-pages.ar')).staticPagesAr
      : (await import('./static-pages.en')).staticPagesEn;
  return pages[id];
}

const byPath = new Map<string, ContentPageId>(CONTENT_PAGE_IDS.map((id) => [PAGE_PATHS[id], id]));

/** Every country's law on personal data in one language, in the countries' order, for the privacy policy. */
export function lawsIn(
  lang: Lang,
  countries: readonly CountryCode[],
  legal: Readonly<Record<string, CountryLegal>>,
): DataProtectionLaw[] {
  return countries.map((country) => {
    const { law, regulator, url } = legal[country]!.dataProtection;
    return { country, law: law[lang], regulator: regulator[lang], url };
  });
}

/** Route loader of every page with texts: finds the page from the URL, in the URL's language. */
export async function contentLoader({ request }: LoaderFunctionArgs): Promise<LoadedContent> {
  const { lang, path } = splitLocalePath(new URL(request.url).pathname);
  const id = byPath.get(path.length > 1 ? path.replace(/\/+$/, '') : path);
  if (!id) throw data(null, { status: 404 });
  if (id !== 'privacy-policy' && id !== 'disclaimer') return loadPageContent(lang, id);
  // The country modules' legal aspect loads with these pages only (its own chunk); their data carries one
  // language: the privacy policy every country's law, the disclaimer every country's emergency numbers.
  const [content, { LEGAL }] = await Promise.all([loadPageContent(lang, id), import('#shared/countries/legal')]);
  if (id === 'disclaimer')
    return { ...content, emergency: COUNTRY_CODES.map((country) => ({ country, ...LEGAL[country].emergency })) };
  return { ...content, laws: lawsIn(lang, COUNTRY_CODES, LEGAL) };
}

export function ContentSections({
  sections,
  toc = sections.length >= TOC_MIN_SECTIONS,
}: {
  sections: readonly ContentSection[];
  toc?: boolean;
}) {
  const { t } = useI18n();
  return (
    <>
      {toc && (
        <nav className="static-toc" aria-labelledby="static-toc-title">
          <h2 id="static-toc-title" className="static-toc-title">
            {t('static_toc_title')}
          </h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {sections.map((s) => (
        <section key={s.id} className="static-section" aria-labelledby={s.id}>
          <h2 id={s.id}>{s.heading}</h2>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {s.items && (
            <ul>
              {s.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
