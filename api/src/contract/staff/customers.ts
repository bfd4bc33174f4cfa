// Customers: look-up, a shopper's page, wallet adjustments, data export and erasure.
import { idParams } from '#shared/api/route-schemas';
import { customerEraseSchema, customerSearchSchema, walletAdjustSchema } from '#shared/api/people-schemas';
import type { RouteContract } from '../route-contract';

const one = { params: idParams, badParams: 'not_found', noDevice: true, tag: 'staff' } as const;

export const STAFF_CUSTOMER_CONTRACTS = {
  'GET /staff/customers': {
    tag: 'staff',
    summary: 'Shoppers by e-mail (prefix), phone (digits) or name, within the countries the grant reaches',
    query: customerSearchSchema,
    noDevice: true,
    staff: 'customers:read',
  },
  'GET /staff/customers/:id': {
    ...one,
    summary: 'A shopper: details, orders, blood-test orders (count and status only), wallet and ledger',
    staff: 'customers:read',
  },
  'POST /staff/customers/:id/wallet': {
    ...one,
    summary: 'Credit or debit the wallet with a reason code and note; the ledger and balance change together',
    body: walletAdjustSchema,
    staff: 'customers:wallet',
  },
  'GET /staff/customers/:id/export': {
    ...one,
    summary: 'Everything the shop holds about the shopper (data export on request); audited',
    staff: 'customers:export',
  },
  'POST /staff/customers/:id/erase': {
    ...one,
    summary: "Erase the shopper's personal data on request (their e-mail typed again); orders keep their amounts",
    body: customerEraseSchema,
    staff: 'customers:erase',
  },
  'POST /staff/customers/:id/data-export': {
    ...one,
    summary:
      'Prepare the shopper’s data archive on her request (decision 49): it is mailed to her and offered on her account page, never to staff; audited. 409 while one is open',
    staff: 'customers:export',
  },
  'GET /staff/data-requests': {
    tag: 'staff',
    summary: 'The latest data requests (exports and erasures) with who asked, status and dates; audited',
    noDevice: true,
    staff: 'customers:export',
  },
} as const satisfies Record<string, RouteContract>;
