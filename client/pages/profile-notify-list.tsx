// /profile/notify-list: the products the shopper waits for (notify-me, spec §4). A product back in
// stock shows its quantity control; one still missing keeps the toggle to stop waiting.
import '../styles/catalogue.css';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ProductCard } from '#shared/catalogue/types';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { ProductGrid } from '../catalogue/ProductCard';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { EmptyState, Page } from '../ui/Page';

export async function loader(args: LoaderFunctionArgs) {
  const api = args.context.get(apiContext);
  return signedInCall(args, () => api.get<{ items: ProductCard[] }>('/product/notify-list').then((r) => r.data.items));
}

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const items = useLoaderData() as ProductCard[];
  return (
    <Page title={t('page_profile_notify_list')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      {items.length === 0 ? (
        <EmptyState message="empty_notify_list" action={{ label: 'home_shop_now', to: '/products' }} />
      ) : (
        <>
          <p>{t('notify_list_intro')}</p>
          <ProductGrid products={items} origin={{ source: 'List' }} />
        </>
      )}
    </Page>
  );
}
