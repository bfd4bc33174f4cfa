// Subscribe and save (decision 45): the shopper's /subscriptions routes, merged into CONTRACTS (registry.ts).
import { idParams } from '#shared/api/route-schemas';
import { subscriptionChangeSchema } from '#shared/subscriptions/schemas';
import type { RouteContract } from './route-contract';

const own = { params: idParams, badParams: 'not_found', user: true } as const;

export const SUBSCRIPTION_CONTRACTS = {
  'GET /subscriptions': {
    tag: 'subscriptions',
    summary:
      "The shopper's subscriptions: product, quantity, frequency (and the ones the product offers), next delivery and order dates, the next order's unit price after the discount, address, how it is paid and the latest run (a failed one says why)",
    user: true,
  },
  'POST /subscriptions/:id{[0-9]+}': {
    tag: 'subscriptions',
    summary:
      'Change one thing: skip the next delivery, move its date (4–180 days ahead), the frequency, the quantity, the address, card or wallet; pause, resume or cancel. Answers the subscription as it now is',
    ...own,
    body: subscriptionChangeSchema,
  },
  'POST /subscriptions/:id{[0-9]+}/retry': {
    tag: 'subscriptions',
    summary:
      'Try again now the order of a failed run that placed none (out of stock, no card, wallet short), within 7 days of its date; a declined card is paid from its order instead',
    ...own,
  },
} satisfies Record<string, RouteContract>;
