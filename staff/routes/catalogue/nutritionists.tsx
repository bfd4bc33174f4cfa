// Nutritionists and their curated lists (nutritionists:read to see, nutritionists:write to edit one's
// own, nutritionists:manage to add, delete and edit any; the API decides whose is whose, decision 86):
// a nutritionist with a portrait, their profile, their lists and the products on each.
import { Hono } from 'hono';
import type { StaffAppEnv } from '../../app-env';
import { staffPage } from '../../middleware/guards';
import type { NutritionistDetail, NutritionistList } from '#shared/api/staff-catalogue-responses';
import { NutritionistPage, NutritionistsPage } from '../../pages/catalogue/Nutritionists';
import { type C, type Failed, done, formFields, idOf, imageData, readPage, submit } from './forms';

/** A nutritionist's page; for the owner, the members who may practise as her come in the same answer. */
const nutritionistPage = (c: C, id: number, failure: Failed = null) =>
  readPage<NutritionistDetail>(c, `/staff/catalogue/nutritionists/${id}`, failure, (data) => (
    <NutritionistPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={data} done={done(c)} failure={failure} />
  ));

const nutritionistsPage = (c: C, failure: Failed = null) =>
  readPage<NutritionistList>(c, '/staff/catalogue/nutritionists', failure, (data) => (
    <NutritionistsPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      rows={data.nutritionists}
      done={done(c)}
      failure={failure}
    />
  ));
export const nutritionistRoutes = new Hono<StaffAppEnv>()
  .get('/nutritionists', staffPage('nutritionists:read'), (c) => nutritionistsPage(c))
  .post('/nutritionists', staffPage('nutritionists:manage'), async (c) => {
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
  .post('/nutritionists/:id{[0-9]+}/delete', staffPage('nutritionists:manage'), async (c) => {
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
  .post('/nutritionists/:id{[0-9]+}/account', staffPage('staff:write'), async (c) => {
    const id = idOf(c);
    const { values } = await formFields(c);
    return submit(
      c,
      `/staff/catalogue/nutritionists/${id}/account`,
      { staff_id: values.staff_id ?? '' },
      'account',
      values,
      `/nutritionists/${id}?done=1`,
      (f) => nutritionistPage(c, id, f),
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
