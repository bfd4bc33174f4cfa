// The gateway's ways to pay as the checkouts' answers name them (decision 68: the routes' `response`),
// beside ../payments/gateway-methods.ts, which holds the rules without zod for the pages that render them.
import { GATEWAY_METHODS_ALL, type UnavailableMethod } from '../payments/gateway-methods';
import { z } from '../zod';

export const gatewayMethodSchema = z.enum(GATEWAY_METHODS_ALL);

/** A way not offered for this amount or order, with why and the limit passed. */
export const unavailableMethodSchema = z.object({
  method: gatewayMethodSchema,
  reason: z.enum(['below_minimum', 'above_maximum', 'subscription']),
  /** Minor units (0 for `subscription`). */
  limit: z.int(),
}) satisfies z.ZodType<UnavailableMethod>;
