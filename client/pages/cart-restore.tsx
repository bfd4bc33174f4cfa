// /cart/restore?t=…: a cart reminder's link (issue 64). In the browser that opens it, the cart's lines
// come back into the cart (summed with what is there, within each SKU's limit) and the shopper lands on
// the cart. The link shows nothing of whose cart it was; signed in to another account, or used,
// changed or old, it says so. Opened by a mail scanner (no JavaScript), it does nothing.
import { useContext, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import type { CartSync } from '#shared/catalogue/product-responses';
import { AuthPage } from '#client/accounts/AuthPage';
import { useI18n } from '#client/i18n/context';
import { useHref } from '#client/lib/locale';
import { ApiContext } from '#client/providers';
import { useSessionStore } from '#client/stores/session';
import { switchCountry } from '#client/stores/switch-country';
import type { CountryCode } from '#shared/locale';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  path: '/cart/restore',
  group: 'account',
  title: 'page_cart_restore',
  texts: ['orders'],
  siteIndex: false,
} satisfies PageDeclaration;

const TOKEN = /^\d{1,15}\.[0-9a-f]{40}$/;

export function Component() {
  return (
    <AuthPage title="page_cart_restore" noindex>
      <Restore />
    </AuthPage>
  );
}

function Restore() {
  const { t, tKey } = useI18n();
  const api = useContext(ApiContext)!;
  const navigate = useNavigate();
  const session = useSessionStore();
  const href = useHref();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [failure, setFailure] = useState<string | null>(TOKEN.test(token) ? null : 'cart_link_invalid');
  const result = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!TOKEN.test(token)) return;
    let live = true;
    (async () => {
      try {
        const saved = await api.post<{ items: Array<{ sku_id: number; count: number }>; country: CountryCode }>(
          '/cart/restore',
          { token },
        );
        // The cart's own country and currency, as it was left.
        if (saved.data.country !== session.country) switchCountry(session, saved.data.country);
        const ids = saved.data.items.map((i) => i.sku_id);
        const [fresh, { addManyToCart, linesFromSync }] = await Promise.all([
          api.post<CartSync>('/product/sku', { ids, exclude_purchase_together: true }),
          import('#client/cart/cart-sync'),
        ]);
        if (!live) return;
        const counts = new Map(saved.data.items.map((i) => [i.sku_id, i.count]));
        addManyToCart(linesFromSync(fresh.data.items, counts, { source: 'Cart' }));
        navigate(href('/cart'), { replace: true });
      } catch (e: unknown) {
        if (!live) return;
        setFailure(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error');
        queueMicrotask(() => result.current?.focus());
      }
    })();
    return () => {
      live = false;
    };
  }, [api, token, href, session]);

  if (failure)
    return (
      <div className="form-alert" role="alert" tabIndex={-1} ref={result} data-testid="cart-restore-failed">
        <p>{tKey(failure)}</p>
        <p>
          <Link to={href('/cart')}>{t('cart_restore_to_cart')}</Link>
        </p>
      </div>
    );
  return (
    <p role="status" data-testid="cart-restore-working">
      {t('cart_restore_working')}
    </p>
  );
}
