// The blood-test list's parameter rules, shared by the API's schema (blood-test-schemas.ts) and the
// page's URL reading (url-query.ts): their own module, so neither of those imports the other's values.
import type { BloodTestSort } from './catalogue-types';

export const BLOOD_TEST_SORTS = [
  'popularity',
  'price_asc',
  'price_desc',
  'name',
] as const satisfies readonly BloodTestSort[];
export const BLOOD_TEST_CATEGORY_SLUG = /^[a-z0-9-]{1,80}$/;
export const BLOOD_TEST_MAX_PRICE = /^[0-9]{1,9}$/;
