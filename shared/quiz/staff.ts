// The back office's quiz shapes: a version as listed and as edited, and what its routes answer
// (api/src/routes/staff/quiz.ts). The content travels as JSON text, checked on the server with the
// same schema as the seed's (schema.ts).
import { z } from '../zod';
import { QUIZ_LIMITS } from './schema';

/** A version as listed: draft, active or retired, who made it (their name; null: seeded) and when. */
const staffQuizVersionRowSchema = z.object({
  id: z.int(),
  status: z.enum(['draft', 'active', 'retired']),
  created_by: z.string().nullable(),
  created_at: z.int(),
  published_at: z.int().nullable(),
  updated_at: z.int(),
});
export type StaffQuizVersionRow = z.infer<typeof staffQuizVersionRowSchema>;

/** What GET /staff/quiz/versions answers (its response schema, decision 68): the newest 200. */
export const staffQuizVersionsSchema = z.object({ versions: z.array(staffQuizVersionRowSchema) });
export type StaffQuizVersions = z.infer<typeof staffQuizVersionsSchema>;

const staffQuizVersionViewSchema = staffQuizVersionRowSchema.extend({
  /** The content as pretty-printed JSON text. */
  content: z.string(),
});
export type StaffQuizVersionView = z.infer<typeof staffQuizVersionViewSchema>;

/** What GET /staff/quiz/versions/:id answers: the version, and the schema's problems when its content does not parse. */
export const staffQuizVersionSchema = z.object({ version: staffQuizVersionViewSchema, issues: z.array(z.string()) });
export type StaffQuizVersion = z.infer<typeof staffQuizVersionSchema>;

/** What a change answers: the version made, saved or published. */
export const staffQuizVersionIdSchema = z.object({ id: z.int() });
export type StaffQuizVersionId = z.infer<typeof staffQuizVersionIdSchema>;

export const staffQuizContentSchema = z.object({
  content: z
    .string({ error: 'validation_mandatory' })
    .min(2)
    .max(QUIZ_LIMITS.contentBytes, { error: 'quiz_content_invalid' }),
});
