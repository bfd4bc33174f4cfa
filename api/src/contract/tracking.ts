// Live tracking's routes (issue 62): the carriers' webhooks and the shopper's answer to a failed attempt.
import { z } from '#shared/zod';
import { CARRIER_WEBHOOK_CODES } from '#shared/api/carrier-webhooks';
import { redeliverySchema } from '#shared/orders/redelivery';
import type { RouteContract } from './route-contract';

export const TRACKING_CONTRACTS = {
  // The body is the carrier's own, read raw: its signature covers the exact bytes (carriers/*.ts).
  'POST /carriers/:code{local|aramex|smsa|dhl|own}/webhook': {
    tag: 'tracking',
    summary: "A carrier's signed tracking webhook (raw body, checked by the carrier's adapter)",
    params: z.object({ code: z.enum(CARRIER_WEBHOOK_CODES) }),
    badParams: 'not_found',
    noDevice: true,
  },
  'POST /order/redelivery': {
    tag: 'orders',
    summary: 'After a failed delivery attempt: another delivery day, or a corrected address and phone',
    body: redeliverySchema,
  },
} satisfies Record<string, RouteContract>;
