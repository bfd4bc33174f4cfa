// The shopper's blood-test results page: its two routes, merged into CONTRACTS (registry.ts).
import {
  bloodTestProfileBody,
  bloodTestResultsQuery,
  bloodTestUnitsBody,
} from '#shared/api/blood-test-results-schemas';
import type { RouteContract } from './route-contract';

export const BLOOD_TEST_RESULTS_CONTRACTS = {
  'GET /user/bloodtest/results': {
    tag: 'blood-test-results',
    summary:
      "One person's blood-test history (the account holder's shop-order and uploaded results, or `patient`'s shop-order results): each marker in the preferred unit against the range for their sex and age, the trend, and the suggestions with their reason and products",
    query: bloodTestResultsQuery,
    user: true,
  },
  'POST /user/bloodtest/profile': {
    tag: 'blood-test-results',
    summary: "Save the account holder's sex, date of birth and preferred unit system for reading results",
    body: bloodTestProfileBody,
    user: true,
  },
  'POST /user/bloodtest/units': {
    tag: 'blood-test-results',
    summary: 'Save only the preferred unit system (SI or conventional) for reading results',
    body: bloodTestUnitsBody,
    user: true,
  },
} as const satisfies Record<string, RouteContract>;
