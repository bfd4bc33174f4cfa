// Sessions ended, as the edge reads them (decision 76's amendment "all her places"). The API writes one
// key per shopper into the storefront's cache namespace whenever any of her sessions ends (a sign-out,
// a password changed or reset, the account removed): the time it ended. The storefront reads it where
// her session pass alone would show something of hers (her name on a page with no trip, her fill kept at
// the edge): a pass made before that time vouches for nothing, and her view asks the API again (which
// ends her session in the headers, or writes a new pass when this browser's session still holds). A view
// that asks the API as her anyway reads no record: the API's answer says it (decision 83).
// A key per shopper, not per session: the API keeps only her tokens' hashes, and one of her other
// devices asking the API once more costs one long haul, once.

/** The key of a shopper's latest session end, in the storefront's cache namespace (KV). */
export const sessionsEndedKey = (userId: number | string) => `sessions-ended:${userId}`;

/**
 * How long the record is kept: longer than any pass lives (10 minutes), so a pass made before the end
 * never outlives the record of it.
 */
export const SESSIONS_ENDED_TTL_S = 900;

/**
 * How long an edge location may answer from its own copy of the record (KV's cacheTtl): the bound of the
 * window in which a pass made before a session ended elsewhere still shows her name or her kept fill on
 * the pass's word (a view that asks the API as her anyway takes its answer: decision 83).
 */
export const SESSIONS_ENDED_CACHE_S = 60;
