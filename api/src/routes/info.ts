// /info/instructions/{a}/{b}: short instruction texts (how it works, delivery per country, returns).
import { Hono } from 'hono';
import { ok } from '../../../shared/api/envelope';
import { col } from '../catalogue/lang';
import { ApiError } from '../lib/errors';
import type { AppEnv } from '../app-env';

const PART = /^[A-Za-z0-9-]{1,40}$/;

export const infoRoutes = new Hono<AppEnv>().get('/instructions/:a/:b', async (c) => {
  const { a, b } = c.req.param();
  if (!PART.test(a) || !PART.test(b)) throw new ApiError(404, 'not_found');
  const lang = c.var.lang;
  const row = await c.env.DB.prepare(`SELECT ${col('title', lang)} AS title, ${col('body', lang)} AS body FROM info_instructions WHERE a = ? AND b = ?`)
    .bind(a, b)
    .first<{ title: string; body: string }>();
  if (!row) throw new ApiError(404, 'not_found');
  return c.json(ok({ a, b, title: row.title, paragraphs: row.body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean) }));
});
