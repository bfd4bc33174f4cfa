// The delivery speeds a shop may offer (decision 65), on their own so that the checkout's schemas take
// the names without the promise's rules and calendar.
export const DELIVERY_SPEEDS = ['same_day', 'next_day', 'standard'] as const;
export type DeliverySpeed = (typeof DELIVERY_SPEEDS)[number];
