// Promotions: coupons.
import { z } from '#shared/zod';
import { idParams } from '#shared/api/route-schemas';
import { couponInputSchema } from '#shared/api/people-schemas';
import type { RouteContract } from '../route-contract';

const one = { params: idParams, badParams: 'not_found', noDevice: true, tag: 'staff' } as const;

export const STAFF_PROMOTION_CONTRACTS = {
  'GET /staff/coupons': {
    tag: 'staff',
    summary: 'Coupons, active first (a country-limited grant sees its country’s and those for both)',
    noDevice: true,
    staff: 'promotions:read',
  },
  'GET /staff/coupons/:id': { ...one, summary: 'One coupon', staff: 'promotions:read' },
  'POST /staff/coupons': {
    tag: 'staff',
    summary: 'Create a coupon: percentage or fixed, minimum, per-person and total limits, dates, country',
    body: couponInputSchema,
    noDevice: true,
    staff: 'promotions:write',
  },
  'POST /staff/coupons/:id': { ...one, summary: 'Edit a coupon', body: couponInputSchema, staff: 'promotions:write' },
  'POST /staff/coupons/:id/active': {
    ...one,
    summary: 'Deactivate (or reactivate) a coupon',
    body: z.object({ active: z.boolean() }),
    staff: 'promotions:write',
  },
} as const satisfies Record<string, RouteContract>;
