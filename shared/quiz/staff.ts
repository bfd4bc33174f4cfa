// The back office's quiz shapes: a version as listed and as edited. The content travels
// as JSON text, checked on the server with the same schema as the seed's (schema.ts).
import { z } from '../zod';
import { QUIZ_LIMITS } from './schema';

type QuizVersionStatus = 'draft' | 'active' | 'retired';

export interface StaffQuizVersionRow {
  id: number;
  status: QuizVersionStatus;
  created_by: string | null;
  created_at: number;
  published_at: number | null;
  updated_at: number;
}

export interface StaffQuizVersionView extends StaffQuizVersionRow {
  /** The content as pretty-printed JSON text. */
  content: string;
}

export const staffQuizContentSchema = z.object({
  content: z
    .string({ error: 'validation_mandatory' })
    .min(2)
    .max(QUIZ_LIMITS.contentBytes, { error: 'quiz_content_invalid' }),
});
