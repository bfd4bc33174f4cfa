// An own-priced country's price of a size, set in the back office (decision 77, "a country's own
// prices"): the owner's amount in the country's currency, VAT included, or none (the size is not sold
// there). Needs catalogue:write in that country; one batch with the listing columns it moves and the
// audit row. A converted country's price is the KWD price's (the SKU form above), refused here.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { pricingOf } from '#shared/countries';
import { skuCountryPriceSchema } from '#shared/api/staff-catalogue-schemas';
import { idParams } from '#shared/api/route-schemas';
import { z } from '#shared/zod';
import { countriesFor } from '#shared/staff/permissions';
import { COUNTRY_CODES } from '#shared/locale';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { ApiError } from '#api/src/lib/errors';
import { denormaliseProduct } from '#api/src/catalogue/maintain';
import { audit, commit, fieldError, notFound } from '#api/src/staff/catalogue-common';

const skuCountryPriceAnswerSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  country: z.enum(COUNTRY_CODES),
  price: z.int().nullable(),
  old_price: z.int().nullable(),
});

export const staffCountryPriceRoutes = new Hono<AppEnv>().post(
  '/catalogue/skus/:id{[0-9]+}/country-price',
  contract({
    tag: 'staff',
    noDevice: true,
    params: idParams,
    summary:
      "Set (or clear: not sold there) a SKU's price in an own-priced country, in its currency with VAT included; needs catalogue:write in that country",
    body: skuCountryPriceSchema,
    staff: 'catalogue:write',
    response: skuCountryPriceAnswerSchema,
    messages: ['not_found', 'forbidden', 'sku_country_price_saved'],
  }),
  async (c) => {
    const member = await requireStaff(c);
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const allowed = countriesFor(member.grants, 'catalogue:write');
    if (allowed !== null && !allowed.includes(input.country)) throw new ApiError(403, 'forbidden');
    if (pricingOf(input.country) !== 'own') throw fieldError('price', 'sku_country_price_converted');
    const db = c.env.DB;
    const [sku, before] = await db.batch([
      db.prepare('SELECT id, product_id FROM skus WHERE id = ?').bind(id),
      db
        .prepare('SELECT price, old_price FROM sku_country_prices WHERE sku_id = ? AND country = ?')
        .bind(id, input.country),
    ]);
    const row = sku!.results[0] as { id: number; product_id: number } | undefined;
    if (!row) throw notFound();
    await commit(c, [
      input.price === null
        ? db.prepare('DELETE FROM sku_country_prices WHERE sku_id = ? AND country = ?').bind(id, input.country)
        : db
            .prepare(
              `INSERT INTO sku_country_prices (sku_id, country, price, old_price) VALUES (?, ?, ?, ?)
               ON CONFLICT (sku_id, country) DO UPDATE SET price = excluded.price, old_price = excluded.old_price`,
            )
            .bind(id, input.country, input.price, input.old_price),
      ...denormaliseProduct(db, row.product_id),
      audit(c, member, {
        action: 'sku.country_price',
        resource: 'sku',
        resourceId: id,
        country: input.country,
        before: (before!.results[0] as Record<string, unknown> | undefined) ?? { price: null },
        after: { price: input.price, old_price: input.old_price },
      }),
    ]);
    return c.json(
      ok(
        { id, product_id: row.product_id, country: input.country, price: input.price, old_price: input.old_price },
        'sku_country_price_saved',
      ),
    );
  },
);
