// The blood-test results calls' paths, without the results schemas: the profile pages link and call
// them as they render.
export const BT_RESULTS_PATHS = {
  /** GET; `?patient=<id>` reads a family member's shop-order results (their own patient record). */
  results: '/user/bloodtest/results',
  /** POST: the account holder's sex, date of birth and unit preference. */
  profile: '/user/bloodtest/profile',
  /** POST: the unit system alone (the page's switch; sex and date of birth may still be unknown). */
  units: '/user/bloodtest/units',
} as const;
