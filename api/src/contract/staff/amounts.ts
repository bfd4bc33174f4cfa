// Amounts per country (decision 52): what the country's owner sets, in its own currency.
import { countryAmountsInputSchema } from '#shared/api/country-amounts-schemas';
import type { RouteContract } from '../route-contract';

export const STAFF_AMOUNT_CONTRACTS = {
  'GET /staff/settings/amounts': {
    tag: 'staff',
    summary:
      'Each country’s own amounts, minor units of its currency with VAT included: free delivery, the price filter’s quick choice and range, the unlock modal’s margin, the largest wallet top-up',
    noDevice: true,
    staff: 'promotions:read',
  },
  'POST /staff/settings/amounts': {
    tag: 'staff',
    summary:
      'Sets one country’s amounts, typed in its currency (at most its decimals); needs promotions:write in that country',
    body: countryAmountsInputSchema,
    noDevice: true,
    staff: 'promotions:write',
  },
} satisfies Record<string, RouteContract>;
