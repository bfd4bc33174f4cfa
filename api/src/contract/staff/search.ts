// Search: the synonym table and the zero-result report (decisions 23 and 26).
import { idParams } from '#shared/api/route-schemas';
import { synonymAddSchema } from '#shared/api/people-schemas';
import type { RouteContract } from '../route-contract';

export const STAFF_SEARCH_CONTRACTS = {
  'GET /staff/search/synonyms': {
    tag: 'staff',
    summary: 'The synonym sets, each with its phrases in both languages (stored normalised)',
    noDevice: true,
    staff: 'search:read',
  },
  'POST /staff/search/synonyms': {
    tag: 'staff',
    summary: 'Add a phrase to a set (or a new set); the shop’s search uses it within a minute',
    body: synonymAddSchema,
    noDevice: true,
    staff: 'search:write',
  },
  'POST /staff/search/synonyms/:id/remove': {
    tag: 'staff',
    summary: 'Remove a phrase from its set',
    params: idParams,
    badParams: 'not_found',
    noDevice: true,
    staff: 'search:write',
  },
  'GET /staff/search/zero-results': {
    tag: 'staff',
    summary: 'Searches that found nothing in the last 30 days, most searched first, per language',
    noDevice: true,
    staff: 'search:read',
  },
} as const satisfies Record<string, RouteContract>;
