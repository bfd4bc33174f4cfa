// The tiers and the kinds of points lines (issue 47): the lists both the types (./types.ts) and the
// answers' schemas (./answer-schemas.ts) are made from.
export const TIERS = ['bronze', 'silver', 'gold'] as const;

export const POINTS_KINDS = [
  'earn_order',
  'earn_blood_test',
  'earn_consultation',
  'earn_review',
  'earn_birthday',
  'earn_referral',
  'spend',
  'spend_return',
  'earn_reversal',
  'expiry',
  'adjustment',
] as const;
