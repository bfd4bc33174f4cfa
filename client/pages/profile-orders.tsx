// /profile/orders: the shopper's orders, newest first, page by page (?page=); one order's details
// (?id=) with reorder and pay-again.
import '../styles/orders.css';
import { useContext, useState } from 'react';
import { data, Link, useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import { formatDate } from '#shared/text/dates';
import type { OrderView } from '#shared/orders/types';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useHref, useMinor } from '../lib/locale';
import { OrderSummary } from '../orders/OrderSummary';
import { OrderActions } from '../orders/OrderActions';
import { OrderTimeline } from '../orders/OrderTimeline';
import { Redelivery } from '../orders/Redelivery';
import { OrderReturns } from '../orders/OrderReturns';
import { ApiContext } from '../providers';
import { toastAdded } from '../cart/added-toast';
import { addManyToCart, linesFromSync } from '../cart/cart-sync';
import type { CartSync } from '#shared/catalogue/product-responses';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { EmptyState, Page } from '../ui/Page';
import { useSnapshot } from 'valtio';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'account',
  texts: ['orders', 'accounts', 'catalogue', 'tracking', 'returns'],
  siteIndex: 'account',
} satisfies PageDeclaration;

type Data = { order: OrderView } | { list: { items: OrderView[]; page: number; page_count: number; total: number } };

export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const api = args.context.get(apiContext);
  const url = new URL(args.request.url);
  const id = url.searchParams.get('id');
  if (id && /^\d{1,16}$/.test(id)) {
    return signedInCall(args, async () => {
      try {
        return { order: (await api.get<OrderView>(`/user/order/${id}`)).data };
      } catch (error) {
        if (error instanceof ApiFailure && error.status === 404) throw data(null, { status: 404 });
        throw error;
      }
    });
  }
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get('page')) || 1));
  return signedInCall(args, async () => ({
    list: (
      await api.get<{ items: OrderView[]; page: number; page_count: number; total: number }>(
        page > 1 ? `/user/order/list/${page}` : '/user/order',
      )
    ).data,
  }));
}

export function Component() {
  const loaded = useLoaderData() as Data;
  return 'order' in loaded ? <Detail order={loaded.order} /> : <List list={loaded.list} />;
}

function StatusBadge({ status }: { status: OrderView['status'] }) {
  const { t } = useI18n();
  return <span className={`status status-${status}`}>{t(`status_${status}`)}</span>;
}

function List({ list }: { list: { items: OrderView[]; page: number; page_count: number } }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const minor = useMinor();
  const { country } = useSnapshot(useSessionStore());
  return (
    <Page title={t('page_profile_orders')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      {list.items.length === 0 ? (
        <EmptyState message="empty_orders" action={{ label: 'home_shop_now', to: '/products' }} />
      ) : (
        <>
          <ul className="order-list">
            {list.items.map((o) => (
              <li key={o.id} className="order-card" data-testid="order-card">
                <h2>
                  <Link to={`${href('/profile/orders')}?id=${o.id}`}>{t('order_number', { id: o.id })}</Link>
                </h2>
                <StatusBadge status={o.status} />
                <p className="cart-line-meta">
                  {t('order_placed_on', { date: formatDate(o.created_at, lang, country, { hijri: true }) })} ·{' '}
                  {t('order_items_count', { count: o.items.reduce((n, i) => n + i.count, 0) })}
                </p>
                <p>
                  <bdi>{minor(o.totals.total, o.currency)}</bdi>
                </p>
              </li>
            ))}
          </ul>
          {list.page_count > 1 && (
            <nav className="pager" aria-label={t('page_profile_orders')}>
              {list.page > 1 && (
                <Link to={`${href('/profile/orders')}?page=${list.page - 1}`}>{t('orders_previous')}</Link>
              )}
              {list.page < list.page_count && (
                <Link to={`${href('/profile/orders')}?page=${list.page + 1}`}>{t('orders_next')}</Link>
              )}
            </nav>
          )}
        </>
      )}
    </Page>
  );
}

function Detail({ order }: { order: OrderView }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const api = useContext(ApiContext)!;
  const { country } = useSnapshot(useSessionStore());
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  /** Reorder: today's data for the order's SKUs, then the counts added to the cart (spec §4). */
  async function reorder() {
    setBusy(true);
    try {
      const res = await api.post<CartSync>('/product/sku', {
        ids: order.items.map((i) => i.sku_id),
        exclude_purchase_together: true,
      });
      const counts = new Map(order.items.map((i) => [i.sku_id, i.count]));
      void toastAdded(addManyToCart(linesFromSync(res.data.items, counts, { source: 'My Orders', id: order.id })));
      navigate(href('/cart'));
    } catch (e) {
      toast.apiError(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page
      title={t('order_details', { id: order.id })}
      crumbs={[
        { label: t('page_profile'), to: href('/profile') },
        { label: t('page_profile_orders'), to: href('/profile/orders') },
      ]}
    >
      <p>
        <StatusBadge status={order.status} />{' '}
        {t('order_placed_on', { date: formatDate(order.created_at, lang, country, { hijri: true }) })}
      </p>
      <p className="form-actions">
        {/* id: the refill reminder links here (#reorder), one tap from buying again. */}
        <button
          id="reorder"
          type="button"
          className="button"
          onClick={() => void reorder()}
          disabled={busy}
          data-testid="reorder"
        >
          {t('order_reorder')}
        </button>
      </p>
      {/* Awaiting payment (the card page was left) or failed: Pay now / Pay again, or Cancel. */}
      <OrderActions order={order} onCancelled={() => revalidator.revalidate()} />
      <Redelivery order={order} onDone={() => revalidator.revalidate()} />
      <OrderTimeline order={order} />
      <OrderReturns order={order} onReturned={() => revalidator.revalidate()} />
      <OrderSummary order={order} />
      <p>
        <Link to={href('/profile/orders')}>{t('back_to_orders')}</Link>
      </p>
    </Page>
  );
}
