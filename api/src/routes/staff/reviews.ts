// Moderation in the back office (decision 44): the queue, decisions, the shop's answers, settings.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/lib/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { siteOrigin } from '#api/src/lib/site-origin';
import { decide, moderationQueue, saveSettings, staffAnswer } from '#api/src/reviews/moderation';
import type { WrittenKind } from '#api/src/mail/review-texts';

const decideRoute = (kind: WrittenKind) =>
  contract(
    `POST /staff/${kind === 'review' ? 'reviews' : kind === 'question' ? 'questions' : 'answers'}/:id/decide` as 'POST /staff/reviews/:id/decide',
  );

export const staffReviewRoutes = new Hono<AppEnv>()
  .get('/reviews', contract('GET /staff/reviews'), async (c) => {
    return c.json(ok(await moderationQueue(c.env.DB, c.req.valid('query').status ?? 'pending')));
  })
  .post('/reviews/settings', contract('POST /staff/reviews/settings'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await saveSettings(c.env.DB, member, c.req.valid('json')), 'moderation_settings_saved'));
  })
  .post('/reviews/:id/decide', decideRoute('review'), async (c) => {
    const member = await requireStaff(c);
    const result = await decide(
      c.env.DB,
      member,
      'review',
      c.req.valid('param').id,
      c.req.valid('json'),
      siteOrigin(c),
    );
    return c.json(ok(result, 'moderation_decided'));
  })
  .post('/questions/:id/decide', decideRoute('question'), async (c) => {
    const member = await requireStaff(c);
    const result = await decide(
      c.env.DB,
      member,
      'question',
      c.req.valid('param').id,
      c.req.valid('json'),
      siteOrigin(c),
    );
    return c.json(ok(result, 'moderation_decided'));
  })
  .post('/answers/:id/decide', decideRoute('answer'), async (c) => {
    const member = await requireStaff(c);
    const result = await decide(
      c.env.DB,
      member,
      'answer',
      c.req.valid('param').id,
      c.req.valid('json'),
      siteOrigin(c),
    );
    return c.json(ok(result, 'moderation_decided'));
  })
  .post('/questions/:id/answer', contract('POST /staff/questions/:id/answer'), async (c) => {
    const member = await requireStaff(c);
    return c.json(
      ok(await staffAnswer(c.env.DB, member, c.req.valid('param').id, c.req.valid('json')), 'staff_answer_saved'),
    );
  });
