// The back office's route contracts (issue 14, decision 27), one file per area, merged here. Each
// entry names the permission its route needs (RouteContract.staff); contract() checks it.
import type { RouteContract } from '../registry';
import { STAFF_CORE_CONTRACTS } from './core';
import { STAFF_ORDER_CONTRACTS } from './orders';

export const STAFF_CONTRACTS = {
  ...STAFF_CORE_CONTRACTS,
  ...STAFF_ORDER_CONTRACTS,
} as const satisfies Record<string, RouteContract>;
