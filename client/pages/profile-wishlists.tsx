// /profile/wishlists (spec §2 wishlist modals, §5, §8): the shopper's lists by scope
// (personal, shared with them, all) in two view modes (list, details), and the open list's products
// with their price, "Move to cart", remove and the price-drop alert. Create/rename, remove-list confirm
// and share modals. One API call per visit (the lists and the open list's items in one batch).
import '../styles/account.css';
import '../styles/catalogue.css';
import { useContext, useState } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import type { WishlistItem, WishlistScopeView, WishlistSummary } from '#shared/api/wishlist-schemas';
import { isWishlistScope, WISHLIST_PATHS, WISHLIST_SCOPES, type WishlistScope } from '#shared/wishlists/rules';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { addToCart } from '../cart/cart-store';
import { toCartItem } from '../catalogue/ProductCard';
import { useI18n } from '../i18n/context';
import { T } from '../i18n/T';
import { useHref, usePrice } from '../lib/locale';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { Modal } from '../ui/Modal';
import { EmptyState, Page } from '../ui/Page';
import { fieldProblem, listCall } from '../wishlists/calls';
import { ItemCard } from '../wishlists/ItemCard';
import { ListNameForm } from '../wishlists/ListNameForm';
import { ShareModal, type ShareTarget } from '../wishlists/ShareModal';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'wishlist',
  texts: ['wishlists', 'catalogue'],
  siteIndex: 'account',
} satisfies PageDeclaration;

type View = 'list' | 'details';

interface LoaderData extends WishlistScopeView {
  scope: WishlistScope;
  view: View;
}

export async function loader(args: LoaderFunctionArgs): Promise<LoaderData> {
  const api = args.context.get(apiContext);
  const url = new URL(args.request.url);
  const asked = url.searchParams.get('scope');
  const scope: WishlistScope = isWishlistScope(asked) ? asked : 'personal';
  const view: View = url.searchParams.get('view') === 'details' ? 'details' : 'list';
  const list = Number(url.searchParams.get('list'));
  const open = Number.isSafeInteger(list) && list > 0 ? list : undefined;
  const res = await signedInCall(args, () => api.get<WishlistScopeView>(WISHLIST_PATHS.scope(scope, { open })));
  return { ...res.data, scope, view };
}

type NameModal = { mode: 'create' } | { mode: 'rename'; list: WishlistSummary } | null;

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const { items: lists, open, scope, view } = useLoaderData() as LoaderData;
  const revalidator = useRevalidator();
  const api = useContext(ApiContext)!;
  const [naming, setNaming] = useState<NameModal>(null);
  const [removing, setRemoving] = useState<WishlistSummary | null>(null);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const openList = open ? lists.find((l) => l.id === open.id) : undefined;
  const query = (q: { scope?: WishlistScope; view?: View; list?: number }) => {
    const p = new URLSearchParams();
    const s = q.scope ?? scope;
    const v = q.view ?? view;
    if (s !== 'personal') p.set('scope', s);
    if (v !== 'list') p.set('view', v);
    if (q.list) p.set('list', String(q.list));
    const text = p.toString();
    return href('/profile/wishlists') + (text ? `?${text}` : '');
  };

  async function run<T>(path: string, body?: unknown, quiet = false): Promise<T | null> {
    setBusy(true);
    const res = await listCall<T>(api, path, body, { quiet });
    if (res) await revalidator.revalidate();
    setBusy(false);
    return res;
  }

  async function saveName(name: string): Promise<string | null> {
    const target = naming;
    if (!target) return null;
    try {
      await api.post<{ item: WishlistSummary }>(
        target.mode === 'create' ? WISHLIST_PATHS.create : WISHLIST_PATHS.edit(target.list.id),
        { name },
      );
      toast.success('wishlist_item_edited_success_message');
      setNaming(null);
      await revalidator.revalidate();
      return null;
    } catch (error) {
      const problem = fieldProblem(error);
      if (problem) return problem;
      toast.apiError(error instanceof ApiFailure ? (error.meta.key ?? error.meta.msg) : 'server_error');
      return null;
    }
  }

  async function removeList(list: WishlistSummary) {
    setRemoving(null);
    setBusy(true);
    try {
      await api.post(WISHLIST_PATHS.remove(list.id), {});
      toast.success('wishlist_item_removed_success_message');
      await revalidator.revalidate();
    } catch (error) {
      // Spec §8: a failed list removal is only logged.
      console.error('wishlist removal failed', error);
    } finally {
      setBusy(false);
    }
  }

  function moveToCart(listId: number, item: WishlistItem) {
    const result = addToCart({ ...toCartItem(item), origin: { source: 'FavouriteList', id: listId } });
    if (result === 'limit') {
      toast.warning('limit_reached', { limit: item.default_sku.buy_limit ?? 0 });
      return;
    }
    void run(WISHLIST_PATHS.removeItems(listId), { skus: [item.default_sku.id] }, true);
  }

  return (
    <Page title={t('page_profile_wishlists')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      <div className="wl-toolbar">
        <nav className="wl-tabs" aria-label={t('wl_scopes_label')}>
          {WISHLIST_SCOPES.map((s) => (
            <Link
              key={s}
              to={query({ scope: s })}
              aria-current={s === scope ? 'page' : undefined}
              data-testid={`scope-${s}`}
            >
              {t(`wl_scope_${s}`)}
            </Link>
          ))}
        </nav>
        <nav className="wl-tabs" aria-label={t('wl_view_label')}>
          {(['list', 'details'] as const).map((v) => (
            <Link key={v} to={query({ view: v, list: open?.id })} aria-current={v === view ? 'page' : undefined}>
              {t(`wl_view_${v}`)}
            </Link>
          ))}
        </nav>
        <button
          type="button"
          className="button"
          onClick={() => setNaming({ mode: 'create' })}
          data-testid="wishlist-create"
        >
          {t('wl_new_list')}
        </button>
      </div>

      {lists.length === 0 ? (
        <EmptyState
          message={scope === 'shared' ? 'wl_empty_shared' : 'empty_wishlist_message'}
          action={{ label: 'continue_shopping', to: '/products' }}
        />
      ) : (
        <ul className={view === 'details' ? 'wl-lists is-details' : 'wl-lists'} data-testid="wishlist-lists">
          {lists.map((l) => (
            <li key={l.id} className={l.id === open?.id ? 'wl-list is-open' : 'wl-list'} data-testid="wishlist-list">
              {view === 'details' && l.image && (
                <img
                  className="wl-list-image"
                  src={l.image.url}
                  alt=""
                  width={l.image.width}
                  height={l.image.height}
                  loading="lazy"
                />
              )}
              <div className="wl-list-text">
                <span className="wl-list-name">{l.name}</span>
                <span className="wl-list-meta">
                  {t('wl_items_count', { count: l.items_count })}
                  {' · '}
                  {l.mine
                    ? t(l.shared ? 'wl_shared_badge' : 'wl_private_badge')
                    : t('wl_by', { name: l.publisher.name })}
                  {view === 'details' && l.mine && l.price_alerts > 0 && (
                    <>
                      {' · '}
                      {t('wl_price_alerts_count', { count: l.price_alerts })}
                    </>
                  )}
                </span>
              </div>
              <div className="wl-list-actions">
                {l.mine ? (
                  <>
                    <Link
                      className="button button-secondary"
                      to={query({ list: l.id })}
                      aria-label={`${t('wl_open')}: ${l.name}`}
                    >
                      {t('wl_open')}
                    </Link>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => setNaming({ mode: 'rename', list: l })}
                    >
                      {t('wl_rename')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => setSharing({ id: l.id, name: l.name, share_token: l.share_token })}
                      data-testid="wishlist-share"
                    >
                      {t('wl_share')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary danger-text"
                      onClick={() => setRemoving(l)}
                      disabled={busy}
                    >
                      {t('wl_remove_list')}
                    </button>
                  </>
                ) : (
                  l.share_token && (
                    <Link
                      className="button button-secondary"
                      to={href(`/shared-list/${encodeURIComponent(l.share_token)}`)}
                    >
                      {t('wl_open')}
                    </Link>
                  )
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {open && openList && (
        <section aria-labelledby="wl-open-title">
          <h2 id="wl-open-title" className="section-title">
            {t('wl_items_of', { name: openList.name })}
          </h2>
          {open.items.length === 0 ? (
            <EmptyState message="empty_wishlist_message" action={{ label: 'continue_shopping', to: '/products' }} />
          ) : (
            <ul className="wl-items">
              {open.items.map((item) => (
                <li key={item.default_sku.id}>
                  <OwnItem
                    item={item}
                    busy={busy}
                    onMove={() => moveToCart(open.id, item)}
                    onRemove={() => void run(WISHLIST_PATHS.removeItems(open.id), { skus: [item.default_sku.id] })}
                    onAlert={(value) =>
                      void run(WISHLIST_PATHS.priceAlert(open.id), { sku: item.default_sku.id, value })
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <Modal
        open={naming !== null}
        onClose={() => setNaming(null)}
        title={t(naming?.mode === 'rename' ? 'wl_rename_title' : 'wl_create_title')}
        size="sm"
      >
        {naming && (
          <ListNameForm
            key={naming.mode === 'rename' ? naming.list.id : 'new'}
            initial={naming.mode === 'rename' ? naming.list.name : ''}
            submitLabel={t(naming.mode === 'rename' ? 'wl_save' : 'wl_create')}
            onSubmit={saveName}
            onCancel={() => setNaming(null)}
            autoFocus
          />
        )}
      </Modal>

      <Modal open={removing !== null} onClose={() => setRemoving(null)} title={t('wl_remove_confirm_title')} size="xs">
        <p>{removing ? t('wl_remove_confirm_body', { name: removing.name }) : ''}</p>
        <div className="form-actions">
          <button
            type="button"
            className="button danger-button"
            data-testid="wishlist-remove-confirm"
            onClick={() => void removeList(removing!)}
          >
            {t('wl_remove')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setRemoving(null)}>
            {t('wl_cancel')}
          </button>
        </div>
      </Modal>

      <ShareModal list={sharing} onClose={() => setSharing(null)} />
    </Page>
  );
}

function OwnItem({
  item,
  busy,
  onMove,
  onRemove,
  onAlert,
}: {
  item: WishlistItem;
  busy: boolean;
  onMove: () => void;
  onRemove: () => void;
  onAlert: (value: boolean) => void;
}) {
  const { t } = useI18n();
  const price = usePrice();
  const dropped = item.default_sku.price.price < item.price_at_add;
  return (
    <ItemCard item={item}>
      <p className="wl-item-note">
        <T k="wl_price_at_add" values={{ price: price(item.price_at_add) }} />
        {dropped && (
          <>
            {' · '}
            <strong>{t('wl_price_dropped')}</strong>
          </>
        )}
      </p>
      <label className="check">
        <input type="checkbox" checked={item.price_alert} disabled={busy} onChange={(e) => onAlert(e.target.checked)} />
        <span>{t('wl_price_alert')}</span>
      </label>
      <div className="wl-item-actions">
        <button
          type="button"
          className="button"
          disabled={busy || !item.default_sku.in_stock}
          onClick={onMove}
          data-testid="wishlist-move-to-cart"
        >
          {t('wl_move_to_cart')}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={onRemove}>
          {t('wl_remove_item')}
        </button>
      </div>
    </ItemCard>
  );
}
