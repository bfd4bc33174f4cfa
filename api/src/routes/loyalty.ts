// The shopper's points (issue 47): GET /loyalty (her summary) and GET /loyalty/history (her lines,
// newest first), signed in only, in the request's country. Both are GETs, so a page sends them in its
// one bundle (shared/api/page-bundle.ts): /profile/points is one trip.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { contract } from '../lib/validate';
import { requireUser } from '../middleware/user';
import { loyaltySummary, pointsHistory } from '../loyalty/summary';
import type { AppEnv } from '../app-env';

export const loyaltyRoutes = new Hono<AppEnv>()
  .get('/', contract('GET /loyalty'), async (c) => {
    const user = await requireUser(c);
    return c.json(ok(await loyaltySummary(c.env.DB, user.id, c.var.country)));
  })
  .get('/history', contract('GET /loyalty/history'), async (c) => {
    const user = await requireUser(c);
    return c.json(ok(await pointsHistory(c.env.DB, user.id, c.var.country, c.req.valid('query').before)));
  });
