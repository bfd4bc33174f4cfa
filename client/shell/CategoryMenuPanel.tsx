// The category menu's list (loaded on demand by CategoryMenu): all products, each category with its
// sub-categories, and the categories page. Same request as /categories, so it is cached once.
import { Link } from 'react-router';
import useSWR from 'swr';
import type { Category } from '#shared/catalogue/types';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { ColorDot } from '../ui/ColorDot';

export default function CategoryMenuPanel() {
  const { t } = useI18n();
  const href = useHref();
  const { data, error } = useSWR<{ items: Category[] }>('/category?includes=children');
  const categories = data?.items;
  return (
    <nav className="container category-menu-list" aria-label={t('page_categories')}>
      {!categories ? (
        <p className="muted" role="status">
          {t(error ? 'server_error' : 'loading')}
        </p>
      ) : (
        <>
          <p className="category-menu-all">
            <Link to={href('/products')}>{t('page_products')}</Link>
            <Link to={href('/categories')}>{t('page_categories')}</Link>
          </p>
          <ul className="category-menu-groups">
            {categories.map((c) => (
              <li key={c.id}>
                <Link className="category-menu-top" to={href(`/products?category=${c.id}`)}>
                  <ColorDot color={c.color} size={12} />
                  {c.name}
                </Link>
                {!!c.children?.length && (
                  <ul>
                    {c.children.map((child) => (
                      <li key={child.id}>
                        <Link to={href(`/products?category=${child.id}`)}>{child.name}</Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}
