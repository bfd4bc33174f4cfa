// Moderation in the back office (decision 44): the queue, decisions, the shop's answers, settings.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/lib/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { siteOrigin } from '#api/src/lib/site-origin';
import { decide, moderationQueue, saveSettings, staffAnswer } from '#api/src/reviews/moderation';
import type { WrittenKind } from '#api/src/mail/review-texts';

/** The four decision routes: one per kind of text, each with its own contract entry. */
const DECISIONS = [
  ['review', '/reviews/:id/decide', 'POST /staff/reviews/:id/decide'],
  ['question', '/questions/:id/decide', 'POST /staff/questions/:id/decide'],
  ['answer', '/answers/:id/decide', 'POST /staff/answers/:id/decide'],
  ['rating', '/ratings/:id/decide', 'POST /staff/ratings/:id/decide'],
] as const satisfies ReadonlyArray<readonly [WrittenKind, string, string]>;

const routes = new Hono<AppEnv>()
  .get('/reviews', contract('GET /staff/reviews'), async (c) => {
    return c.json(ok(await moderationQueue(c.env.DB, c.req.valid('query').status ?? 'pending')));
  })
  .post('/reviews/settings', contract('POST /staff/reviews/settings'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await saveSettings(c.env.DB, member, c.req.valid('json')), 'moderation_settings_saved'));
  })
  .post('/questions/:id/answer', contract('POST /staff/questions/:id/answer'), async (c) => {
    const member = await requireStaff(c);
    return c.json(
      ok(await staffAnswer(c.env.DB, member, c.req.valid('param').id, c.req.valid('json')), 'staff_answer_saved'),
    );
  });

for (const [kind, path, key] of DECISIONS) {
  routes.post(path, contract(key), async (c) => {
    const member = await requireStaff(c);
    const result = await decide(
      c.env.DB,
      member,
      kind,
      c.req.valid('param').id,
      c.req.valid('json'),
      siteOrigin(c),
      c.env,
    );
    return c.json(ok(result, 'moderation_decided'));
  });
}

export const staffReviewRoutes = routes;
