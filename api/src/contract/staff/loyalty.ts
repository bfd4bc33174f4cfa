// Loyalty in the back office (issue 47): each country's rules and tiers (owner), a shopper's points
// and their manual adjustment (the wallet's roles), and the monthly points report with its CSV (owner).
import { idParams } from '#shared/api/route-schemas';
import {
  loyaltyReportQuery,
  loyaltyRulesInputSchema,
  pointsAdjustSchema,
  pointsLedgerQuery,
} from '#shared/api/staff-loyalty-schemas';
import type { RouteContract } from '../route-contract';

const one = { params: idParams, badParams: 'not_found', noDevice: true, tag: 'staff' } as const;

export const STAFF_LOYALTY_CONTRACTS = {
  'GET /staff/loyalty/rules': {
    tag: 'staff',
    summary:
      'Each country’s loyalty rules and its three tiers: earn rates, review and birthday points, redeem step, minimum payable, expiry, referral rewards and limits; money in minor units of the country’s currency',
    noDevice: true,
    staff: 'loyalty:manage',
  },
  'POST /staff/loyalty/rules': {
    tag: 'staff',
    summary:
      'Sets one country’s rules and tiers, money typed in its currency (at most its decimals); tiers’ minimum spending increasing from 0, multipliers ×1 to ×5; audited (loyalty.rules_update, before and after)',
    body: loyaltyRulesInputSchema,
    noDevice: true,
    staff: 'loyalty:manage',
  },
  'GET /staff/loyalty/customers/:id': {
    ...one,
    query: pointsLedgerQuery,
    summary:
      'A shopper’s points per country (balance, tier, last 12 months’ spending) and her points ledger, newest first, 25 a page (`before`: the `next` of the previous page)',
    staff: 'customers:read',
  },
  'POST /staff/loyalty/customers/:id/adjust': {
    ...one,
    summary:
      'Adds or takes away points in a country with a reason the shopper reads in her history; once per event_key (a double submit writes once); audited (points.adjust); 409 points_insufficient past her balance',
    body: pointsAdjustSchema,
    staff: 'customers:wallet',
  },
  'GET /staff/loyalty/report': {
    tag: 'staff',
    summary:
      'Per country, the 12 Gulf months up to `month` (default this one): points issued by kind, spent, reversed, expired, adjusted down, forfeited on erasure, outstanding at the month’s end and their value at the current redeem rate (the liability)',
    query: loyaltyReportQuery,
    noDevice: true,
    staff: 'loyalty:manage',
  },
  'GET /staff/loyalty/report/csv': {
    tag: 'staff',
    summary: 'The points report as CSV (money as decimals of each country’s currency, never converted); audited',
    query: loyaltyReportQuery,
    fileResponse: ['text/csv'],
    noDevice: true,
    staff: 'loyalty:manage',
  },
} as const satisfies Record<string, RouteContract>;
