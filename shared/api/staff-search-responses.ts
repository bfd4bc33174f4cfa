// What the back office's search routes answer (GET/POST /staff/search/*, api/src/routes/staff/search.ts):
// the routes' response schemas (decision 68) and the types the search page reads, one declaration.
import { z } from '../zod';

/** The synonym sets, each with its phrases (stored normalised, as the index is). */
export const synonymSetsSchema = z.object({
  sets: z.array(z.object({ set_id: z.int(), phrases: z.array(z.object({ id: z.int(), phrase: z.string() })) })),
});
export type SynonymSets = z.infer<typeof synonymSetsSchema>;
export type SynonymSetView = SynonymSets['sets'][number];

/** A phrase added: its set (new or the one named) and the phrase as stored. */
export const synonymAddedSchema = z.object({ set_id: z.int(), phrase: z.string() });

export const synonymRemovedSchema = z.object({ removed: z.literal(true) });

/** A query that found nothing, summed over the countries the member may see. */
const zeroResultRowSchema = z.object({
  term: z.string(),
  searches: z.int(),
  last_seen: z.int(),
  /** One query as a shopper typed it (the term is its normalised form). */
  example: z.string(),
  /** The countries it was searched in, comma-separated ("KW,SA"). */
  countries: z.string(),
});
export type ZeroResultRow = z.infer<typeof zeroResultRowSchema>;

/** The last `days` days' searches that found nothing, most searched first, per language (50 each). */
export const zeroResultsSchema = z.object({
  days: z.int(),
  en: z.array(zeroResultRowSchema),
  ar: z.array(zeroResultRowSchema),
});
export type ZeroResults = z.infer<typeof zeroResultsSchema>;
