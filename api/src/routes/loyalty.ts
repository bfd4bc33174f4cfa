// The shopper's points (issue 47): GET /loyalty (her summary), GET /loyalty/history (her lines, newest
// first) and GET /loyalty/page (the points page's summary, first history page and referral card in one
// D1 batch: with her session and, on a cold isolate, the rules, three round trips at most), signed in
// only, in the request's country. All are GETs, so a page sends them in its one bundle. Her history is
// read from her order shard (decision 61), and so are her summary and the page's points: her tier's
// spending sums her orders there beside her blood tests and consultations in the core (loyalty/tiers.ts).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';
import { historyFrom, historyStatement, mySummary, mySummaryReads, summaryFrom } from '../loyalty/summary';
import { loyaltyRules } from '../loyalty/rules-read';
import { referralFrom, referralStatements } from '../loyalty/referral-info';
import { readMine, userOwner } from '../db/databases';
import type { AppEnv } from '../app-env';
import { pointsHistoryQuery } from '#shared/loyalty/schemas';
import { loyaltySummarySchema, pointsHistoryPageSchema, referralInfoSchema } from '#shared/loyalty/answer-schemas';
import { z } from '#shared/zod';

export const loyaltyRoutes = new Hono<AppEnv>()
  .get(
    '/',
    contract({
      tag: 'loyalty',
      summary:
        "The shopper's points in the request's country: balance and its value, tier, next tier and what it needs, the points expiring next, the country's rules",
      user: true,
      response: loyaltySummarySchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      return c.json(ok(await mySummary(c.env, user.id, c.var.country)));
    },
  )
  .get(
    '/history',
    contract({
      tag: 'loyalty',
      summary:
        "The shopper's points history in the request's country, newest first, 25 lines a page; `before` (a line's id) for the next page",
      query: pointsHistoryQuery,
      user: true,
      response: pointsHistoryPageSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const [lines] = await readMine(c.env, userOwner(user.id), (db) => [
        historyStatement(db, user.id, c.var.country, c.req.valid('query').before),
      ]);
      return c.json(ok(historyFrom(lines!)));
    },
  )
  .get(
    '/page',
    contract({
      tag: 'loyalty',
      summary:
        "The points page's reads at once: the summary (as GET /loyalty), the first page of the history and the referral card (as GET /loyalty/referral; her code is made on her first ask)",
      user: true,
      response: z.object({
        summary: loyaltySummarySchema,
        history: pointsHistoryPageSchema,
        referral: referralInfoSchema,
      }),
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const db = c.env.DB;
      const country = c.var.country;
      const now = Date.now();
      const rules = await loyaltyRules(db, country);
      // Her points from her order shard, her referral card from the core: one batch in shard 0.
      const mine = await mySummaryReads(c.env, user.id, country, now, {
        history: true,
        also: referralStatements(db, user.id, now),
      });
      return c.json(
        ok({
          summary: summaryFrom(mine.summary, rules, country, now),
          history: historyFrom(mine.history!),
          referral: await referralFrom(c, user.id, mine.also, rules.rules),
        }),
      );
    },
  );
