// The back office's route contracts (decision 27), one file per area, merged here. Each
// entry names the permission its route needs (RouteContract.staff); contract() checks it.
import type { RouteContract } from '../route-contract';
import { STAFF_CATALOGUE_CONTRACTS } from './catalogue';
import { STAFF_IMPORT_CONTRACTS } from './catalogue-import';
import { STAFF_CORE_CONTRACTS } from './core';
import { STAFF_CUSTOMER_CONTRACTS } from './customers';
import { STAFF_LAB_CONTRACTS } from './lab';
import { STAFF_ORDER_CONTRACTS } from './orders';
import { STAFF_PROMOTION_CONTRACTS } from './promotions';
import { STAFF_SEARCH_CONTRACTS } from './search';
import { STAFF_TEAM_CONTRACTS } from './team';
import { STAFF_ALERT_CONTRACTS } from './alerts';
import { STAFF_PROMOTION_RULE_CONTRACTS } from './promotion-rules';
import { STAFF_QUIZ_CONTRACTS } from './quiz';
import { STAFF_REVIEW_CONTRACTS } from './reviews';
import { STAFF_SUBSCRIPTION_CONTRACTS } from './subscriptions';
import { STAFF_AMOUNT_CONTRACTS } from './amounts';
import { STAFF_DELIVERY_CONTRACTS } from './delivery';
import { STAFF_SHIPPING_CONTRACTS } from './shipping';
import { STAFF_CONSULTATION_CALL_CONTRACTS } from './consultation-call';
import { STAFF_PRACTICE_CONTRACTS } from './consultation-practice';
import { STAFF_LOYALTY_CONTRACTS } from './loyalty';
import { STAFF_COD_CONTRACTS } from './cod';
import { STAFF_RETURN_CONTRACTS } from './returns';

export const STAFF_CONTRACTS = {
  ...STAFF_CORE_CONTRACTS,
  ...STAFF_TEAM_CONTRACTS,
  ...STAFF_LAB_CONTRACTS,
  ...STAFF_CATALOGUE_CONTRACTS,
  ...STAFF_IMPORT_CONTRACTS,
  ...STAFF_CUSTOMER_CONTRACTS,
  ...STAFF_PROMOTION_CONTRACTS,
  ...STAFF_SEARCH_CONTRACTS,
  ...STAFF_ORDER_CONTRACTS,
  ...STAFF_ALERT_CONTRACTS,
  ...STAFF_PROMOTION_RULE_CONTRACTS,
  ...STAFF_QUIZ_CONTRACTS,
  ...STAFF_REVIEW_CONTRACTS,
  ...STAFF_SUBSCRIPTION_CONTRACTS,
  ...STAFF_AMOUNT_CONTRACTS,
  ...STAFF_DELIVERY_CONTRACTS,
  ...STAFF_SHIPPING_CONTRACTS,
  ...STAFF_CONSULTATION_CALL_CONTRACTS,
  ...STAFF_PRACTICE_CONTRACTS,
  ...STAFF_LOYALTY_CONTRACTS,
  ...STAFF_COD_CONTRACTS,
  ...STAFF_RETURN_CONTRACTS,
} as const satisfies Record<string, RouteContract>;
