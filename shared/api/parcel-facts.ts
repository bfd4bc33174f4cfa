// A parcel's fixed choices (decision 66, the shipments table): the carriers that take it and the steps it
// goes through, for the carriers' adapters and every answer that names them. No zod: read as plain lists.

/** The shop's parcel carriers (shipments.carrier): 'local' the sandbox's, 'own' the shop's drivers. */
export const PARCEL_CARRIERS = ['local', 'aramex', 'smsa', 'dhl', 'own'] as const;

/**
 * The carriers the shop runs itself (api/src/carriers/status-marks.ts): their events' code and words are
 * only the status in English, and a failed attempt's reason is the driver's choice (cod-schemas.ts
 * FAIL_REASONS, "<choice>" or "<choice>: note"), so pages write both in their own words.
 */
const SHOP_RUN_CARRIERS: readonly string[] = ['local', 'own'] satisfies (typeof PARCEL_CARRIERS)[number][];

export const isShopRunCarrier = (carrier: string): boolean => SHOP_RUN_CARRIERS.includes(carrier);

/**
 * How each carrier's parcels leave the shop: 'book' a pickup through the carrier's API for the day;
 * 'daily' collected by the account's standing daily pickup agreed with the carrier (SMSA's API books
 * none, so offering a booking there could only fail); 'none' the shop's own drivers load at its store.
 */
const PICKUP_KINDS = {
  local: 'book',
  aramex: 'book',
  smsa: 'daily',
  dhl: 'book',
  own: 'none',
} as const satisfies Record<(typeof PARCEL_CARRIERS)[number], 'book' | 'daily' | 'none'>;

export type PickupKind = (typeof PICKUP_KINDS)[keyof typeof PICKUP_KINDS];

/** How a carrier's parcels are collected ('none' for a carrier the shop does not know). */
export function pickupKind(carrier: string): PickupKind {
  return (PICKUP_KINDS as Record<string, PickupKind>)[carrier] ?? 'none';
}

/** Whether a carrier's parcels need a pickup booked. */
export function needsPickup(carrier: string): boolean {
  return pickupKind(carrier) === 'book';
}

/** A parcel's steps as every carrier's codes map onto them, in the order a parcel normally moves. */
export const PARCEL_STATUSES = [
  'created',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'failed_attempt',
  'delivered',
  'returning',
  'returned',
  'cancelled',
] as const;

/** A parcel's step (api/src/db/rows.ts ShipmentStatus): queued and refused before a carrier took it. */
export const SHIPMENT_STATUSES = ['queued', 'refused', ...PARCEL_STATUSES] as const;
