// The loyalty routes' input (issue 47): the points history's page, older than a line's id.
import { z } from '../zod';

/** GET /loyalty/history?before=<id>: the 25 lines before that id (the first page without it). */
export const pointsHistoryQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
