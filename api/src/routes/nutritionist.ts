import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import type { Lang } from '#shared/locale';
import { CARD_FROM, cardColumns, toCard, type CardRow } from '../catalogue/cards';
import { col } from '../catalogue/lang';
import { portrait } from '../media/refs';
import { ApiError } from '../lib/errors';
import { idOrSlug, paged } from '../lib/params';
import { contract } from '../lib/validate';
import type { NutritionistListInput } from '#shared/api/route-schemas';
import type { AppEnv } from '../app-env';
import type { CountRow, InLanguage, NutritionistRow } from '../db/rows';

const PER_PAGE = 12;

const SELECT = (
  lang: Lang,
) => `SELECT n.id, n.slug, n.${col('name', lang)} AS name, n.${col('title', lang)} AS title, n.${col('bio', lang)} AS bio,
  n.photo_key, n.years_experience FROM nutritionists n`;

/** What SELECT reads: a nutritionist in the request's language. */
type NutritionistListRow = Omit<InLanguage<NutritionistRow, 'name' | 'title' | 'bio'>, 'sort_order'>;

function toNutritionist(r: NutritionistListRow) {
  const { photo_key, ...rest } = r;
  return { ...rest, photo: portrait(photo_key, r.name) };
}

async function list(c: Context<AppEnv>, { sort }: NutritionistListInput, page: number) {
  const dir = sort?.value === 'desc' ? 'DESC' : 'ASC';
  const order = {
    name: `name ${dir}`,
    experience: `n.years_experience ${sort ? dir : 'DESC'}`,
    order: `n.sort_order ${dir}`,
  }[sort?.key ?? 'order'];
  const [count, rows] = await c.env.DB.batch([
    c.env.DB.prepare('SELECT count(*) AS n FROM nutritionists'),
    c.env.DB.prepare(`${SELECT(c.var.lang)} ORDER BY ${order}, n.id LIMIT ? OFFSET ?`).bind(
      PER_PAGE,
      (page - 1) * PER_PAGE,
    ),
  ]);
  return c.json(
    ok(
      paged(
        (rows!.results as NutritionistListRow[]).map(toNutritionist),
        page,
        PER_PAGE,
        (count!.results[0] as CountRow).n,
      ),
    ),
  );
}

export const nutritionistRoutes = new Hono<AppEnv>()
  .get('/', contract('GET /nutritionist'), async (c) => {
    const { results } = await c.env.DB.prepare(
      `${SELECT(c.var.lang)} ORDER BY n.sort_order, n.id`,
    ).all<NutritionistListRow>();
    return c.json(ok({ items: results.map(toNutritionist) }));
  })
  .post('/list', contract('POST /nutritionist/list'), (c) => list(c, c.req.valid('json'), 1))
  .post('/list/:page{[0-9]+}', contract('POST /nutritionist/list/:page{[0-9]+}'), (c) =>
    list(c, c.req.valid('json'), c.req.valid('param').page),
  )
  .get('/:ref', contract('GET /nutritionist/:ref'), async (c) => {
    const ref = idOrSlug(c.req.valid('param').ref);
    const lang = c.var.lang;
    const db = c.env.DB;
    const nid = '(SELECT id FROM nutritionists WHERE slug = ?1 OR id = ?2)';
    const [profile, lists, items] = await db.batch([
      db.prepare(`${SELECT(lang)} WHERE n.id = ${nid}`).bind(ref.slug, ref.id ?? -1),
      db
        .prepare(
          `SELECT id, ${col('name', lang)} AS name FROM nutritionist_lists WHERE nutritionist_id = ${nid} ORDER BY sort_order, id`,
        )
        .bind(ref.slug, ref.id ?? -1),
      db
        .prepare(
          `SELECT li.list_id, li.${col('note', lang)} AS note, ${cardColumns(lang)} FROM ${CARD_FROM}
           JOIN nutritionist_list_items li ON li.product_id = p.id
           WHERE li.list_id IN (SELECT id FROM nutritionist_lists WHERE nutritionist_id = ${nid}) AND p.is_active = 1
           ORDER BY li.list_id, li.sort_order`,
        )
        .bind(ref.slug, ref.id ?? -1),
    ]);
    const row = profile!.results[0] as NutritionistListRow | undefined;
    if (!row) throw new ApiError(404, 'not_found');
    const itemRows = items!.results as unknown as Array<CardRow & { list_id: number; note: string }>;
    return c.json(
      ok({
        ...toNutritionist(row),
        lists: (lists!.results as Array<{ id: number; name: string }>).map((l) => ({
          ...l,
          items: itemRows.filter((i) => i.list_id === l.id).map((i) => ({ note: i.note, product: toCard(i) })),
        })),
      }),
    );
  });
