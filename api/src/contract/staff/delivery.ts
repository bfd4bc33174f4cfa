// The delivery promise's rules per country (issue 62, decision 65).
import {
  deliveryHolidayInputSchema,
  deliveryRulesInputSchema,
  deliverySpeedInputSchema,
} from '#shared/api/delivery-rules-schemas';
import type { RouteContract } from '../route-contract';

export const STAFF_DELIVERY_CONTRACTS = {
  'GET /staff/settings/delivery': {
    tag: 'staff',
    summary:
      'Each country’s delivery rules: working days, cut-offs (Ramadan’s too), speeds with zones, days on the way and fees, and the next twelve months’ holidays',
    noDevice: true,
    staff: 'orders:read',
  },
  'POST /staff/settings/delivery/rules': {
    tag: 'staff',
    summary: 'Sets a country’s dispatch and delivery days and its cut-offs; needs delivery:manage there',
    body: deliveryRulesInputSchema,
    noDevice: true,
    staff: 'delivery:manage',
  },
  'POST /staff/settings/delivery/speeds': {
    tag: 'staff',
    summary: 'Sets one speed of a country: on or off, its zones, days on the way and fee; needs delivery:manage there',
    body: deliverySpeedInputSchema,
    noDevice: true,
    staff: 'delivery:manage',
  },
  'POST /staff/settings/delivery/holidays': {
    tag: 'staff',
    summary:
      'Closes a day (a holiday the government announced, Eid moved by the sighting) or opens a default one; needs delivery:manage there',
    body: deliveryHolidayInputSchema,
    noDevice: true,
    staff: 'delivery:manage',
  },
} satisfies Record<string, RouteContract>;
