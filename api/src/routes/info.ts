// /info/instructions/{a}/{b}: short instruction texts (how it works, delivery per country, returns).
// Parts that could name no text are a 404 before any query (shared/api/route-schemas.ts).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { col } from '../lib/lang';
import { ApiError } from '../lib/errors';
import { contract } from '../contract/validate';
import type { AppEnv } from '../app-env';
import type { InfoInstructionRow } from '../db/rows';
import { instructionParams } from '#shared/api/route-schemas';
import { z } from '#shared/zod';

export const infoRoutes = new Hono<AppEnv>().get(
  '/instructions/:a/:b',
  contract({
    tag: 'content',
    summary: 'A short instruction text (how it works, delivery, returns)',
    params: instructionParams,
    badParams: 'not_found',
    response: z.object({ a: z.string(), b: z.string(), title: z.string(), paragraphs: z.array(z.string()) }),
    messages: [],
  }),
  async (c) => {
    const { a, b } = c.req.valid('param');
    const lang = c.var.lang;
    const row = await c.env.DB.prepare(
      `SELECT ${col('title', lang)} AS title, ${col('body', lang)} AS body FROM info_instructions WHERE a = ? AND b = ?`,
    )
      .bind(a, b)
      .first<{ title: InfoInstructionRow['title_en']; body: InfoInstructionRow['body_en'] }>();
    if (!row) throw new ApiError(404, 'not_found');
    return c.json(
      ok({
        a,
        b,
        title: row.title,
        paragraphs: row.body
          .split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean),
      }),
    );
  },
);
