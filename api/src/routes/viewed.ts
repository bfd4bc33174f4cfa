// Recently viewed (issue 64, decision 73). A guest's list lives in her browser: POST /viewed/cards turns
// its ids into cards (the same for everyone: no one's data). A signed-in shopper's is kept in her account
// (the product page records her views, routes/product.ts): GET /viewed reads it, POST /viewed joins her
// device's list to it when she signs in, POST /viewed/clear clears it.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { VIEWED_SHOWN } from '#shared/catalogue/viewed';
import { viewedCardsSchema, viewedIdsSchema } from '#shared/api/viewed-schemas';
import { z } from '#shared/zod';
import type { AppEnv } from '../app-env';
import { cardFrom, cardColumns, toCard, type CardRow } from '../catalogue/cards';
import { viewedCardsStatement, viewStatements } from '../catalogue/viewed';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';

export const viewedRoutes = new Hono<AppEnv>()
  .post(
    '/cards',
    contract({
      tag: 'catalogue',
      summary: "Cards for a guest's recently viewed products (her browser's list), in its order",
      body: viewedIdsSchema,
      response: viewedCardsSchema,
      messages: [],
    }),
    async (c) => {
      const ids = c.req.valid('json').ids.slice(0, VIEWED_SHOWN);
      if (!ids.length) return c.json(ok({ items: [] }));
      const { results } = await c.env.DB.prepare(
        `SELECT ${cardColumns(c.var.lang)} FROM ${cardFrom(c.var.country)} WHERE p.is_active = 1 AND p.id IN (${ids.map(() => '?').join(', ')})`,
      )
        .bind(...ids)
        .all<CardRow>();
      const at = new Map(ids.map((id, i) => [id, i]));
      const items = results.map(toCard).sort((a, b) => at.get(a.id)! - at.get(b.id)!);
      return c.json(ok({ items }));
    },
  )
  .get(
    '/',
    contract({
      tag: 'catalogue',
      summary: 'Her recently viewed products, newest first, from any device',
      user: true,
      response: viewedCardsSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { results } = await viewedCardsStatement(
        c.env.DB,
        user.id,
        c.var.lang,
        c.var.country,
        -1,
        VIEWED_SHOWN,
      ).all<CardRow>();
      return c.json(ok({ items: results.map(toCard) }));
    },
  )
  .post(
    '/',
    contract({
      tag: 'catalogue',
      summary: "Joins her browser's recently viewed products to her account's (on signing in); answers the joined list",
      user: true,
      body: viewedIdsSchema,
      response: viewedCardsSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const db = c.env.DB;
      // Her browser's views were made just before she signed in: they come first, in their order.
      const results = await db.batch([
        ...viewStatements(db, user.id, c.req.valid('json').ids, Date.now()),
        viewedCardsStatement(db, user.id, c.var.lang, c.var.country, -1, VIEWED_SHOWN),
      ]);
      return c.json(ok({ items: (results[results.length - 1]!.results as unknown as CardRow[]).map(toCard) }));
    },
  )
  .post(
    '/clear',
    contract({
      tag: 'catalogue',
      summary: 'Clears her recently viewed products on every device',
      user: true,
      response: z.object({ cleared: z.int() }),
      messages: ['recently_viewed_cleared'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const r = await c.env.DB.prepare('DELETE FROM viewed_products WHERE user_id = ?').bind(user.id).run();
      return c.json(ok({ cleared: r.meta.changes ?? 0 }, 'recently_viewed_cleared'));
    },
  );
