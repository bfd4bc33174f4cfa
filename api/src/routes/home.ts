// /homepage/v4: every section's data in one D1 batch (one round trip), in the sections' order; a
// signed-in shopper's own sections after it, only as far as she has any (recommend/for-you.ts). With
// only=for_you, her own sections alone (her kept page's trip, decision 76).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { cardFrom, cardColumns, toCard, type CardRow } from '../catalogue/cards';
import { col } from '../lib/lang';
import { contract } from '../contract/validate';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../app-env';
import { herDeps, type HerDeps } from './her-deps';
import type { CountryCode, Lang } from '#shared/locale';
import type { HomeSectionRow } from '../db/rows';
import { bannerImage, brandLogo, portrait } from '../media/refs';
import { categoryRefSchema, imageRefSchema, productCardSchema } from '#shared/catalogue/schemas';
import { z } from '#shared/zod';
import { FOR_YOU_KINDS, forYouPlan, ME_BY_TOKEN, type ForYouSection } from '../recommend/for-you';
import { sessionTokenHash } from '../accounts/tokens';
import { bearerToken } from '../middleware/user';
import { healthKeyring } from '../consultations/seal';
import { listingIn } from '../db/country-prices';

/** A section's id, kind and title, with the data its kind shows (decision 68: the route's response). */
const section = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ id: z.int(), type: z.literal(type), title: z.string(), data });
const cards = z.object({ items: z.array(productCardSchema) });
const homeSchema = z.object({
  sections: z.array(
    z.discriminatedUnion('type', [
      section('banner', z.object({ items: z.array(z.object({ image: imageRefSchema, link: z.string() })) })),
      section('categories', z.object({ items: z.array(categoryRefSchema) })),
      section('popular', cards),
      section('brands', z.object({ items: z.array(z.object({ ...categoryRefSchema.shape, logo: imageRefSchema })) })),
      section(
        'nutritionist_banner',
        z.object({
          nutritionist: z.object({
            id: z.int(),
            slug: z.string(),
            name: z.string(),
            title: z.string(),
            bio: z.string(),
            years_experience: z.int(),
            photo: imageRefSchema,
          }),
        }),
      ),
      // The quiz's section carries nothing: the storefront draws it from its own copy.
      section('quiz', z.object({}).strict()),
      section('collection', cards),
      // Hers, when she is signed in (issue 64): refills due, buy again, her quiz's, recently viewed.
      section('for_you', z.object({ kind: z.enum(FOR_YOU_KINDS), items: z.array(productCardSchema) })),
    ]),
  ),
});

/** `only=for_you`: her own sections and nothing else, for her kept page's trip (decision 76): the rest of
 * her home is the kept copy's, so the other sections' statements and bytes would be thrown away. */
const homeQuery = z.object({ only: z.enum(['for_you']).optional() });

/**
 * Her own home sections alone (`only=for_you`, and the door's `herParts`, door/her-parts.ts): her statement
 * and her views' cards (no nutritionist to ride on), one round trip, then her sections' own reads. Throws 401 for a
 * session that is no one's: her trip asks nothing else who she is (decision 76's amendment "her parts
 * kept for her"), so this says it, as /user/me would.
 */
export async function herHomeSections(
  deps: HerDeps,
  token: string | null,
  lang: Lang,
  country: CountryCode,
  now: number,
): Promise<ForYouSection[]> {
  if (!token) return [];
  const forYou = forYouPlan({ sql: ME_BY_TOKEN, binds: [await sessionTokenHash(token), now] }, lang, country);
  const db = deps.env.DB;
  // What she has, and her views' cards beside it: one round trip for a shopper who only viewed.
  const [row, viewed] = await db.batch([
    db.prepare(`WITH ${forYou.cte} SELECT ${forYou.column} AS her`).bind(...forYou.binds),
    forYou.viewedStatement(db),
  ]);
  const her = (row!.results[0] as { her: string | null } | undefined)?.her ?? null;
  const mine = await forYou.finish(deps.env, healthKeyring(deps.config), her, now, viewed);
  if (mine === null) throw new ApiError(401, 'unauthorized');
  return mine;
}

/** A section with its title in the request's language. */
type SectionRow = Pick<HomeSectionRow, 'id' | 'type' | 'payload'> & { title: string };

export const homeRoutes = new Hono<AppEnv>().get(
  '/v4',
  contract({
    tag: 'catalogue',
    summary: "Every home page section's data, with a signed-in shopper's own sections",
    query: homeQuery,
    response: homeSchema,
    // only=for_you with a session that is no one's (ended): her kept page's trip learns it from this.
    messages: ['unauthorized'],
  }),
  async (c) => {
    const lang = c.var.lang;
    const db = c.env.DB;
    const onlyHers = c.req.valid('query').only === 'for_you';
    const payloadOf = (type: string) =>
      `(SELECT payload FROM home_sections WHERE type = '${type}' AND is_active = 1 ORDER BY sort_order LIMIT 1)`;
    // A signed-in shopper's own sections (recommend/for-you.ts): all her rows ride as one column of the
    // nutritionist's statement (a row whether or not there is a banner), found by her token, so a shopper
    // with nothing costs the guest's statements (issue 76).
    const now = Date.now();
    const token = bearerToken(c);
    // Her own sections alone: the rest of her home is the kept copy's.
    if (onlyHers)
      return c.json(ok({ sections: await herHomeSections(herDeps(c), token ?? null, lang, c.var.country, now) }));
    const forYou = token
      ? forYouPlan({ sql: ME_BY_TOKEN, binds: [await sessionTokenHash(token), now] }, lang, c.var.country)
      : null;
    const nutritionistColumns = `n.id, n.slug, n.${col('name', lang)} AS name, n.${col('title', lang)} AS title, n.${col('bio', lang)} AS bio, n.photo_key, n.years_experience`;
    const nutritionistOn = `n.id = json_extract(${payloadOf('nutritionist_banner')}, '$.nutritionist_id')`;
    const [sections, categories, popular, brands, nutritionist, collection] = await db.batch([
      db.prepare(
        `SELECT id, type, ${col('title', lang)} AS title, payload FROM home_sections WHERE is_active = 1 ORDER BY sort_order`,
      ),
      db.prepare(
        `SELECT id, slug, ${col('name', lang)} AS name, color FROM categories WHERE parent_id IS NULL ORDER BY sort_order`,
      ),
      db.prepare(
        `SELECT ${cardColumns(lang)} FROM ${cardFrom(c.var.country)} WHERE p.is_active = 1 AND ${listingIn(c.var.country).inStock} ORDER BY p.popularity DESC, p.id
       LIMIT coalesce(json_extract(${payloadOf('popular')}, '$.limit'), 12)`,
      ),
      db.prepare(
        `SELECT id, slug, ${col('name', lang)} AS name, color FROM brands WHERE is_featured = 1 ORDER BY sort_order, id
       LIMIT coalesce(json_extract(${payloadOf('brands')}, '$.limit'), 12)`,
      ),
      forYou
        ? db
            .prepare(
              `WITH ${forYou.cte} SELECT ${nutritionistColumns}, ${forYou.column} AS her
               FROM (SELECT 1) LEFT JOIN nutritionists n ON ${nutritionistOn}`,
            )
            .bind(...forYou.binds)
        : db.prepare(`SELECT ${nutritionistColumns} FROM nutritionists n WHERE ${nutritionistOn}`),
      db.prepare(
        `SELECT ${cardColumns(lang)} FROM ${cardFrom(c.var.country)} JOIN json_each(${payloadOf('collection')}, '$.product_ids') j ON j.value = p.id
       WHERE p.is_active = 1 ORDER BY j.key`,
      ),
    ]);
    const nutritionistRow = nutritionist!.results[0] as Record<string, unknown> | undefined;

    const data = (type: string, payload: Record<string, unknown>) => {
      switch (type) {
        case 'banner':
          return {
            items: ((payload.items ?? []) as Array<Record<string, string>>).map((b) => ({
              // Banners carry text, so Arabic pages get the Arabic rendering.
              image: bannerImage(b.image_key!, lang, (lang === 'ar' ? b.alt_ar : b.alt_en) ?? ''),
              link: b.link,
            })),
          };
        case 'categories':
          return { items: categories!.results };
        case 'popular':
          return { items: (popular!.results as unknown as CardRow[]).map(toCard) };
        case 'brands':
          return {
            items: (brands!.results as Array<Record<string, unknown>>).map((b) => ({
              ...b,
              logo: brandLogo(b.slug as string),
            })),
          };
        case 'nutritionist_banner': {
          const { photo_key, her: _her, ...rest } = nutritionistRow ?? {};
          if (rest.id == null) return null;
          return { nutritionist: { ...rest, photo: portrait(photo_key as string, rest.name as string) } };
        }
        case 'collection':
          return { items: (collection!.results as unknown as CardRow[]).map(toCard) };
        default:
          return {};
      }
    };

    const out = (sections!.results as unknown as SectionRow[])
      .map((s) => ({
        id: s.id,
        type: s.type,
        title: s.title,
        data: data(s.type, JSON.parse(s.payload) as Record<string, unknown>),
      }))
      .filter((s) => s.data !== null);
    const mine = forYou
      ? await forYou.finish(c.env, healthKeyring(c.var.config), (nutritionistRow?.her as string | null) ?? null, now)
      : null;
    // Hers come first in the answer (issue 73). The storefront places them under the shop's opening rows
    // (banners and categories) with a compact hero, so they start on a phone's first screen while the
    // banner, its largest picture, never waits for them (decision 76's amendment, her home's first screen).
    const all: Array<(typeof out)[number] | ForYouSection> = [...(mine ?? []), ...out];
    return c.json(ok({ sections: all }));
  },
);
