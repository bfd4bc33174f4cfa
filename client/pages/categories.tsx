// /categories: the two-level category tree with product counts.
import '../styles/catalogue.css';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Category } from '#shared/catalogue/types';
import { formatNumber } from '#shared/money';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { catalogue } from '../lib/catalogue';
import { useCurrency, useHref } from '../lib/locale';
import { ColorDot } from '../ui/ColorDot';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { kept: true, texts: ['catalogue'], siteIndex: 'shop' } satisfies PageDeclaration;

export async function loader({ context }: LoaderFunctionArgs) {
  return { categories: await catalogue.categories(context.get(apiContext)) };
}

export function Component() {
  const { categories } = useLoaderData() as { categories: Category[] };
  const { t, lang } = useI18n();
  const { country } = useCurrency();
  const href = useHref();
  const count = (n = 0) => t('product_count', { count: n });
  return (
    <Page title={t('page_categories')}>
      <ul className="category-tree">
        {categories.map((c) => (
          <li key={c.id} className="category-card">
            <h2>
              <Link to={href(`/products?category=${c.id}`)}>
                <ColorDot color={c.color} size={14} />
                {c.name}
              </Link>
            </h2>
            <p className="muted">{count(c.product_count)}</p>
            <ul>
              {(c.children ?? []).map((child) => (
                <li key={child.id}>
                  <Link to={href(`/products?category=${child.id}`)}>{child.name}</Link>{' '}
                  <span className="muted">({formatNumber(child.product_count ?? 0, lang, country)})</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Page>
  );
}
