// The shopper's blood-test results: GET /user/bloodtest/results (one history per person with
// ranges, trends and suggestions; ?patient=<id> for a family member's shop-order results) and POST
// /user/bloodtest/profile (the account holder's sex, date of birth and unit preference) and /units (the
// unit preference alone). Signed-in shoppers only (a guest or a staff session is 401); another user's patient answers 404. Health data:
// no values, bodies or profiles are logged.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { resultsView } from '../blood-tests/results-view';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';
import {
  bloodTestResultsQuery,
  bloodTestProfileBody,
  bloodTestUnitsBody,
} from '#shared/api/blood-test-results-schemas';
import {
  bloodTestProfileAnswerSchema,
  bloodTestResultsViewSchema,
  bloodTestUnitsAnswerSchema,
} from '#shared/api/blood-test-results-responses';

export const bloodTestResultRoutes = new Hono<AppEnv>()
  .get(
    '/results',
    contract({
      tag: 'blood-test-results',
      summary:
        "One person's blood-test history (the account holder's shop-order and uploaded results, or `patient`'s shop-order results): each marker in the preferred unit against the range for their sex and age, the trend, and the suggestions with their reason and products",
      query: bloodTestResultsQuery,
      user: true,
      response: bloodTestResultsViewSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { patient } = c.req.valid('query');
      const view = await resultsView(c.env.DB, user, patient ?? null, c.var.lang, c.var.country);
      c.header('cache-control', 'private, no-store');
      return c.json(ok(view));
    },
  )
  .post(
    '/profile',
    contract({
      tag: 'blood-test-results',
      summary: "Save the account holder's sex, date of birth and preferred unit system for reading results",
      body: bloodTestProfileBody,
      user: true,
      response: bloodTestProfileAnswerSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const profile = await c.env.DB.prepare(
        `INSERT INTO blood_test_profiles (user_id, sex, date_of_birth, unit_preference, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET sex = excluded.sex, date_of_birth = excluded.date_of_birth,
         unit_preference = excluded.unit_preference, updated_at = excluded.updated_at
       RETURNING sex, date_of_birth, unit_preference`,
      )
        .bind(user.id, input.sex, input.date_of_birth, input.unit_preference, Date.now())
        .first<{ sex: string; date_of_birth: string; unit_preference: string }>();
      return c.json(ok(profile));
    },
  )
  .post(
    '/units',
    contract({
      tag: 'blood-test-results',
      summary: 'Save only the preferred unit system (SI or conventional) for reading results',
      body: bloodTestUnitsBody,
      user: true,
      response: bloodTestUnitsAnswerSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { unit_preference } = c.req.valid('json');
      // Sex and date of birth stay as they are (unknown on a first switch: the page still asks for them).
      await c.env.DB.prepare(
        `INSERT INTO blood_test_profiles (user_id, unit_preference, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET unit_preference = excluded.unit_preference, updated_at = excluded.updated_at`,
      )
        .bind(user.id, unit_preference, Date.now())
        .run();
      return c.json(ok({ unit_preference }));
    },
  );
