// Product page. Its loader asks the API for the product; an unknown slug is a real 404.
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiFailure } from '../../shared/api/client';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { Page } from '../ui/Page';

interface ProductView {
  id: number;
  slug: string;
  name: string;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  try {
    const res = await api.get<ProductView>(`/product/${encodeURIComponent(params.slug ?? '')}/v2`);
    return res.data;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export function Component() {
  const product = useLoaderData() as ProductView;
  const { t } = useI18n();
  return <Page title={product.name} crumbs={[{ label: t('page_products') }]} />;
}
