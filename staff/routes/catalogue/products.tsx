// Products (catalogue:read to see, catalogue:write to edit): the filtered list, one product with its
// SKUs, stock and images, a new product, and deleting either; a product's own subscribe-and-save
// percent is promotions:write.
import { Hono } from 'hono';
import { catalogueListQuery } from '#shared/api/staff-catalogue-schemas';
import type { BrandList, CategoryList, ProductDetail, ProductList } from '#shared/api/staff-catalogue-responses';
import type { StaffAppEnv } from '../../app-env';
import { staffApi } from '../../lib/api';
import { filledQuery } from '../../lib/filter-query';
import { html } from '../../lib/render';
import { forbiddenPage, staffPage } from '../../middleware/guards';
import { NewProductPage } from '../../pages/catalogue/NewProduct';
import { ProductPage } from '../../pages/catalogue/Product';
import { ProductsPage } from '../../pages/catalogue/Products';
import { basePriceLocked } from '../../pages/catalogue/parts';
import { apiFailurePage } from '../failure';
import { type C, type Failed, done, formFields, idOf, imageData, readPage, submit } from './forms';

const productPage = (c: C, id: number, failure: Failed = null) =>
  readPage<ProductDetail>(c, `/staff/catalogue/products/${id}`, failure, (data) => (
    <ProductPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={data} done={done(c)} failure={failure} />
  ));
async function newProductPage(c: C, failure: Failed = null) {
  const [categories, brands] = await Promise.all([
    staffApi<CategoryList>(c, 'GET', '/staff/catalogue/categories'),
    staffApi<BrandList>(c, 'GET', '/staff/catalogue/brands'),
  ]);
  for (const a of [categories, brands]) if (a.status !== 200) return apiFailurePage(c, a.status);
  return html(
    c,
    <NewProductPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      categories={categories.envelope.data.categories}
      brands={brands.envelope.data.brands}
      failure={failure}
    />,
    failure ? 400 : 200,
  );
}
export const productRoutes = new Hono<StaffAppEnv>()
  .get('/catalogue', staffPage('catalogue:read'), async (c) => {
    const parsed = catalogueListQuery.safeParse(filledQuery(c.req.query()));
    const filters = parsed.success ? parsed.data : {};
    const query = new URLSearchParams(
      Object.entries(filters)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => [k, String(v)]),
    );
    const [products, categories, brands] = await Promise.all([
      staffApi<ProductList>(c, 'GET', `/staff/catalogue/products${query.size ? `?${query}` : ''}`),
      staffApi<CategoryList>(c, 'GET', '/staff/catalogue/categories'),
      staffApi<BrandList>(c, 'GET', '/staff/catalogue/brands'),
    ]);
    for (const a of [products, categories, brands]) if (a.status !== 200) return apiFailurePage(c, a.status);
    const data = products.envelope.data;
    return html(
      c,
      <ProductsPage
        t={c.var.t}
        nonce={c.var.nonce}
        me={c.var.me}
        products={data.products}
        total={data.total}
        page={data.page}
        pages={data.pages}
        categories={categories.envelope.data.categories}
        brands={brands.envelope.data.brands}
        filters={filters}
        done={done(c)}
      />,
    );
  })
  .get('/catalogue/products/:id{[0-9]+}', staffPage('catalogue:read'), (c) => productPage(c, idOf(c)))
  .post('/catalogue/products/:id{[0-9]+}', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    return submit(
      c,
      `/staff/catalogue/products/${id}`,
      values,
      'product',
      values,
      `/catalogue/products/${id}?done=1`,
      (f) => productPage(c, id, f),
    );
  })
  // The product's own subscription discount (decision 45); an empty field gives it the shop's again.
  .post('/catalogue/products/:id{[0-9]+}/subscription-discount', staffPage('promotions:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    const typed = (values.discount ?? '').trim();
    return submit(
      c,
      `/staff/products/${id}/subscription-discount`,
      { discount: typed === '' ? null : typed },
      'subscription-discount',
      values,
      `/catalogue/products/${id}?done=1#subscription-title`,
      (f) => productPage(c, id, f),
    );
  })
  .post('/catalogue/products/:id{[0-9]+}/images', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values, form } = await formFields(c);
    const image = await imageData(form, 'image');
    if ('msg' in image) return productPage(c, id, { form: 'image', fields: {}, values, msg: image.msg });
    return submit(
      c,
      `/staff/catalogue/products/${id}/images`,
      { data: image.data, alt_en: values.alt_en ?? '', alt_ar: values.alt_ar ?? '' },
      'image',
      values,
      `/catalogue/products/${id}?done=image`,
      (f) => productPage(c, id, f),
    );
  })
  .post('/catalogue/skus/:id{[0-9]+}', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    const product = Number(values.product_id) || 0;
    const { product_id: _, ...body } = values;
    return submit(
      c,
      `/staff/catalogue/skus/${id}`,
      body,
      `sku-${id}`,
      values,
      `/catalogue/products/${product}?done=sku`,
      (f) => productPage(c, product, f),
    );
  })
  .post('/catalogue/skus/:id{[0-9]+}/country-price', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    const product = Number(values.product_id) || 0;
    const { product_id: _, ...body } = values;
    return submit(
      c,
      `/staff/catalogue/skus/${id}/country-price`,
      body,
      `sku-${id}-${values.country ?? ''}`,
      values,
      `/catalogue/products/${product}?done=sku`,
      (f) => productPage(c, product, f),
    );
  })
  .post('/catalogue/skus/:id{[0-9]+}/stock', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    const product = Number(values.product_id) || 0;
    return submit(
      c,
      `/staff/catalogue/skus/${id}/stock`,
      { adjust: values.adjust ?? '', reason: values.reason ?? '' },
      `adjust-${id}`,
      values,
      `/catalogue/products/${product}?done=stock`,
      (f) => productPage(c, product, f),
    );
  })
  .post('/catalogue/product-images/:id{[0-9]+}', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    const product = Number(values.product_id) || 0;
    return submit(
      c,
      `/staff/catalogue/product-images/${id}`,
      { action: values.action ?? '' },
      'image',
      values,
      `/catalogue/products/${product}?done=image`,
      (f) => productPage(c, product, f),
    );
  })
  // A new product's first price is a base price: a role missing a country that pays it may not add one.
  .get('/catalogue/products/new', staffPage('catalogue:write'), (c) =>
    basePriceLocked(c.var.me).length ? forbiddenPage(c, c.var.me) : newProductPage(c),
  )
  .post('/catalogue/products', staffPage('catalogue:write'), async (c) => {
    const { values } = await formFields(c);
    return submit(
      c,
      '/staff/catalogue/products',
      values,
      'new-product',
      values,
      (created) => `/catalogue/products/${created.id}?done=created`,
      (f) => newProductPage(c, f),
    );
  })
  .post('/catalogue/products/:id{[0-9]+}/skus', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    return submit(
      c,
      `/staff/catalogue/products/${id}/skus`,
      values,
      'new-sku',
      values,
      `/catalogue/products/${id}?done=created`,
      (f) => productPage(c, id, f),
    );
  })
  .post('/catalogue/products/:id{[0-9]+}/delete', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    return submit(
      c,
      `/staff/catalogue/products/${id}/delete`,
      { confirm: values.confirm ?? '' },
      'delete-product',
      values,
      '/catalogue?done=deleted',
      (f) => productPage(c, id, f),
    );
  })
  .post('/catalogue/skus/:id{[0-9]+}/delete', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    const product = Number(values.product_id) || 0;
    return submit(
      c,
      `/staff/catalogue/skus/${id}/delete`,
      { confirm: values.confirm ?? '' },
      `delete-sku-${id}`,
      values,
      `/catalogue/products/${product}?done=deleted`,
      (f) => productPage(c, product, f),
    );
  });
