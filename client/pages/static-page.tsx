// The information pages made of text (our story, terms, privacy policy, return policy, disclaimer):
// title, intro, a table of contents on long pages, then one h2 section per heading. Texts come from
// client/content, in the page's language only. The privacy policy adds each country's law on personal
// data, the disclaimer each country's emergency numbers, the legal pages each country's seller.
import { useLoaderData } from 'react-router';
import { LEGAL_PAGE_IDS } from '#shared/page-paths';
import { contentLoader, ContentSections, type LoadedContent } from '../content';
import { Page } from '../ui/Page';
import { CompanyEntitiesSection } from '../shell/CompanyDetails';
import { DataProtectionLaws } from '../content/DataProtectionLaws';
import { EmergencyNumbers } from '../content/EmergencyNumbers';
import { usePageHandle } from '../route-handle';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  kept: true,
  group: 'help',
  texts: ['static-pages'],
  routes: [
    { id: 'our-story', siteIndex: 'company' },
    { id: 'terms', siteIndex: 'company' },
    { id: 'privacy-policy', siteIndex: 'company' },
    { id: 'return-policy', siteIndex: 'help' },
    { id: 'disclaimer', siteIndex: 'company' },
  ],
} satisfies PageDeclaration;

export const loader = contentLoader;

export function Component() {
  const content = useLoaderData() as LoadedContent;
  const { page: id } = usePageHandle();
  const legal = (LEGAL_PAGE_IDS as readonly string[]).includes(id);
  return (
    <Page title={content.title} description={content.intro}>
      <article className="static-page">
        <p className="static-intro">{content.intro}</p>
        <ContentSections sections={content.sections} />
        {content.laws && <DataProtectionLaws laws={content.laws} />}
        {content.emergency && <EmergencyNumbers numbers={content.emergency} />}
        {legal && <CompanyEntitiesSection />}
      </article>
    </Page>
  );
}
