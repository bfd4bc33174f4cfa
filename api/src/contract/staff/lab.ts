// The back office's Blood tests area: the day's visits, results entry and second-person
// approval, the test catalogue's prices, collection capacity and blackout days. Health data: every
// read of patients or results writes an audit row, every change too.
import { idParams } from '#shared/api/route-schemas';
import {
  blackoutRemoveSchema,
  blackoutSchema,
  capacityQuerySchema,
  capacityRemoveSchema,
  capacitySchema,
  labOrderBodySchema,
  nurseActiveSchema,
  nurseCreateSchema,
  resultsSaveSchema,
  testActiveSchema,
  testPriceSchema,
  visitNurseSchema,
  visitsQuerySchema,
} from '#shared/api/staff-lab-schemas';
import type { RouteContract } from '../route-contract';

const lab = { tag: 'staff', noDevice: true } as const;

export const STAFF_LAB_CONTRACTS = {
  'GET /staff/visits': {
    ...lab,
    summary:
      "The day's blood-test visits per zone (default today, Gulf time) with patient, window, address, tests, payment",
    query: visitsQuerySchema,
    staff: 'visits:read',
  },
  'POST /staff/visits/collect': {
    ...lab,
    summary: 'Mark a visit’s sample collected (booked → sample_collected)',
    body: labOrderBodySchema,
    staff: 'visits:collect',
  },
  'POST /staff/visits/nurse': {
    ...lab,
    summary: 'Assign a booked visit to one of the lab’s nurses of its country (clears an earlier confirmation)',
    body: visitNurseSchema,
    staff: 'visits:collect',
  },
  'POST /staff/visits/confirm': {
    ...lab,
    summary: 'Confirm a booked visit that has its nurse; the shopper gets a mail naming the nurse and the time',
    body: labOrderBodySchema,
    staff: 'visits:collect',
  },
  'GET /staff/nurses': {
    ...lab,
    summary: 'The lab’s nurses in the countries the grant allows, active first',
    staff: 'bloodtests:read',
  },
  'POST /staff/nurses': {
    ...lab,
    summary: 'Add a nurse (name and mobile number of that country)',
    body: nurseCreateSchema,
    staff: 'bloodtests:write',
  },
  'POST /staff/nurses/active': {
    ...lab,
    summary: 'Take a nurse off the list, or back on it',
    body: nurseActiveSchema,
    staff: 'bloodtests:write',
  },
  'POST /staff/visits/atLab': {
    ...lab,
    summary: 'Mark a collected sample as received by the lab (sample_collected → at_lab)',
    body: labOrderBodySchema,
    staff: 'visits:collect',
  },
  'GET /staff/results': {
    ...lab,
    summary: 'Orders whose results are awaited: to enter, or entered and waiting for a second person’s approval',
    staff: 'results:read',
  },
  'GET /staff/results/:id{[0-9]+}': {
    ...lab,
    summary: "An order's biomarkers with their results, who entered and approved them",
    params: idParams,
    staff: 'results:read',
  },
  'POST /staff/results/save': {
    ...lab,
    summary: 'Enter or change results (a change clears the result’s approval; refused once released)',
    body: resultsSaveSchema,
    staff: 'results:enter',
  },
  'POST /staff/results/approve': {
    ...lab,
    summary: "Approve an order's results as a second person; releases them to the shopper (results_ready) with a mail",
    body: labOrderBodySchema,
    staff: 'results:approve',
  },
  'GET /staff/bloodTests': {
    ...lab,
    summary: 'The blood-test catalogue with each SKU’s price and old price per country and the active flag',
    staff: 'bloodtests:read',
  },
  'POST /staff/bloodTests/price': {
    ...lab,
    summary: "Set a blood-test SKU's price and old price in a country (major units as typed)",
    body: testPriceSchema,
    staff: 'bloodtests:write',
  },
  'POST /staff/bloodTests/active': {
    ...lab,
    summary: 'Offer or withdraw a blood test (every country: needs an unrestricted grant)',
    body: testActiveSchema,
    staff: 'bloodtests:write',
  },
  'GET /staff/bloodTests/capacity': {
    ...lab,
    summary: 'Collection places per zone and window (where not the default) and blackout days',
    query: capacityQuerySchema,
    staff: 'bloodtests:read',
  },
  'POST /staff/bloodTests/capacity': {
    ...lab,
    summary: "Set a zone's places in a window",
    body: capacitySchema,
    staff: 'bloodtests:write',
  },
  'POST /staff/bloodTests/capacity/remove': {
    ...lab,
    summary: "Return a zone's window to the default places",
    body: capacityRemoveSchema,
    staff: 'bloodtests:write',
  },
  'POST /staff/bloodTests/blackout': {
    ...lab,
    summary: 'Add a day without collections in a country (a holiday)',
    body: blackoutSchema,
    staff: 'bloodtests:write',
  },
  'POST /staff/bloodTests/blackout/remove': {
    ...lab,
    summary: 'Remove a blackout day',
    body: blackoutRemoveSchema,
    staff: 'bloodtests:write',
  },
} as const satisfies Record<string, RouteContract>;
