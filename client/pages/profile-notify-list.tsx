// /profile/notify-list: the products the shopper waits for (notify-me, spec §4). A product back in
// stock shows its quantity control; one still missing keeps the toggle to stop waiting. Each request
// expires 90 days after it was made: the page says when.
import '../styles/catalogue.css';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ProductCard } from '#shared/catalogue/types';
import { useSnapshot } from 'valtio';
import { formatDate } from '#shared/text/dates';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { ProductGrid } from '../catalogue/ProductCard';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { EmptyState, Page } from '../ui/Page';
import { useSessionStore } from '../stores/session';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'account',
  texts: ['catalogue', 'accounts'],
  siteIndex: 'account',
} satisfies PageDeclaration;

export async function loader(args: LoaderFunctionArgs) {
  const api = args.context.get(apiContext);
  return signedInCall(args, () =>
    api
      .get<{ items: ProductCard[]; expires?: NotifyExpiry[] }>('/product/notify-list')
      .then((r) => ({ items: r.data.items, expires: r.data.expires ?? [] })),
  );
}

interface NotifyExpiry {
  product_id: number;
  expires_at: number;
}

export function Component() {
  const { t, lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  const href = useHref();
  const { items, expires } = useLoaderData() as { items: ProductCard[]; expires: NotifyExpiry[] };
  const nameOf = new Map(items.map((p) => [p.id, p.name]));
  return (
    <Page title={t('page_profile_notify_list')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      {items.length === 0 ? (
        <EmptyState message="empty_notify_list" action={{ label: 'home_shop_now', to: '/products' }} />
      ) : (
        <>
          <p>{t('notify_list_intro')}</p>
          <ProductGrid products={items} origin={{ source: 'List' }} />
          <section aria-labelledby="notify-expiry">
            <h2 id="notify-expiry">{t('notify_list_expiry_heading')}</h2>
            <ul data-testid="notify-expiry">
              {expires.map((e) => (
                <li key={e.product_id}>
                  {t('notify_list_expires', {
                    product: nameOf.get(e.product_id) ?? '',
                    date: formatDate(e.expires_at, lang, country),
                  })}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </Page>
  );
}
