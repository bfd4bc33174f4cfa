// Shipping from the back office (issue 62, decision 66): shipping orders in one step (orders:fulfil, the
// permission of the order's ship step), labels, manifests, pickups; the carrier rules (delivery:manage).
import { idParams } from '#shared/api/route-schemas';
import {
  carrierRulesSchema,
  labelsQuery,
  manifestQuery,
  pickupSchema,
  shipOrdersSchema,
  shipPartSchema,
  shippingListQuery,
} from '#shared/api/staff-shipping-schemas';
import type { RouteContract } from '../route-contract';

const base = { tag: 'staff', noDevice: true } as const;

export const STAFF_SHIPPING_CONTRACTS = {
  'GET /staff/shipping': {
    ...base,
    summary:
      'Orders ready to ship (confirmed or packed, or shipped in part) of a country, and the recent parcels: queued, refused, created',
    query: shippingListQuery,
    staff: 'orders:fulfil',
  },
  'POST /staff/shipping/ship': {
    ...base,
    summary:
      'Ships the chosen orders: one parcel each of what is still to ship, its carrier by the rules, queued for creation at the carrier',
    body: shipOrdersSchema,
    staff: 'orders:fulfil',
  },
  'POST /staff/shipping/orders/:id{[0-9]+}/parcel': {
    ...base,
    summary: 'Ships part of an order: a parcel of the chosen lines and counts; the rest waits for stock',
    params: idParams,
    body: shipPartSchema,
    badParams: 'not_found',
    staff: 'orders:fulfil',
  },
  'GET /staff/shipping/orders/:id{[0-9]+}/parcels': {
    ...base,
    summary: 'An order’s parcels (carrier, tracking number, status, refusal) and the lines still to ship',
    params: idParams,
    badParams: 'not_found',
    staff: 'orders:read',
  },
  'POST /staff/shipping/shipments/:id{[0-9]+}/retry': {
    ...base,
    summary: 'Tries a refused or waiting parcel at its carrier again (after the address was corrected)',
    params: idParams,
    badParams: 'not_found',
    staff: 'orders:fulfil',
  },
  'GET /staff/shipping/labels': {
    ...base,
    summary: 'The chosen parcels’ labels as one PDF, each page in its carrier’s size',
    query: labelsQuery,
    fileResponse: ['application/pdf'],
    staff: 'orders:fulfil',
  },
  'GET /staff/shipping/manifest': {
    ...base,
    summary: 'A carrier’s parcels of a day (Gulf date): tracking numbers, weights, cash to collect; JSON or CSV',
    query: manifestQuery,
    fileResponse: ['text/csv'],
    staff: 'orders:fulfil',
  },
  'POST /staff/shipping/pickups': {
    ...base,
    summary: 'Books a pickup with a carrier for a day’s created parcels; a refusal is recorded and shown',
    body: pickupSchema,
    staff: 'orders:fulfil',
  },
  'GET /staff/shipping/rules': {
    ...base,
    summary: 'Each country’s carrier choice rules in priority order',
    staff: 'orders:read',
  },
  'POST /staff/shipping/rules': {
    ...base,
    summary: 'Replaces a country’s carrier choice rules; needs delivery:manage there',
    body: carrierRulesSchema,
    staff: 'delivery:manage',
  },
} satisfies Record<string, RouteContract>;
