// The back office's home banners: a banner row is a home section of type 'banner' whose
// payload lists its banners ({image_key, link, alt_en, alt_ar}; api/src/routes/home.ts reads it). A
// banner's text is drawn in its picture, so each has one picture per language, stored as
// `<image_key>-en` and `<image_key>-ar` and cropped to the row's 3:1 box.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';
import { checkedImage, storeRenditions } from '#api/src/media/upload';
import { storedKeys } from '#api/src/media/renditions';
import { audit, commit, fieldError, notFound } from './catalogue';
import { idParams } from '#shared/api/route-schemas';
import { bannerAddSchema, bannerEditSchema } from '#shared/api/staff-catalogue-schemas';
import { bannerAddedSchema, changedRowSchema } from '#shared/api/staff-catalogue-responses';

interface Banner {
  image_key: string;
  link: string;
  alt_en: string;
  alt_ar: string;
}

/** The banner row and its banners; 404 for a missing section or one that is not a banner row. */
async function bannerRow(db: D1Database, id: number) {
  const row = await db
    .prepare("SELECT payload FROM home_sections WHERE id = ? AND type = 'banner'")
    .bind(id)
    .first<{ payload: string }>();
  if (!row) throw notFound();
  const payload = JSON.parse(row.payload) as { items?: Banner[] };
  return { payload, items: payload.items ?? [] };
}

/**
 * The new payload, written only while the row still holds what was read (`before`): two managers
 * editing the same row at once cannot drop each other's banners silently; the later one gets a 409.
 */
function savePayload(db: D1Database, id: number, before: string, payload: object) {
  return db
    .prepare('UPDATE home_sections SET payload = CASE WHEN payload = ?2 THEN ?3 ELSE NULL END WHERE id = ?1')
    .bind(id, before, JSON.stringify(payload));
}

export const staffHomeBannerRoutes = new Hono<AppEnv>()
  .post(
    '/catalogue/home-sections/:id{[0-9]+}/banners',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'Add a banner to a banner row: a picture per language, a link on this shop, descriptions',
      body: bannerAddSchema,
      staff: 'catalogue:write',
      response: bannerAddedSchema,
      messages: ['not_found', 'image_type_unsupported', 'image_too_large', 'home_section_changed'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const { payload, items } = await bannerRow(db, id);
      const before = JSON.stringify(payload);
      const pictures = { en: checkedImage(input.image_en), ar: checkedImage(input.image_ar) };
      const stem = `banners/u${Date.now().toString(36)}${crypto.randomUUID().slice(0, 4)}`;
      for (const lang of ['en', 'ar'] as const)
        await storeRenditions(c.env, 'banner', `${stem}-${lang}`, pictures[lang]);
      const banner: Banner = { image_key: stem, link: input.link, alt_en: input.alt_en, alt_ar: input.alt_ar };
      await saveOr409(c, [
        savePayload(db, id, before, { ...payload, items: [...items, banner] }),
        audit(c, member, { action: 'home_banner.add', resource: 'home_section', resourceId: id, after: banner }),
      ]);
      return c.json(ok({ id, image_key: stem }));
    },
  )

  .post(
    '/catalogue/home-sections/:id{[0-9]+}/banners/edit',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'Move a banner one place earlier, or take it off the row',
      body: bannerEditSchema,
      staff: 'catalogue:write',
      response: changedRowSchema,
      messages: ['not_found', 'home_section_changed'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const { payload, items } = await bannerRow(db, id);
      const at = items.findIndex((b) => b.image_key === input.image_key);
      if (at < 0) throw fieldError('image_key', 'item_validation_error');
      const next = [...items];
      if (input.action === 'remove') next.splice(at, 1);
      else if (at > 0) [next[at - 1], next[at]] = [next[at]!, next[at - 1]!];
      await saveOr409(c, [
        savePayload(db, id, JSON.stringify(payload), { ...payload, items: next }),
        audit(c, member, {
          action: input.action === 'remove' ? 'home_banner.remove' : 'home_banner.move',
          resource: 'home_section',
          resourceId: id,
          before: { items: items.map((b) => b.image_key) },
          after: { items: next.map((b) => b.image_key) },
        }),
      ]);
      if (input.action === 'remove')
        await c.env.MEDIA.delete(['en', 'ar'].flatMap((lang) => storedKeys('banner', `${input.image_key}-${lang}`)));
      return c.json(ok({ id }));
    },
  );

/** The batch, or 409 home_section_changed when the row changed since it was read (payload NOT NULL refuses). */
async function saveOr409(c: Parameters<typeof commit>[0], statements: D1PreparedStatement[]) {
  try {
    await commit(c, statements);
  } catch (error) {
    if (/NOT NULL constraint failed/.test(String(error))) throw new ApiError(409, 'home_section_changed');
    throw error;
  }
}
