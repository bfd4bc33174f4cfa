// Delivery places: Kuwait governorates and areas (/area), courier countries and cities (spec §3
// courier lookups: countrySearch, dhl_country_id, citySearch).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { col } from '../lib/lang';
import { contract } from '../contract/validate';
import type { AppEnv } from '../app-env';
import type { AreaRow, DhlCityRow, DhlCountryRow, GovernorateRow, InLanguage } from '../db/rows';
import { dhlCountryQuery, dhlCityQuery } from '#shared/api/route-schemas';
import { z } from '#shared/zod';

/** A place by id and its name in the request's language. */
const named = z.object({ id: z.int(), name: z.string() });

/** D1 refuses LIKE patterns over 50 bytes (UTF-8): an Arabic name of 25 letters is already 50. */
const LIKE_MAX_BYTES = 50;

/** A LIKE pattern for a search text, cut (on a character boundary) to fit D1's limit with its two %. */
function likePattern(value: string | undefined): string {
  let text = (value ?? '').trim().replace(/[%_\\]/g, '');
  const encoder = new TextEncoder();
  while (encoder.encode(text).length > LIKE_MAX_BYTES - 2) text = Array.from(text).slice(0, -1).join('');
  return `%${text}%`;
}

const search = likePattern;

export const areaRoutes = new Hono<AppEnv>().get(
  '/',
  contract({
    tag: 'places',
    summary: 'Kuwait governorates with their areas',
    response: z.object({ items: z.array(z.object({ id: z.int(), name: z.string(), areas: z.array(named) })) }),
    messages: [],
  }),
  async (c) => {
    const lang = c.var.lang;
    const [govs, areas] = await c.env.DB.batch([
      c.env.DB.prepare(`SELECT id, ${col('name', lang)} AS name FROM governorates ORDER BY sort_order`),
      c.env.DB.prepare(`SELECT id, governorate_id, ${col('name', lang)} AS name FROM areas ORDER BY name`),
    ]);
    const all = areas!.results as Array<InLanguage<AreaRow, 'name'>>;
    return c.json(
      ok({
        items: (govs!.results as Array<Pick<InLanguage<GovernorateRow, 'name'>, 'id' | 'name'>>).map((g) => ({
          ...g,
          areas: all.filter((a) => a.governorate_id === g.id).map(({ id, name }) => ({ id, name })),
        })),
      }),
    );
  },
);

export const dhlCountryRoutes = new Hono<AppEnv>().get(
  '/dhl_list',
  contract({
    tag: 'places',
    summary: 'Courier countries matching a text',
    query: dhlCountryQuery,
    response: z.object({ items: z.array(named.extend({ code: z.string() })) }),
    messages: [],
  }),
  async (c) => {
    const { results } = await c.env.DB.prepare(
      `SELECT id, code, ${col('name', c.var.lang)} AS name FROM dhl_countries WHERE name_en LIKE ?1 OR name_ar LIKE ?1 OR code LIKE ?1 ORDER BY id`,
    )
      .bind(search(c.req.valid('query').countrySearch))
      .all<Pick<InLanguage<DhlCountryRow, 'name'>, 'id' | 'code' | 'name'>>();
    return c.json(ok({ items: results }));
  },
);

export const cityRoutes = new Hono<AppEnv>().get(
  '/dhl_list',
  contract({
    tag: 'places',
    summary: 'Courier cities of a country matching a text',
    query: dhlCityQuery,
    response: z.object({ items: z.array(named) }),
    messages: [],
  }),
  async (c) => {
    const query = c.req.valid('query');
    // No country: no city matches.
    const countryId = query.dhl_country_id ?? -1;
    const { results } = await c.env.DB.prepare(
      `SELECT id, ${col('name', c.var.lang)} AS name FROM dhl_cities WHERE dhl_country_id = ?1 AND (name_en LIKE ?2 OR name_ar LIKE ?2) ORDER BY name LIMIT 50`,
    )
      .bind(countryId, search(query.citySearch))
      .all<Pick<InLanguage<DhlCityRow, 'name'>, 'id' | 'name'>>();
    return c.json(ok({ items: results }));
  },
);
