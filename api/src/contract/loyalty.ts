// Loyalty points (issue 47, decision 58): the shopper's summary and history, merged into CONTRACTS
// (registry.ts). Signed-in shoppers only, in the request's country.
import { pointsHistoryQuery } from '#shared/loyalty/schemas';
import type { RouteContract } from './route-contract';

export const LOYALTY_CONTRACTS = {
  'GET /loyalty': {
    tag: 'loyalty',
    summary:
      "The shopper's points in the request's country: balance and its value, tier, next tier and what it needs, the points expiring next, the country's rules",
    user: true,
  },
  'GET /loyalty/history': {
    tag: 'loyalty',
    summary:
      "The shopper's points history in the request's country, newest first, 25 lines a page; `before` (a line's id) for the next page",
    query: pointsHistoryQuery,
    user: true,
  },
  'GET /loyalty/page': {
    tag: 'loyalty',
    summary:
      "The points page's reads at once: the summary (as GET /loyalty), the first page of the history and the referral card (as GET /loyalty/referral; her code is made on her first ask)",
    user: true,
  },
} as const satisfies Record<string, RouteContract>;
