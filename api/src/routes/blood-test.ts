// Blood-test catalogue routes of spec §7: the list with its filters, a test's page, and the SKU refresh
// the blood-test cart syncs with. Prices are the shopper's country's (see shared/blood-tests).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { BloodTestSkuItem } from '#shared/blood-tests/catalogue-types';
import { COUNTRY_FACTS } from '#shared/countries';
import { bloodTestDetail } from '../blood-tests/detail';
import { bloodTestList } from '../blood-tests/list';
import { col } from '../lib/lang';
import { bloodTestSoldIn } from '../catalogue/sold-in';
import { ApiError } from '../lib/errors';
import { idOrSlug } from '../lib/params';
import { contract } from '../contract/validate';
import type { AppEnv } from '../app-env';
import { bloodTestListQuery, bloodTestSkuSchema } from '#shared/api/blood-test-schemas';
import {
  bloodTestDetailSchema,
  bloodTestListSchema,
  bloodTestSkuItemSchema,
} from '#shared/blood-tests/catalogue-schemas';
import { z } from '#shared/zod';

export const bloodTestRoutes = new Hono<AppEnv>();

bloodTestRoutes.get(
  '/',
  contract({
    tag: 'blood-tests',
    summary: "Blood tests and panels with their categories: filters, sort and search, in the shopper's currency",
    query: bloodTestListQuery,
    response: bloodTestListSchema,
    messages: [],
  }),
  async (c) => c.json(ok(await bloodTestList(c.env.DB, c.req.valid('query'), c.var.lang, c.var.country))),
);

interface SkuRow {
  id: number;
  name: string;
  price: number;
  old_price: number | null;
  test_id: number;
  test_slug: string;
  test_name: string;
  kind: BloodTestSkuItem['blood_test']['kind'];
  fasting_hours: number;
  /** 1 when the request's country sells it (catalogue/sold-in.ts); its price is then the country's. */
  sold: number;
}

// Only SKUs still sold (test active, priced in the shopper's country) come back: the cart drops the rest.
// Those of an active test that her country does not sell are named in `not_sold`, so the cart says why
// (issue 77: a cart moved between countries).
bloodTestRoutes.post(
  '/sku',
  contract({
    tag: 'blood-tests',
    summary:
      "Blood-test cart sync: the SKUs still sold, with the country's current prices, and those the country does not sell",
    body: bloodTestSkuSchema,
    response: z.object({ items: z.array(bloodTestSkuItemSchema), not_sold: z.array(z.number().int()) }),
    messages: [],
  }),
  async (c) => {
    const { ids } = c.req.valid('json');
    const lang = c.var.lang;
    if (!ids.length) return c.json(ok({ items: [] as BloodTestSkuItem[], not_sold: [] as number[] }));
    const { results } = await c.env.DB.prepare(
      `SELECT s.id, s.${col('name', lang)} AS name, pr.price, pr.old_price, t.id AS test_id, t.slug AS test_slug,
       t.${col('name', lang)} AS test_name, t.kind, t.fasting_hours, ${bloodTestSoldIn('s', '?1')} AS sold
     FROM blood_test_skus s JOIN blood_tests t ON t.id = s.blood_test_id
     LEFT JOIN blood_test_prices pr ON pr.sku_id = s.id AND pr.country = ?1
     WHERE s.id IN (${ids.map((_, i) => `?${i + 2}`).join(', ')}) AND t.is_active = 1`,
    )
      .bind(c.var.country, ...ids)
      .all<SkuRow>();
    const currency = COUNTRY_FACTS[c.var.country].currency;
    const not_sold = results.filter((r) => !r.sold).map((r) => r.id);
    const items: BloodTestSkuItem[] = results
      .filter((r) => r.sold)
      .map((r) => ({
        id: r.id,
        name: r.name,
        price: { price: r.price, old_price: r.old_price },
        currency,
        blood_test: {
          id: r.test_id,
          slug: r.test_slug,
          name: r.test_name,
          kind: r.kind,
          fasting_hours: r.fasting_hours,
        },
      }));
    return c.json(ok({ items, not_sold }));
  },
);

/**
 * A blood test's id or slug, but "slots": GET /bloodTest/slots is the visit slots' route, mounted first
 * (api/src/index.ts), so no request reaches a test by that word; said so, the description has no two
 * paths one request could match (tests/unit/openapi-lint.test.ts).
 */
const bloodTestRefParams = z.object({ ref: z.string().regex(/^(?!slots$)[a-z0-9-]{1,160}$/) });

bloodTestRoutes.get(
  '/:ref',
  contract({
    tag: 'blood-tests',
    summary: 'A blood test or panel by id or slug: biomarkers, preparation, lab, members, supplements',
    params: bloodTestRefParams,
    response: bloodTestDetailSchema,
    messages: [],
  }),
  async (c) => {
    const detail = await bloodTestDetail(c.env.DB, idOrSlug(c.req.valid('param').ref), c.var.lang, c.var.country);
    if (!detail) throw new ApiError(404, 'not_found');
    return c.json(ok(detail));
  },
);
