// A parcel's fixed choices (decision 66, the shipments table): the carriers that take it and the steps it
// goes through, for the carriers' adapters and every answer that names them. No zod: read as plain lists.

/** The shop's parcel carriers (shipments.carrier): 'local' the sandbox's, 'own' the shop's drivers. */
export const PARCEL_CARRIERS = ['local', 'aramex', 'smsa', 'dhl', 'own'] as const;

/** The carriers that come to collect parcels (a pickup to book); the shop's own drivers load at its store. */
const PICKUP_CARRIERS = [
  'local',
  'aramex',
  'smsa',
  'dhl',
] as const satisfies readonly (typeof PARCEL_CARRIERS)[number][];

/** Whether a carrier's parcels need a pickup booked. */
export function needsPickup(carrier: string): boolean {
  return (PICKUP_CARRIERS as readonly string[]).includes(carrier);
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
