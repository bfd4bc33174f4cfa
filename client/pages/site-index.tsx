// Site index: a link to every page without a parameter, grouped like the footer. Each page says its
// group itself (`siteIndex` in its declaration, client/page-table.ts); a page without parameters that
// says nothing fails client/route-tree.test.ts.
import { Link } from 'react-router';
import type { MessageId } from '#shared/i18n';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { PAGE_ROUTES } from '../page-list';
import type { PageDeclaration, SiteIndexGroup } from '../page-table';
import { Page } from '../ui/Page';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { kept: true, group: 'help', texts: ['static-pages'], siteIndex: 'help' } satisfies PageDeclaration;

const GROUP_TITLES: Record<SiteIndexGroup, MessageId> = {
  shop: 'footer_shop',
  account: 'account_label',
  help: 'footer_help',
  company: 'footer_company',
};

const GROUPS = (Object.keys(GROUP_TITLES) as SiteIndexGroup[]).map((group) => ({
  group,
  pages: PAGE_ROUTES.filter((r) => r.siteIndex === group && !r.path.includes(':')),
}));

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  return (
    <Page title={t('page_site_index')}>
      <p className="static-intro">{t('site_index_intro')}</p>
      <div className="site-index">
        {GROUPS.map(({ group, pages }) => (
          <section key={group} className="site-index-group" aria-labelledby={`site-index-${group}`}>
            <h2 id={`site-index-${group}`}>{t(GROUP_TITLES[group])}</h2>
            <ul>
              {pages.map((r) => (
                <li key={r.id}>
                  <Link to={href(r.path)}>{t(r.title)}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Page>
  );
}
