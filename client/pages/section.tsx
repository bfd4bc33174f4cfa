// A page not built yet (a placeholder route): real title, breadcrumbs and the empty state a shopper
// would see with no data yet, so its links work before its capability does.
import type { MessageId } from '#shared/i18n';
import { routeById, titleOf, type PageId, type PlaceholderPageId } from '#shared/routes';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { usePageHandle } from '../route-handle';
import { EmptyState, Page, type Crumb } from '../ui/Page';

// Keyed by placeholder pages only: when a page gets its own module, its entries here stop compiling.
type Empty = { message: MessageId; action?: { label: MessageId; to: string } };
const EMPTY: Partial<Record<PlaceholderPageId, Empty>> = {};

const PARENT: Partial<Record<PlaceholderPageId, Exclude<PageId, 'product' | 'shared-list'>>> = {};

function parentOf(id: PageId): Exclude<PageId, 'product' | 'shared-list'> | undefined {
  const parent = PARENT[id as PlaceholderPageId];
  if (parent) return parent;
  if (id.startsWith('profile-')) return 'profile';
  return undefined;
}

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const { page } = usePageHandle();
  const crumbs: Crumb[] = [];
  for (let p = parentOf(page); p; p = parentOf(p)) {
    crumbs.unshift({ label: t(titleOf(routeById(p))), to: href(routeById(p).path) });
  }
  const empty = EMPTY[page as PlaceholderPageId] as Empty | undefined;
  return (
    // Nothing to index yet: search engines learn of the page once it has content (see the sitemap).
    <Page title={t(titleOf(routeById(page)))} crumbs={crumbs} seo={{ noindex: true }}>
      <EmptyState message={empty?.message ?? 'page_coming_soon'} action={empty?.action} />
    </Page>
  );
}
