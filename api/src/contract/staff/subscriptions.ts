// Subscribe and save in the back office (decision 45).
import { idParams } from '#shared/api/route-schemas';
import {
  productSubscriptionDiscountSchema,
  staffSubscriptionQuerySchema,
  subscriptionSettingsSchema,
} from '#shared/subscriptions/schemas';
import type { RouteContract } from '../route-contract';

export const STAFF_SUBSCRIPTION_CONTRACTS = {
  'GET /staff/subscriptions': {
    tag: 'staff',
    summary:
      'Subscriptions: all, the orders the job places in the next 14 days (upcoming), or those whose latest run failed in the last 30 days (failed, with why); the counts of each and the shop’s discount',
    query: staffSubscriptionQuerySchema,
    noDevice: true,
    staff: 'orders:read',
  },
  'POST /staff/subscriptions/settings': {
    tag: 'staff',
    summary: 'The shop’s subscribe-and-save discount, a percent 0–50 (a product’s own wins)',
    body: subscriptionSettingsSchema,
    noDevice: true,
    staff: 'promotions:write',
  },
  'POST /staff/products/:id/subscription-discount': {
    tag: 'staff',
    summary: 'A product’s own subscribe-and-save discount, a percent 0–50, or null for the shop’s',
    params: idParams,
    badParams: 'not_found',
    body: productSubscriptionDiscountSchema,
    noDevice: true,
    staff: 'promotions:write',
  },
} satisfies Record<string, RouteContract>;
