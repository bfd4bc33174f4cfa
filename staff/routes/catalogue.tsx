// The back office's Catalogue and Nutritionists sections: pages read through the API's
// /staff/catalogue routes, forms post here and are handed on as they were typed (the API parses them
// with the same shared schemas), then Post/Redirect/Get; a refused form is shown again with what was
// typed and each field's message.
import { Hono, type Context } from 'hono';
import type { ReactElement } from 'react';
import { catalogueListQuery, IMAGE_MAX_BYTES } from '#shared/api/staff-catalogue-schemas';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import { BrandsPage, CategoriesPage, HomeSectionsPage } from '../pages/catalogue/Lists';
import {
  NutritionistPage,
  NutritionistsPage,
  type NutritionistDetail,
  type NutritionistRow,
} from '../pages/catalogue/Nutritionists';
import type { FormFailure } from '../pages/catalogue/parts';
import { NewProductPage } from '../pages/catalogue/NewProduct';
import { ProductPage, type ProductDetail } from '../pages/catalogue/Product';
import { ProductsPage, type NamedRow, type ProductListRow } from '../pages/catalogue/Products';
import { apiFailurePage } from './failure';
import { filledQuery } from '../lib/filter-query';
import { readForm } from '../lib/form';

type C = Context<StaffAppEnv>;
type Failed = FormFailure | null;

/** The form's text fields (a file field is left out). */
async function formFields(c: C): Promise<{ values: Record<string, string>; form: Record<string, string | File> }> {
  const form = await readForm(c);
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) if (typeof v === 'string') values[k] = v;
  return { values, form };
}

const done = (c: C) => c.req.query('done') || undefined;

/**
 * Hands a form to the API. Success: 303 to `back`. Refused input: the page again (`again`) with the
 * fields' messages. Anything else (not found, not allowed): the failure page.
 */
async function submit(
  c: C,
  apiPath: string,
  body: Record<string, unknown>,
  formName: string,
  values: Record<string, string>,
  back: string | ((created: { id: number }) => string),
  again: (failure: FormFailure) => Promise<Response>,
) {
  const answer = await staffApi<{ id: number; fields?: Array<{ field: string; message: string }> }>(
    c,
    'POST',
    apiPath,
    body,
  );
  if (answer.status === 200) return c.redirect(typeof back === 'string' ? back : back(answer.envelope.data), 303);
  if (answer.status === 409) {
    // A refusal of the whole form (still in use, ordered, changed meanwhile). When the stock changed
    // since the form was drawn, the page comes back with the current figure.
    const { stock: _stock, stock_seen: _seen, ...kept } = values;
    return again({ form: formName, values: kept, fields: {}, msg: answer.envelope.meta.msg });
  }
  if (answer.status === 400 || answer.status === 413 || answer.status === 415) {
    const fields = answer.envelope.data?.fields;
    const msg = answer.envelope.meta.msg;
    return again({
      form: formName,
      values,
      fields: Object.fromEntries((fields ?? []).map((f) => [f.field, f.message])),
      ...(msg !== 'validation_failed' || !fields ? { msg } : {}),
    });
  }
  return apiFailurePage(c, answer.status);
}

const idOf = (c: C) => Number(c.req.param('id'));

/** A page drawn from one API read: the failure page when the read fails; 400 when it shows a refused form. */
async function readPage<T>(c: C, path: string, failure: Failed, render: (data: T) => ReactElement) {
  const answer = await staffApi<T>(c, 'GET', path);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(c, render(answer.envelope.data), failure ? 400 : 200);
}

const productPage = (c: C, id: number, failure: Failed = null) =>
  readPage<ProductDetail>(c, `/staff/catalogue/products/${id}`, failure, (data) => (
    <ProductPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={data} done={done(c)} failure={failure} />
  ));

type ListKind = 'categories' | 'brands' | 'home-sections';
const LIST_PAGES = { categories: CategoriesPage, brands: BrandsPage, 'home-sections': HomeSectionsPage } as const;
const LIST_DATA = { categories: 'categories', brands: 'brands', 'home-sections': 'sections' } as const;

type ListRow = Record<string, string | number | null> & { id: number };
const listPage = (c: C, kind: ListKind, failure: Failed = null) =>
  readPage<Record<string, ListRow[]>>(c, `/staff/catalogue/${kind}`, failure, (data) => {
    const Page = LIST_PAGES[kind];
    return (
      <Page
        t={c.var.t}
        nonce={c.var.nonce}
        me={c.var.me}
        rows={data[LIST_DATA[kind]] ?? []}
        done={done(c)}
        failure={failure}
      />
    );
  });

const nutritionistPage = (c: C, id: number, failure: Failed = null) =>
  readPage<NutritionistDetail>(c, `/staff/catalogue/nutritionists/${id}`, failure, (data) => (
    <NutritionistPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={data} done={done(c)} failure={failure} />
  ));

const nutritionistsPage = (c: C, failure: Failed = null) =>
  readPage<{ nutritionists: NutritionistRow[] }>(c, '/staff/catalogue/nutritionists', failure, (data) => (
    <NutritionistsPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      rows={data.nutritionists}
      done={done(c)}
      failure={failure}
    />
  ));

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * A form's image file as base64 for the API, or the message key saying why not. The file's name and
 * type as the browser gave them are not trusted: the API reads its bytes.
 */
async function imageData(
  form: Record<string, string | File>,
  name: string,
): Promise<{ data: string } | { msg: 'image_missing' | 'image_too_large' }> {
  const file = form[name];
  if (!(file instanceof File) || file.size === 0) return { msg: 'image_missing' };
  if (file.size > IMAGE_MAX_BYTES) return { msg: 'image_too_large' };
  return { data: base64(new Uint8Array(await file.arrayBuffer())) };
}

async function newProductPage(c: C, failure: Failed = null) {
  const [categories, brands] = await Promise.all([
    staffApi<{ categories: NamedRow[] }>(c, 'GET', '/staff/catalogue/categories'),
    staffApi<{ brands: NamedRow[] }>(c, 'GET', '/staff/catalogue/brands'),
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

const catalogueRoutesBase = new Hono<StaffAppEnv>()
  .get('/catalogue', staffPage('catalogue:read'), async (c) => {
    const parsed = catalogueListQuery.safeParse(filledQuery(c.req.query()));
    const filters = parsed.success ? parsed.data : {};
    const query = new URLSearchParams(
      Object.entries(filters)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => [k, String(v)]),
    );
    const [products, categories, brands] = await Promise.all([
      staffApi<{ products: ProductListRow[]; total: number; page: number; pages: number }>(
        c,
        'GET',
        `/staff/catalogue/products${query.size ? `?${query}` : ''}`,
      ),
      staffApi<{ categories: NamedRow[] }>(c, 'GET', '/staff/catalogue/categories'),
      staffApi<{ brands: NamedRow[] }>(c, 'GET', '/staff/catalogue/brands'),
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
  .get('/catalogue/products/new', staffPage('catalogue:write'), (c) => newProductPage(c))
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
  })
  .post('/catalogue/home-sections/:id{[0-9]+}/banners', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values, form } = await formFields(c);
    const name = `banner-${id}`;
    const [en, ar] = [await imageData(form, 'image_en'), await imageData(form, 'image_ar')];
    if ('msg' in en) return listPage(c, 'home-sections', { form: name, fields: {}, values, msg: en.msg });
    if ('msg' in ar) return listPage(c, 'home-sections', { form: name, fields: {}, values, msg: ar.msg });
    return submit(
      c,
      `/staff/catalogue/home-sections/${id}/banners`,
      {
        image_en: en.data,
        image_ar: ar.data,
        link: values.link ?? '',
        alt_en: values.alt_en ?? '',
        alt_ar: values.alt_ar ?? '',
      },
      name,
      values,
      `/catalogue/home-sections?done=${id}`,
      (f) => listPage(c, 'home-sections', f),
    );
  })
  .post('/catalogue/home-sections/:id{[0-9]+}/banners/edit', staffPage('catalogue:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    return submit(
      c,
      `/staff/catalogue/home-sections/${id}/banners/edit`,
      { image_key: values.image_key ?? '', action: values.action ?? '' },
      `banner-${id}`,
      values,
      `/catalogue/home-sections?done=${id}`,
      (f) => listPage(c, 'home-sections', f),
    );
  });

/** Categories, brands and home sections: the same list page and the same kind of edit form. */
function listRoutes(app: Hono<StaffAppEnv>, kind: ListKind) {
  const edits = app
    .get(`/catalogue/${kind}`, staffPage('catalogue:read'), (c) => listPage(c, kind))
    .post(`/catalogue/${kind}/:id{[0-9]+}`, staffPage('catalogue:write'), async (c) => {
      const id = idOf(c);
      const { values } = await formFields(c);
      return submit(
        c,
        `/staff/catalogue/${kind}/${id}`,
        values,
        `row-${id}`,
        values,
        `/catalogue/${kind}?done=${id}`,
        (f) => listPage(c, kind, f),
      );
    });
  if (kind === 'home-sections') return edits;
  // Categories and brands are added above their list (a brand with its logo) and deleted from their row.
  return edits
    .post(`/catalogue/${kind}`, staffPage('catalogue:write'), async (c) => {
      const { values, form } = await formFields(c);
      const body: Record<string, string> = { ...values };
      if (kind === 'brands') {
        const logo = await imageData(form, 'logo');
        if ('msg' in logo) return listPage(c, kind, { form: 'new', fields: {}, values, msg: logo.msg });
        body.logo = logo.data;
      }
      return submit(c, `/staff/catalogue/${kind}`, body, 'new', values, `/catalogue/${kind}?done=created`, (f) =>
        listPage(c, kind, f),
      );
    })
    .post(`/catalogue/${kind}/:id{[0-9]+}/delete`, staffPage('catalogue:write'), async (c) => {
      const id = idOf(c);
      const { values } = await formFields(c);
      return submit(
        c,
        `/staff/catalogue/${kind}/${id}/delete`,
        { confirm: values.confirm ?? '' },
        `delete-${id}`,
        values,
        `/catalogue/${kind}?done=deleted`,
        (f) => listPage(c, kind, f),
      );
    });
}

export const catalogueRoutes = listRoutes(
  listRoutes(listRoutes(catalogueRoutesBase, 'categories'), 'brands'),
  'home-sections',
)
  .get('/nutritionists', staffPage('nutritionists:read'), (c) => nutritionistsPage(c))
  .post('/nutritionists', staffPage('nutritionists:write'), async (c) => {
    const { values, form } = await formFields(c);
    const photo = await imageData(form, 'photo');
    if ('msg' in photo) return nutritionistsPage(c, { form: 'new', fields: {}, values, msg: photo.msg });
    return submit(
      c,
      '/staff/catalogue/nutritionists',
      { ...values, photo: photo.data },
      'new',
      values,
      (created) => `/nutritionists/${created.id}?done=created`,
      (f) => nutritionistsPage(c, f),
    );
  })
  .post('/nutritionists/:id{[0-9]+}/delete', staffPage('nutritionists:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    return submit(
      c,
      `/staff/catalogue/nutritionists/${id}/delete`,
      { confirm: values.confirm ?? '' },
      'delete-nutritionist',
      values,
      '/nutritionists?done=deleted',
      (f) => nutritionistPage(c, id, f),
    );
  })
  .post('/nutritionists/:id{[0-9]+}/lists', staffPage('nutritionists:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    return submit(
      c,
      `/staff/catalogue/nutritionists/${id}/lists`,
      values,
      'new',
      values,
      `/nutritionists/${id}?done=created`,
      (f) => nutritionistPage(c, id, f),
    );
  })
  .post('/nutritionists/lists/:id{[0-9]+}/delete', staffPage('nutritionists:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    const owner = Number(values.nutritionist_id) || 0;
    return submit(
      c,
      `/staff/catalogue/nutritionist-lists/${id}/delete`,
      { confirm: values.confirm ?? '' },
      `delete-list-${id}`,
      values,
      `/nutritionists/${owner}?done=deleted`,
      (f) => nutritionistPage(c, owner, f),
    );
  })
  .get('/nutritionists/:id{[0-9]+}', staffPage('nutritionists:read'), (c) => nutritionistPage(c, idOf(c)))
  .post('/nutritionists/:id{[0-9]+}', staffPage('nutritionists:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    return submit(
      c,
      `/staff/catalogue/nutritionists/${id}`,
      values,
      'profile',
      values,
      `/nutritionists/${id}?done=1`,
      (f) => nutritionistPage(c, id, f),
    );
  })
  .post('/nutritionists/lists/:id{[0-9]+}', staffPage('nutritionists:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    const owner = Number(values.nutritionist_id) || 0;
    const { nutritionist_id: _, ...body } = values;
    return submit(
      c,
      `/staff/catalogue/nutritionist-lists/${id}`,
      body,
      `list-${id}`,
      values,
      `/nutritionists/${owner}?done=1`,
      (f) => nutritionistPage(c, owner, f),
    );
  })
  .post('/nutritionists/lists/:id{[0-9]+}/items', staffPage('nutritionists:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    const owner = Number(values.nutritionist_id) || 0;
    const { nutritionist_id: _, ...body } = values;
    return submit(
      c,
      `/staff/catalogue/nutritionist-lists/${id}/items`,
      body,
      `add-${id}`,
      values,
      `/nutritionists/${owner}?done=1`,
      (f) => nutritionistPage(c, owner, f),
    );
  });
