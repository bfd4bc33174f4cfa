// The nutritionist's side of the back office (issue 46): weekly hours and days off, the day's
// bookings, a booking (its health part only for the consultation's own nutritionist), notes and the
// summary, the recommendation list with its safety gates, sharing with the shopper, outcome marks, and
// the owner's earnings. Every view of health data and every change writes an audit row.
import { idParams } from '#shared/api/route-schemas';
import {
  dayOffSchema,
  earningsQuery,
  hoursSchema,
  markSchema,
  notesSchema,
  practiceDayQuery,
  practiceWhoQuery,
  productSearchQuery,
  recommendationsSchema,
  sharedFileParams,
} from '#shared/api/staff-practice-schemas';
import { UPLOAD_TYPES } from '#shared/api/blood-test-upload-schemas';
import type { RouteContract } from '../route-contract';

const practice = { tag: 'staff', noDevice: true } as const;

export const STAFF_PRACTICE_CONTRACTS = {
  'GET /staff/consultations/day': {
    ...practice,
    summary:
      "A nutritionist's bookings of one Gulf day (default today): time, the shopper's first name, service, mode, status; the owner may name any nutritionist",
    query: practiceDayQuery,
    staff: 'consultations:read',
  },
  'GET /staff/consultations/hours': {
    ...practice,
    summary: "A nutritionist's weekly hours (Gulf minutes, per service or all), days off from today, and services",
    query: practiceWhoQuery,
    staff: 'consultations:read',
  },
  'POST /staff/consultations/hours': {
    ...practice,
    summary: 'Replace the weekly hours (no overlap for the same service, end after start, 5-minute steps); audited',
    body: hoursSchema,
    staff: 'consultations:write',
  },
  'POST /staff/consultations/daysOff': {
    ...practice,
    summary: 'Add a day off (a Gulf date from today to a year ahead); audited',
    body: dayOffSchema,
    staff: 'consultations:write',
  },
  'POST /staff/consultations/daysOff/remove': {
    ...practice,
    summary: 'Remove a day off; audited',
    body: dayOffSchema,
    staff: 'consultations:write',
  },
  'GET /staff/consultations/earnings': {
    ...practice,
    summary:
      'Per nutritionist and currency for a Gulf month: sessions held, no-shows, gross, refunds, net, the shop’s share and the nutritionist’s part',
    query: earningsQuery,
    staff: 'consultations:manage',
  },
  'GET /staff/consultations/earnings/csv': {
    ...practice,
    summary: 'The month’s earnings report as CSV (amounts as decimals of each currency, never converted)',
    query: earningsQuery,
    fileResponse: ['text/csv'],
    staff: 'consultations:manage',
  },
  'GET /staff/consultations/:id{[0-9]+}': {
    ...practice,
    summary:
      'A booking: schedule and what each outcome mark refunds; for its own nutritionist also the intake, past orders, shared results, previous notes, notes, summary and list (audited)',
    params: idParams,
    staff: 'consultations:read',
  },
  'GET /staff/consultations/:id{[0-9]+}/uploads/:upload{[0-9]+}/files/:fileId{[0-9a-f]+}': {
    ...practice,
    summary:
      "A file of a blood-test result the shopper shared in the intake, decrypted (an attachment; sandboxed, never cached); the consultation's own nutritionist only; audited",
    params: sharedFileParams,
    fileResponse: UPLOAD_TYPES,
    staff: 'consultations:read',
  },
  'GET /staff/consultations/:id{[0-9]+}/products': {
    ...practice,
    summary:
      'Catalogue SKUs for the recommendation list (name, product or SKU id), each with the warnings it raises for her',
    params: idParams,
    query: productSearchQuery,
    staff: 'consultations:write',
  },
  'POST /staff/consultations/:id{[0-9]+}/notes': {
    ...practice,
    summary: 'Save the private notes and the summary for the shopper (sealed)',
    params: idParams,
    body: notesSchema,
    staff: 'consultations:write',
  },
  'POST /staff/consultations/:id{[0-9]+}/recommendations': {
    ...practice,
    summary:
      'Save the recommendation list whole; an item with a safety warning (upper limit, pregnancy, drug interaction) needs an acknowledging reason (422 otherwise), each acknowledgement audited',
    params: idParams,
    body: recommendationsSchema,
    staff: 'consultations:write',
  },
  'POST /staff/consultations/:id{[0-9]+}/share': {
    ...practice,
    summary: 'Share the summary and the list with the shopper (needs a summary); she is told',
    params: idParams,
    staff: 'consultations:write',
  },
  'POST /staff/consultations/:id{[0-9]+}/mark': {
    ...practice,
    summary:
      'Mark what happened (held, shopper late, shopper no-show, nutritionist no-show, call failed) from the start time; the refund rules follow',
    params: idParams,
    body: markSchema,
    staff: 'consultations:write',
  },
} as const satisfies Record<string, RouteContract>;
