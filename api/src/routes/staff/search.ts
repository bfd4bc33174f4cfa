// Search in the back office (decisions 23 and 26): the synonym table and the report of
// searches that found nothing. Synonyms are stored normalised, as the index is; each API isolate
// keeps them for a minute (catalogue/search.ts): an edit clears this isolate's copy at once, the
// others within the minute.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { normalizeSearchText } from '#shared/search/normalize';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import { clearSynonymCache } from '#api/src/catalogue/search';
import { synonymAddSchema } from '#shared/api/people-schemas';
import { idParams } from '#shared/api/route-schemas';
import {
  synonymAddedSchema,
  synonymRemovedSchema,
  synonymSetsSchema,
  zeroResultsSchema,
} from '#shared/api/staff-search-responses';

/** The report covers the last 30 days, 50 queries per language. */
const ZERO_RESULT_DAYS = 30;
const REPORT_LIMIT = 50;

export const staffSearchRoutes = new Hono<AppEnv>()
  .get(
    '/search/synonyms',
    contract({
      tag: 'staff',
      summary: 'The synonym sets, each with its phrases in both languages (stored normalised)',
      noDevice: true,
      staff: 'search:read',
      response: synonymSetsSchema,
      messages: [],
    }),
    async (c) => {
      const { results } = await c.env.DB.prepare(
        'SELECT id, set_id, phrase FROM search_synonyms ORDER BY set_id, id',
      ).all<{
        id: number;
        set_id: number;
        phrase: string;
      }>();
      const sets = new Map<number, { id: number; phrase: string }[]>();
      for (const r of results) sets.set(r.set_id, [...(sets.get(r.set_id) ?? []), { id: r.id, phrase: r.phrase }]);
      return c.json(ok({ sets: [...sets].map(([set_id, phrases]) => ({ set_id, phrases })) }));
    },
  )
  .post(
    '/search/synonyms',
    contract({
      tag: 'staff',
      summary: 'Add a phrase to a set (or a new set); the shop’s search uses it within a minute',
      body: synonymAddSchema,
      noDevice: true,
      staff: 'search:write',
      response: synonymAddedSchema,
      messages: ['synonym_phrase_invalid', 'not_found', 'synonym_exists'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      const phrase = normalizeSearchText(input.phrase);
      if (!phrase) throw new ApiError(400, 'synonym_phrase_invalid');
      const db = c.env.DB;
      const setId =
        input.set_id ??
        (await db.prepare('SELECT coalesce(max(set_id), 0) + 1 AS next FROM search_synonyms').first<{ next: number }>())
          ?.next ??
        1;
      if (input.set_id !== undefined) {
        const exists = await db.prepare('SELECT 1 FROM search_synonyms WHERE set_id = ?').bind(setId).first();
        if (!exists) throw new ApiError(404, 'not_found');
      }
      try {
        await db.batch([
          db.prepare('INSERT INTO search_synonyms (set_id, phrase) VALUES (?, ?)').bind(setId, phrase),
          auditStatement(db, member, {
            action: 'synonym.add',
            resource: 'synonym_set',
            resourceId: setId,
            after: { phrase },
          }),
        ]);
      } catch (error) {
        if (/UNIQUE constraint failed/.test(String(error))) throw new ApiError(409, 'synonym_exists');
        throw error;
      }
      clearSynonymCache();
      return c.json(ok({ set_id: setId, phrase }));
    },
  )
  .post(
    '/search/synonyms/:id/remove',
    contract({
      tag: 'staff',
      summary: 'Remove a phrase from its set',
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      staff: 'search:write',
      response: synonymRemovedSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const id = c.req.valid('param').id;
      const db = c.env.DB;
      const row = await db
        .prepare('SELECT set_id, phrase FROM search_synonyms WHERE id = ?')
        .bind(id)
        .first<{ set_id: number; phrase: string }>();
      if (!row) throw new ApiError(404, 'not_found');
      await db.batch([
        db.prepare('DELETE FROM search_synonyms WHERE id = ?').bind(id),
        auditStatement(db, member, {
          action: 'synonym.remove',
          resource: 'synonym_set',
          resourceId: row.set_id,
          before: { phrase: row.phrase },
        }),
      ]);
      clearSynonymCache();
      return c.json(ok({ removed: true }));
    },
  )
  .get(
    '/search/zero-results',
    contract({
      tag: 'staff',
      summary: 'Searches that found nothing in the last 30 days, most searched first, per language',
      noDevice: true,
      staff: 'search:read',
      response: zeroResultsSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const allowed = countriesFor(member.grants, 'search:read');
      const since = Date.now() - ZERO_RESULT_DAYS * 24 * 60 * 60 * 1000;
      const scope = allowed === null ? '' : `AND country IN (${allowed.map(() => '?').join(', ') || "''"})`;
      const db = c.env.DB;
      const statement = (lang: 'en' | 'ar') =>
        db
          .prepare(
            `SELECT term, sum(searches) AS searches, max(last_seen) AS last_seen, max(example) AS example,
             group_concat(country) AS countries
           FROM search_query_log WHERE results = 0 AND lang = ? AND last_seen >= ? ${scope}
           GROUP BY term ORDER BY searches DESC, last_seen DESC LIMIT ${REPORT_LIMIT}`,
          )
          .bind(lang, since, ...(allowed ?? []));
      const [en, ar] = await db.batch([statement('en'), statement('ar')]);
      return c.json(ok({ days: ZERO_RESULT_DAYS, en: en!.results, ar: ar!.results }));
    },
  );
