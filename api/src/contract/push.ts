// Web push: the VAPID key, a device's subscription and the shopper's topics, merged into
// CONTRACTS (registry.ts).
import { pushPreferenceSchema, pushSubscribeSchema, pushUnsubscribeSchema } from '#shared/api/push-schemas';
import type { RouteContract } from './route-contract';

export const PUSH_CONTRACTS = {
  'GET /push/key': {
    tag: 'push',
    summary:
      "The shop's VAPID public key (the browser's applicationServerKey) and whether pushes are sent or kept locally",
  },
  'POST /user/push/subscribe': {
    tag: 'push',
    summary:
      "Store this device's push subscription (https push-service endpoint, or a local: one outside production), linked to the signed-in shopper if any; 409 push_subscription_taken when the endpoint belongs to another device and account",
    body: pushSubscribeSchema,
  },
  'POST /user/push/unsubscribe': {
    tag: 'push',
    summary: "Remove a subscription of this device or of the signed-in shopper (404 for anyone else's)",
    body: pushUnsubscribeSchema,
  },
  'GET /user/push/preferences': {
    tag: 'push',
    summary: 'Which topics the shopper gets pushes for (all on until turned off) and how many devices receive them',
    user: true,
  },
  'POST /user/push/preferences': {
    tag: 'push',
    summary: 'Turn pushes for one topic on or off',
    body: pushPreferenceSchema,
    user: true,
  },
} as const satisfies Record<string, RouteContract>;
