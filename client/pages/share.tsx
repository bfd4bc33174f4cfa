// /share: the shopper's own lists with their sharing state, a "Copy link" for each shared
// one and the share modal to turn sharing on or off. Needs sign-in (like the profile's pages).
import '../styles/account.css';
import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { WishlistScopeView, WishlistSummary } from '#shared/api/wishlist-schemas';
import { paths } from '#shared/routes';
import { WISHLIST_PATHS } from '#shared/wishlists/rules';
import { requireSignedIn, signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useBoot, useHref } from '../lib/locale';
import { EmptyState, Page } from '../ui/Page';
import { copyShareLink, ShareModal, type ShareTarget } from '../wishlists/ShareModal';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'wishlist', texts: ['wishlists'], siteIndex: 'help' } satisfies PageDeclaration;

export async function loader(args: LoaderFunctionArgs): Promise<WishlistSummary[]> {
  requireSignedIn(args);
  const api = args.context.get(apiContext);
  return signedInCall(args, () =>
    api.get<WishlistScopeView>(WISHLIST_PATHS.scope('personal')).then((r) => r.data.items),
  );
}

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const { origin } = useBoot();
  const lists = useLoaderData() as WishlistSummary[];
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  return (
    <Page title={t('page_share')} seo={{ noindex: true }}>
      <p>{t('wl_share_page_intro')}</p>
      <p>
        <Link to={href('/share/list')}>{t('page_share_list')}</Link>
      </p>
      {lists.length === 0 ? (
        <EmptyState message="empty_wishlist_message" action={{ label: 'continue_shopping', to: '/products' }} />
      ) : (
        <ul className="wl-lists">
          {lists.map((l) => (
            <li key={l.id} className="wl-list" data-testid="share-row">
              <div className="wl-list-text">
                <span className="wl-list-name">{l.name}</span>
                <span className="wl-list-meta">
                  {t('wl_items_count', { count: l.items_count })} ·{' '}
                  {t(l.shared ? 'wl_shared_badge' : 'wl_private_badge')}
                </span>
              </div>
              <div className="wl-list-actions">
                {l.share_token && (
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      void copyShareLink(paths.sharedList(origin, l.share_token!), t('wl_share_text', { name: l.name }))
                    }
                  >
                    {t('wl_copy_link')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setSharing({ id: l.id, name: l.name, share_token: l.share_token })}
                >
                  {t('wl_share')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ShareModal list={sharing} onClose={() => setSharing(null)} />
    </Page>
  );
}
