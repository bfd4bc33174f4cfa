// The quiz's versions in the back office (decision 32): list, a new draft copied from the
// active version, a draft's content replaced (checked with the shared schema), publish (the active one
// is retired). Published versions are never edited: a stored result is always scored again by its own
// version. Read and written with the catalogue permissions; every change is audited.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { parseQuizContent } from '#shared/quiz/schema';
import type { StaffQuizVersionRow, StaffQuizVersionView } from '#shared/quiz/staff';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import { idParams } from '#shared/api/route-schemas';
import {
  staffQuizContentSchema,
  staffQuizVersionIdSchema,
  staffQuizVersionSchema,
  staffQuizVersionsSchema,
} from '#shared/quiz/staff';

const COLUMNS = `v.id, v.status, s.name AS created_by, v.created_at, v.published_at, v.updated_at`;
const FROM = 'quiz_versions v LEFT JOIN staff s ON s.id = v.created_by';

/** What the audit log keeps of a content: its size, not the text. */
function summary(json: string) {
  const parsed = parseQuizContent(json);
  return parsed.ok
    ? {
        questions: parsed.content.questions.length,
        rules: parsed.content.rules.length,
        cautions: parsed.content.cautions.length,
      }
    : { invalid: true };
}

export const staffQuizRoutes = new Hono<AppEnv>()
  .get(
    '/quiz/versions',
    contract({
      tag: 'staff',
      summary: "The quiz's versions: draft, active or retired, who made each and when",
      noDevice: true,
      staff: 'catalogue:read',
      response: staffQuizVersionsSchema,
      messages: [],
    }),
    async (c) => {
      const { results } = await c.env.DB.prepare(
        `SELECT ${COLUMNS} FROM ${FROM} ORDER BY v.id DESC LIMIT 200`,
      ).all<StaffQuizVersionRow>();
      return c.json(ok({ versions: results }));
    },
  )
  .get(
    '/quiz/versions/:id{[0-9]+}',
    contract({
      tag: 'staff',
      summary: "A quiz version with its content (JSON) and, if it does not parse, the schema's problems",
      params: idParams,
      noDevice: true,
      staff: 'catalogue:read',
      response: staffQuizVersionSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const row = await c.env.DB.prepare(`SELECT ${COLUMNS}, v.content FROM ${FROM} WHERE v.id = ?`)
        .bind(c.req.valid('param').id)
        .first<StaffQuizVersionView>();
      if (!row) throw new ApiError(404, 'not_found');
      const parsed = parseQuizContent(row.content);
      const version: StaffQuizVersionView = {
        ...row,
        content: parsed.ok ? JSON.stringify(JSON.parse(row.content), null, 2) : row.content,
      };
      return c.json(ok({ version, issues: parsed.ok ? [] : parsed.issues }));
    },
  )
  .post(
    '/quiz/versions',
    contract({
      tag: 'staff',
      summary: 'A new draft, a copy of the active version (audited)',
      noDevice: true,
      staff: 'catalogue:write',
      response: staffQuizVersionIdSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const db = c.env.DB;
      const now = Date.now();
      const [inserted] = await db.batch([
        db
          .prepare(
            `INSERT INTO quiz_versions (status, content, created_by, created_at, updated_at)
           SELECT 'draft', content, ?, ?, ? FROM quiz_versions WHERE status = 'active' RETURNING id`,
          )
          .bind(member.id, now, now),
        auditStatement(db, member, { action: 'quiz.draft', resource: 'quiz_version', after: { from: 'active' } }),
      ]);
      const row = inserted!.results[0] as { id: number } | undefined;
      if (!row) throw new ApiError(404, 'not_found');
      return c.json(ok({ id: row.id }));
    },
  )
  .post(
    '/quiz/versions/:id{[0-9]+}',
    contract({
      tag: 'staff',
      summary:
        "Replace a draft's content, checked with the quiz schema: 400 quiz_content_invalid with the problems; 409 quiz_version_not_draft for a published version (audited)",
      params: idParams,
      body: staffQuizContentSchema,
      noDevice: true,
      staff: 'catalogue:write',
      response: staffQuizVersionIdSchema,
      messages: ['quiz_content_invalid', 'not_found', 'quiz_version_not_draft', 'quiz_version_saved'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const { content } = c.req.valid('json');
      const parsed = parseQuizContent(content);
      if (!parsed.ok) throw new ApiError(400, 'quiz_content_invalid', { issues: parsed.issues });
      const db = c.env.DB;
      const before = await db
        .prepare('SELECT status, content FROM quiz_versions WHERE id = ?')
        .bind(id)
        .first<{ status: string; content: string }>();
      if (!before) throw new ApiError(404, 'not_found');
      if (before.status !== 'draft') throw new ApiError(409, 'quiz_version_not_draft');
      const stored = JSON.stringify(parsed.content);
      const [updated] = await db.batch([
        db
          .prepare(
            "UPDATE quiz_versions SET content = ?, updated_at = ? WHERE id = ? AND status = 'draft' RETURNING id",
          )
          .bind(stored, Date.now(), id),
        auditStatement(db, member, {
          action: 'quiz.edit',
          resource: 'quiz_version',
          resourceId: id,
          before: summary(before.content),
          after: summary(stored),
        }),
      ]);
      if (!updated!.results.length) throw new ApiError(409, 'quiz_version_not_draft');
      return c.json(ok({ id }, 'quiz_version_saved'));
    },
  )
  .post(
    '/quiz/versions/:id{[0-9]+}/publish',
    contract({
      tag: 'staff',
      summary: 'Publish a draft: it becomes the active version and the active one is retired (audited)',
      params: idParams,
      noDevice: true,
      staff: 'catalogue:write',
      response: staffQuizVersionIdSchema,
      messages: ['not_found', 'quiz_version_not_draft', 'quiz_content_invalid', 'quiz_version_published'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const draft = await db
        .prepare('SELECT status, content FROM quiz_versions WHERE id = ?')
        .bind(id)
        .first<{ status: string; content: string }>();
      if (!draft) throw new ApiError(404, 'not_found');
      if (draft.status !== 'draft') throw new ApiError(409, 'quiz_version_not_draft');
      const parsed = parseQuizContent(draft.content);
      if (!parsed.ok) throw new ApiError(400, 'quiz_content_invalid', { issues: parsed.issues });
      const now = Date.now();
      // The active version is retired only if this one is still a draft: one active version at all times.
      const [, published] = await db.batch([
        db
          .prepare(
            "UPDATE quiz_versions SET status = 'retired', updated_at = ?1 WHERE status = 'active' AND EXISTS (SELECT 1 FROM quiz_versions WHERE id = ?2 AND status = 'draft')",
          )
          .bind(now, id),
        db
          .prepare(
            "UPDATE quiz_versions SET status = 'active', published_at = ?1, updated_at = ?1 WHERE id = ?2 AND status = 'draft' RETURNING id",
          )
          .bind(now, id),
        auditStatement(db, member, {
          action: 'quiz.publish',
          resource: 'quiz_version',
          resourceId: id,
          after: { status: 'active' },
        }),
      ]);
      if (!published!.results.length) throw new ApiError(409, 'quiz_version_not_draft');
      return c.json(ok({ id }, 'quiz_version_published'));
    },
  );
