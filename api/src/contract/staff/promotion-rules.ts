// Promotions: gift thresholds, gifts with purchase, buy X get Y (decision 33).
import { z } from '#shared/zod';
import { idParams } from '#shared/api/route-schemas';
import { promotionInputSchema } from '#shared/api/promotion-schemas';
import type { RouteContract } from '../route-contract';

const one = { params: idParams, badParams: 'not_found', noDevice: true, tag: 'staff' } as const;

export const STAFF_PROMOTION_RULE_CONTRACTS = {
  'GET /staff/promotions': {
    tag: 'staff',
    summary:
      'Promotions with their gifts and targets, active first (a country-limited grant sees its country’s and those for both)',
    noDevice: true,
    staff: 'promotions:read',
  },
  'GET /staff/promotions/:id': { ...one, summary: 'One promotion', staff: 'promotions:read' },
  'POST /staff/promotions': {
    tag: 'staff',
    summary: 'Create a promotion: kind, names, country, dates, threshold or targets, gifts, limits, priority',
    body: promotionInputSchema,
    noDevice: true,
    staff: 'promotions:write',
  },
  'POST /staff/promotions/:id': {
    ...one,
    summary: 'Edit a promotion',
    body: promotionInputSchema,
    staff: 'promotions:write',
  },
  'POST /staff/promotions/:id/active': {
    ...one,
    summary: 'Deactivate (or reactivate) a promotion',
    body: z.object({ active: z.boolean() }),
    staff: 'promotions:write',
  },
} as const satisfies Record<string, RouteContract>;
