// Search history per device (and per user once signed in): spec §7 /search/term, set-term, clear.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { SEARCH_TERM_LIMIT } from '#shared/constants';
import { ApiError } from '../lib/errors';
import { contract } from '../contract/validate';
import type { AppEnv } from '../app-env';
import { searchTermSchema } from '#shared/api/route-schemas';
import { z } from '#shared/zod';

/** The device's recent terms, newest first (clearing answers the emptied list). */
const recentTerms = z.object({ items: z.array(z.object({ term: z.string(), created_at: z.int() })) });

const RECENT = 10;

export const searchTermRoutes = new Hono<AppEnv>()
  .use(async function needsDevice(c, next) {
    if (!c.var.deviceId) throw new ApiError(403, 'device_token_invalid');
    await next();
  })
  .get(
    '/term',
    contract({
      tag: 'search',
      summary: "The device's recent search terms",
      response: recentTerms,
      messages: [],
    }),
    async (c) => {
      const { results } = await c.env.DB.prepare(
        `SELECT term, max(created_at) AS created_at FROM search_terms WHERE device_id = ? GROUP BY lower(term) ORDER BY created_at DESC LIMIT ?`,
      )
        .bind(c.var.deviceId, RECENT)
        .all<{ term: string; created_at: number }>();
      return c.json(ok({ items: results }));
    },
  )
  .post(
    '/set-term',
    contract({
      tag: 'search',
      summary: "Keep a term in the device's search history",
      body: searchTermSchema,
      response: z.object({ term: z.string() }),
      messages: [],
    }),
    async (c) => {
      const { term } = c.req.valid('json');
      const db = c.env.DB;
      // Keep the newest SEARCH_TERM_LIMIT terms per device.
      await db.batch([
        db
          .prepare('INSERT INTO search_terms (device_id, term, created_at) VALUES (?, ?, ?)')
          .bind(c.var.deviceId, term, Date.now()),
        db
          .prepare(
            'DELETE FROM search_terms WHERE device_id = ?1 AND id NOT IN (SELECT id FROM search_terms WHERE device_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2)',
          )
          .bind(c.var.deviceId, SEARCH_TERM_LIMIT),
      ]);
      return c.json(ok({ term }));
    },
  )
  .post(
    '/clear',
    contract({
      tag: 'search',
      summary: "Clear the device's search history",
      response: recentTerms,
      messages: [],
    }),
    async (c) => {
      await c.env.DB.prepare('DELETE FROM search_terms WHERE device_id = ?').bind(c.var.deviceId).run();
      return c.json(ok({ items: [] }));
    },
  );
