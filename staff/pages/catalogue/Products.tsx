// The catalogue's product list: search by name or id, filter by category, brand and stock state, 50 a page.
import { formatMinor } from '#shared/money';
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import type { ProductListRow } from '#shared/api/staff-catalogue-responses';
import { basePriceLocked, CatalogueLinks, CategoryOptions, Notice, canWrite, type NamedRow } from './parts';
import { currencyOf, HOME_COUNTRY } from '#shared/countries';

export interface ProductFilters {
  q?: string;
  category_id?: number;
  brand_id?: number;
  stock?: 'in' | 'out' | 'low';
  page?: number;
}

export function ProductsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  products: ProductListRow[];
  total: number;
  page: number;
  pages: number;
  categories: NamedRow[];
  brands: NamedRow[];
  filters: ProductFilters;
  done?: string;
}) {
  const { t, filters } = props;
  const ar = t.lang === 'ar';
  const name = (r: { name_en: string; name_ar: string }) => (ar ? r.name_ar : r.name_en);
  const pageLink = (page: number) => {
    const q = new URLSearchParams(
      Object.entries({ ...filters, page })
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => [k, String(v)]),
    );
    return `/catalogue?${q}`;
  };
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_catalogue_products')} path="/catalogue">
      <h1>{t.t('st_catalogue_products')}</h1>
      <CatalogueLinks t={t} me={props.me} current="/catalogue" />
      <Notice t={t} done={props.done} />
      {/* A new product's price is a base price: only for a role covering every country that pays it. */}
      {canWrite(props.me) && basePriceLocked(props.me).length === 0 && (
        <p>
          <a className="button" href="/catalogue/products/new">
            {t.t('st_catalogue_new_product')}
          </a>
        </p>
      )}
      <form method="get" action="/catalogue" className="filters">
        <div>
          <label htmlFor="q">{t.t('st_catalogue_search')}</label>
          <input id="q" name="q" type="search" defaultValue={filters.q} />
        </div>
        <div>
          <label htmlFor="category_id">{t.t('st_catalogue_category')}</label>
          <select id="category_id" name="category_id" defaultValue={filters.category_id ?? ''}>
            <option value="">{t.t('st_catalogue_all')}</option>
            <CategoryOptions t={t} categories={props.categories} />
          </select>
        </div>
        <div>
          <label htmlFor="brand_id">{t.t('st_catalogue_brand')}</label>
          <select id="brand_id" name="brand_id" defaultValue={filters.brand_id ?? ''}>
            <option value="">{t.t('st_catalogue_all')}</option>
            {props.brands.map((b) => (
              <option key={b.id} value={b.id}>
                {name(b)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="stock">{t.t('st_catalogue_stock_state')}</label>
          <select id="stock" name="stock" defaultValue={filters.stock ?? ''}>
            <option value="">{t.t('st_catalogue_all')}</option>
            <option value="in">{t.t('st_catalogue_in_stock')}</option>
            <option value="low">{t.t('st_catalogue_low_stock')}</option>
            <option value="out">{t.t('st_catalogue_out_of_stock')}</option>
          </select>
        </div>
        <button type="submit">{t.t('st_filter')}</button>
        <a href="/catalogue">{t.t('st_clear_filters')}</a>
      </form>
      <p className="muted">{t.t('st_catalogue_product_count', { count: props.total })}</p>
      {props.products.length > 0 && (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t.t('st_catalogue_product')}</th>
                <th scope="col">{t.t('st_catalogue_price_from')}</th>
                <th scope="col">{t.t('st_catalogue_stock')}</th>
              </tr>
            </thead>
            <tbody>
              {props.products.map((p) => (
                <tr key={p.id}>
                  <td className="mono">{p.id}</td>
                  <td>
                    <a href={`/catalogue/products/${p.id}`}>{name(p)}</a>
                    <div className="muted">
                      {ar ? p.brand_ar : p.brand_en} · {ar ? p.category_ar : p.category_en}
                      {p.is_active ? '' : ` · ${t.t('st_catalogue_inactive')}`}
                    </div>
                  </td>
                  <td>{formatMinor(p.min_price, currencyOf(HOME_COUNTRY), t.lang, HOME_COUNTRY)}</td>
                  <td>
                    {p.in_stock ? (
                      t.t('st_catalogue_units', { count: p.stock ?? 0 })
                    ) : (
                      <strong className="warn">{t.t('st_catalogue_out_of_stock')}</strong>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.pages > 1 && (
        <nav className="pager" aria-label={t.t('st_catalogue_pages')}>
          {props.page > 1 && <a href={pageLink(props.page - 1)}>{t.t('st_catalogue_previous')}</a>}
          <span>{t.t('st_catalogue_page_of', { page: t.n(props.page), pages: t.n(props.pages) })}</span>
          {props.page < props.pages && <a href={pageLink(props.page + 1)}>{t.t('st_catalogue_next')}</a>}
        </nav>
      )}
    </Layout>
  );
}
