// /shared-list/{listId} (spec §2): a shared wishlist for anyone with the link, rendered on
// the server with an Open Graph preview (the list's name, its first product's picture). Unknown or no
// longer shared: the 404 page. Visitors can add to their cart, mark a product as bought (a gift; the
// owner never sees it) and, signed in, save the list among their own.
import '../styles/account.css';
import '../styles/catalogue.css';
import { useContext, useState } from 'react';
import { data, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import type { SharedWishlistItem, SharedWishlistView } from '#shared/api/wishlist-schemas';
import { SHARE_TOKEN_PATTERN, WISHLIST_PATHS } from '#shared/wishlists/rules';
import { apiContext } from '../boot';
import { addToCart } from '../cart/cart-store';
import { toCartItem } from '../catalogue/ProductCard';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { openAuthModal } from '../stores/auth-modal';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { EmptyState, Page } from '../ui/Page';
import { listCall } from '../wishlists/calls';
import { ItemCard } from '../wishlists/ItemCard';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'wishlist', texts: ['wishlists', 'catalogue'] } satisfies PageDeclaration;

export async function loader({ params, context }: LoaderFunctionArgs): Promise<SharedWishlistView> {
  const token = params.listId ?? '';
  if (!SHARE_TOKEN_PATTERN.test(token)) throw data(null, { status: 404 });
  try {
    return (await context.get(apiContext).get<SharedWishlistView>(WISHLIST_PATHS.shared(token))).data;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export function Component() {
  const { t } = useI18n();
  const view = useLoaderData() as SharedWishlistView;
  const { list, items, viewer } = view;
  const revalidator = useRevalidator();
  const api = useContext(ApiContext)!;
  const session = useSessionStore();
  const [busy, setBusy] = useState(false);
  const image = list.image ?? items[0]?.images[0] ?? null;

  async function run(path: string, body: unknown = {}) {
    setBusy(true);
    const done = await listCall(api, path, body);
    if (done) await revalidator.revalidate();
    setBusy(false);
  }

  const follow = () => void run(WISHLIST_PATHS.follow(list.token));

  function addItem(item: SharedWishlistItem) {
    const result = addToCart({ ...toCartItem(item), origin: { source: 'FavouriteList', id: list.token } });
    if (result === 'limit') toast.warning('limit_reached', { limit: item.default_sku.buy_limit ?? 0 });
  }

  return (
    <Page
      title={list.name}
      description={t('wl_shared_intro', { name: list.publisher.name })}
      seo={{ image: image?.og ?? image?.url, noindex: true }}
    >
      {viewer.is_owner ? (
        <p className="wl-owner-note" data-testid="shared-owner-note">
          {t('wl_owner_note')}
        </p>
      ) : (
        <div className="wl-toolbar">
          <p>{t('wl_shared_intro', { name: list.publisher.name })}</p>
          {viewer.following ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              aria-describedby="wl-following"
              onClick={() => void run(WISHLIST_PATHS.unfollow(list.token))}
            >
              {t('wl_unfollow')}
            </button>
          ) : (
            <button
              type="button"
              className="button"
              disabled={busy}
              data-testid="shared-follow"
              onClick={() => (session.user ? follow() : openAuthModal({ onSuccess: follow }))}
            >
              {t('wl_save_to_my_lists')}
            </button>
          )}
          {viewer.following && (
            <p id="wl-following" className="wl-list-meta">
              {t('wl_saved_to_my_lists')}
            </p>
          )}
        </div>
      )}
      <p className="wl-list-meta">{t('wl_items_count', { count: list.items_count })}</p>
      {items.length === 0 ? (
        <EmptyState message="empty_wishlist_message" />
      ) : (
        <ul className="wl-items">
          {items.map((item) => (
            <li key={item.default_sku.id}>
              <ItemCard item={item} className={item.bought ? 'wl-item is-bought' : 'wl-item'}>
                {item.bought && <p className="pill">{t('wl_bought')}</p>}
                <div className="wl-item-actions">
                  <button
                    type="button"
                    className="button"
                    disabled={!item.default_sku.in_stock}
                    onClick={() => addItem(item)}
                    data-testid="shared-add-to-cart"
                  >
                    {t('wl_add_to_cart')}
                  </button>
                  {!viewer.is_owner && (
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy}
                      aria-pressed={item.bought}
                      data-testid="shared-mark-bought"
                      onClick={() =>
                        void run(WISHLIST_PATHS.bought(list.token), { sku: item.default_sku.id, value: !item.bought })
                      }
                    >
                      {t(item.bought ? 'wl_unmark_bought' : 'wl_mark_bought')}
                    </button>
                  )}
                </div>
              </ItemCard>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
