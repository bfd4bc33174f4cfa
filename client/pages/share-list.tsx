// /share/list: the lists other shoppers shared and this one saved (scope "shared"), each
// opening its shared page. Needs sign-in.
import '../styles/account.css';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { WishlistScopeView, WishlistSummary } from '#shared/api/wishlist-schemas';
import { WISHLIST_PATHS } from '#shared/wishlists/rules';
import { requireSignedIn, signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { EmptyState, Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'wishlist', texts: ['wishlists'], siteIndex: 'help' } satisfies PageDeclaration;

export async function loader(args: LoaderFunctionArgs): Promise<WishlistSummary[]> {
  requireSignedIn(args);
  const api = args.context.get(apiContext);
  return signedInCall(args, () => api.get<WishlistScopeView>(WISHLIST_PATHS.scope('shared')).then((r) => r.data.items));
}

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const lists = useLoaderData() as WishlistSummary[];
  return (
    <Page
      title={t('page_share_list')}
      crumbs={[{ label: t('page_share'), to: href('/share') }]}
      seo={{ noindex: true }}
    >
      <p>{t('wl_share_list_intro')}</p>
      {lists.length === 0 ? (
        <EmptyState message="wl_empty_shared" />
      ) : (
        <ul className="wl-lists">
          {lists.map((l) => (
            <li key={l.id} className="wl-list" data-testid="followed-row">
              <div className="wl-list-text">
                <span className="wl-list-name">{l.name}</span>
                <span className="wl-list-meta">
                  {t('wl_by', { name: l.publisher.name })} · {t('wl_items_count', { count: l.items_count })}
                </span>
              </div>
              {l.share_token && (
                <Link
                  className="button button-secondary"
                  to={href(`/shared-list/${encodeURIComponent(l.share_token)}`)}
                >
                  {t('wl_open')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
