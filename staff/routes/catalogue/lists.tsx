// Categories, brands and home sections (catalogue:read to see, catalogue:write to edit): one list page
// and one kind of edit form for the three; categories and brands are also added and deleted, and a home
// section's banners are uploaded and edited from its row.
import { Hono } from 'hono';
import type { StaffAppEnv } from '../../app-env';
import { staffPage } from '../../middleware/guards';
import { BrandsPage, CategoriesPage, HomeSectionsPage } from '../../pages/catalogue/Lists';
import { type C, type Failed, done, formFields, idOf, imageData, readPage, submit } from './forms';

export type ListKind = 'categories' | 'brands' | 'home-sections';
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

/** A home section's banners: an image for each language, uploaded from the section's row, then edited there. */
function bannerRoutes(app: Hono<StaffAppEnv>) {
  return app
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
}

export const listSectionRoutes = bannerRoutes(
  listRoutes(listRoutes(listRoutes(new Hono<StaffAppEnv>(), 'categories'), 'brands'), 'home-sections'),
);
