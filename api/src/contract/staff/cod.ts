// The shop's own drivers and cash on delivery settled (issue 62).
import { z } from '#shared/zod';
import {
  driverDeliveredSchema,
  driverFailedSchema,
  driverZoneSchema,
  handinSchema,
  remittanceFileSchema,
  stopAssignSchema,
  stopMoveSchema,
} from '#shared/api/cod-schemas';
import type { RouteContract } from '../route-contract';

const stopParams = z.object({ id: z.string().regex(/^[0-9]{1,12}$/) });

export const STAFF_COD_CONTRACTS = {
  'GET /staff/driver/day': {
    tag: 'staff',
    summary: 'The signed-in driver’s stops of today, in the order of her run, and whether the run has started',
    noDevice: true,
    staff: 'deliveries:drive',
  },
  'POST /staff/driver/run/start': {
    tag: 'staff',
    summary: 'Starts the driver’s run of today: every pending stop is picked up and out for delivery',
    noDevice: true,
    staff: 'deliveries:drive',
  },
  'POST /staff/driver/stops/:id{[0-9]+}/delivered': {
    tag: 'staff',
    summary:
      'Marks one of the driver’s own stops delivered: who received it, and the cash collected (the full amount, or less with a note); another driver’s stop is 404',
    params: stopParams,
    body: driverDeliveredSchema,
    noDevice: true,
    staff: 'deliveries:drive',
  },
  'POST /staff/driver/stops/:id{[0-9]+}/failed': {
    tag: 'staff',
    summary: 'Marks one of the driver’s own stops failed, with a reason; another driver’s stop is 404',
    params: stopParams,
    body: driverFailedSchema,
    noDevice: true,
    staff: 'deliveries:drive',
  },
  'GET /staff/deliveries': {
    tag: 'staff',
    summary:
      'A day’s own-driver stops in Kuwait by driver (and those to assign), the drivers, and the areas they serve',
    query: z.object({
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    }),
    noDevice: true,
    staff: 'orders:read',
  },
  'POST /staff/deliveries/assign': {
    tag: 'staff',
    summary: 'Gives a pending stop to a driver (last on her run), or back to the stops to assign',
    body: stopAssignSchema,
    noDevice: true,
    staff: 'orders:fulfil',
  },
  'POST /staff/deliveries/move': {
    tag: 'staff',
    summary: 'Moves a stop one place up or down its run',
    body: stopMoveSchema,
    noDevice: true,
    staff: 'orders:fulfil',
  },
  'POST /staff/deliveries/zones': {
    tag: 'staff',
    summary: 'Sets the driver who takes an area’s or a governorate’s parcels (none: removes it)',
    body: driverZoneSchema,
    noDevice: true,
    staff: 'orders:fulfil',
  },
  'GET /staff/cod': {
    tag: 'staff',
    summary:
      'Cash on delivery: expected, remitted and the difference per carrier and week; the parcels short, over or missing; the drivers’ hand-ins; recent statements',
    noDevice: true,
    staff: 'cod:reconcile',
  },
  'POST /staff/cod/remittances/preview': {
    tag: 'staff',
    summary:
      'Checks a carrier’s remittance statement (CSV) without changing anything: every line matched, short, over, unknown, in another currency, already matched or repeated',
    body: remittanceFileSchema,
    noDevice: true,
    staff: 'cod:reconcile',
  },
  'POST /staff/cod/remittances': {
    tag: 'staff',
    summary:
      'Imports a remittance statement in one batch; 409 with every line when any line is unknown, in another currency or already matched, or when the same file was imported before',
    body: remittanceFileSchema,
    noDevice: true,
    staff: 'cod:reconcile',
  },
  'POST /staff/cod/handins': {
    tag: 'staff',
    summary:
      'Records the cash a driver handed in for a day against the day’s delivered cash stops (a difference needs a note)',
    body: handinSchema,
    noDevice: true,
    staff: 'cod:reconcile',
  },
} satisfies Record<string, RouteContract>;
